package feature

import (
	"errors"
	"fmt"
	"math"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/internal/heavy"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// featureLimit is the most examples the feature view projects (a
// subsample beyond: see learn.ProjectionInput.Project). The projection's
// eigendecomposition costs O(n³): 80 ms at 400 points, 1.1 s at
// learn.ProjectionLimit (go test -bench Project ./learn), off the UI path.
const featureLimit = 400

// FeatureView is the feature space of the kernel trick (seed 001: "map
// p = (x₁, x₂) to (x₁², x₂², √2·x₁x₂) where the o's and x's are linearly
// separable"): the training points as φ(xᵢ), or as their projection onto
// w and the top kernel-PCA directions when φ has more than three features
// or none that is finite, with the boundary as the plane it is there. It
// opens edge-on (u₁ along w across, the plane a line between its two
// tinted sides), labels the points whose φ coincide, and writes w and f
// under the picture, wrapped, never cut. The arrows and a mouse drag turn
// it.
type FeatureView struct {
	s    Session
	Th   *common.Theme
	w, h int
	cam  camera

	// The last computed scene, for session state (built, version); gen
	// counts requests so a stale result is dropped.
	space      *FeatureSpace
	built, ver int
	gen        int
	pending    bool
	// dragging is true while a mouse button is held on the panel; dragX,
	// dragY where the mouse was last.
	dragging     bool
	dragX, dragY int
	// drawn is the panel as refresh last drew it, for drawnFor: View only
	// reads it.
	drawn    []string
	drawnFor featureDrawKey
}

// featureDrawKey is everything the drawing depends on.
type featureDrawKey struct {
	space      *FeatureSpace
	th         *common.Theme
	cam        camera
	w, h       int
	t, version int
	focus      int
	pending    bool
}

// FeatureSpace is one computed picture of feature space.
type FeatureSpace struct {
	points [][3]float64
	index  []int // which example each point is
	normal [3]float64
	offset float64
	// margins are the offsets of the SVM's margin planes f = +1 and
	// f = −1 along the same normal (none for the perceptron).
	margins []float64
	axes    []SceneAxis
	// frame turns the points' coordinates into the view's: across (along
	// w), into the screen, up (see edgeFrame).
	frame [3][3]float64
	// groups are the points whose φ coincide (see coincideTol), as
	// examples' indices, each group ascending and at least two long.
	groups [][]int
	// name and detail make the title: "feature space", "φ(x) = (…)"; the
	// detail moves under the picture when the title has no room for it.
	name, detail string
	// plane is the flat picture of points on a line, (x, x²), drawn in
	// place of the scene (line.go); nil for the scene.
	plane *planeScene
	notes []note // what the picture shows, written out
}

// note is a text under the picture; rank orders which are kept when not
// all fit (0 first): a note is shown whole, wrapped, or not at all.
type note struct {
	text string
	rank int
}

// The notes' ranks: what the view cannot show, then the function, which
// points coincide, w, and the rest.
const (
	rankExplain = iota
	rankFunction
	rankCoincide
	rankWeights
	rankNorm
	rankReason
	rankSample
)

// FeatureMsg carries a computed feature space back to the UI.
type FeatureMsg struct {
	gen   int
	space *FeatureSpace
}

func NewFeatureView(s Session) *FeatureView {
	return &FeatureView{s: s, cam: defaultCamera}
}

// SetSize sets the panel's size, border included.
func (f *FeatureView) SetSize(w, h int) { f.w, f.h = w, h }

// Update takes computed feature spaces; the root routes keys to turn.
func (f *FeatureView) Update(msg tea.Msg) tea.Cmd {
	if msg, ok := msg.(FeatureMsg); ok && msg.gen == f.gen {
		f.space, f.pending = msg.space, false
	}
	return nil
}

// Request starts computing the feature space of the current state unless
// it is computed or on its way; the copy of the learner is made here, the
// work in the command.
func (f *FeatureView) Request() tea.Cmd {
	if (f.space != nil || f.pending) && f.built == f.s.Built() && f.ver == f.s.Version() {
		return nil
	}
	f.built, f.ver = f.s.Built(), f.s.Version()
	f.gen++
	f.pending = true
	gen, p := f.gen, f.s.Learner()
	in := learn.ProjectionInputOf(p)
	frozen := learn.Freeze(p)
	bias, svm, oneD := p.Config().Bias, f.s.Dual() != nil, f.s.OneD()
	return func() tea.Msg {
		return FeatureMsg{gen, heavy.Do(func() *FeatureSpace { return computeFeatureSpace(in, frozen, bias, svm, oneD) })}
	}
}

// Flat reports that the view is the plane (x, x²) of points on a line
// (line.go), which does not turn.
func (f *FeatureView) Flat() bool {
	cfg := f.s.Learner().Config()
	return f.s.OneD() && PlaneOf(cfg.Kernel, cfg.Bias)
}

// turn rotates the camera: dx turns it about the up axis, dy tilts it, in
// steps of 15°; pitch stays within ±90°.
func (f *FeatureView) turn(dx, dy float64) {
	const step = math.Pi / 12
	f.cam.yaw = math.Mod(f.cam.yaw+dx*step, 2*math.Pi)
	f.cam.pitch = max(-math.Pi/2, min(math.Pi/2, f.cam.pitch+dy*step))
}

// TurnKey turns the view for an arrow key: 15° a press, shifted or not.
func (f *FeatureView) TurnKey(name string) {
	dir, _ := strings.CutPrefix(name, "shift+")
	d := map[string][2]float64{"left": {-1, 0}, "right": {1, 0}, "up": {0, 1}, "down": {0, -1}}[dir]
	f.turn(d[0], d[1])
}

// Mouse turns the view by a drag: a press starts it, each motion turns by
// the cells moved (a cell across is 5°, a cell down 10°), a release ends it.
func (f *FeatureView) Mouse(msg tea.MouseMsg) {
	if f.Flat() {
		return // the plane (x, x²) does not turn
	}
	ms := msg.Mouse()
	switch msg.(type) {
	case tea.MouseClickMsg:
		f.dragging, f.dragX, f.dragY = true, ms.X, ms.Y
	case tea.MouseMotionMsg:
		if f.dragging {
			f.turn(float64(ms.X-f.dragX)/3, float64(ms.Y-f.dragY)*2/3)
			f.dragX, f.dragY = ms.X, ms.Y
		}
	case tea.MouseReleaseMsg:
		f.dragging = false
	}
}

// computeFeatureSpace builds the picture: the explicit φ when it has at
// most three features (its axes named), else the projection u; with
// margins, the SVM's margin planes f = ±1 beside the boundary f = 0. The
// frame turns it edge-on (edgeFrame), and points whose φ coincide are
// found (coinciding).
func computeFeatureSpace(in learn.ProjectionInput, e learn.Expansion, bias, margins, oneD bool) *FeatureSpace {
	fs := &FeatureSpace{}
	primal, perr := learn.Weights(e)
	if perr == nil && oneD {
		// Points on a line: φ there, without the features that are 0 on
		// it; (x, x²) is the notes' plane.
		primal = primal.OnLine()
		if planar(primal.Map) {
			return planeSpace(in, e, primal, margins)
		}
	}
	if perr == nil && primal.Map.Dim() <= 3 {
		m := primal.Map
		fs.name, fs.detail = "feature space", m.String()
		for k := range m.Dim() {
			var dir [3]float64
			dir[k] = 1
			fs.axes = append(fs.axes, SceneAxis{dir: dir, name: m.Names[k]})
			fs.normal[k] = primal.W[k]
		}
		// f(x) = w·φ(x) + b: the plane f = 0 is w·φ = −b, the margins
		// f = ±1 are w·φ = ±1 − b (seed 004).
		fs.offset = -primal.B
		if margins {
			fs.margins = []float64{fs.offset + 1, fs.offset - 1}
		}
		for i, x := range in.X {
			var p [3]float64
			copy(p[:], m.Phi(x))
			fs.points = append(fs.points, p)
			fs.index = append(fs.index, i)
		}
		fs.frame = edgeFrame(fs.points, fs.normal)
		if nw := norm3(fs.normal); nw > 0 {
			// The direction of w, across the screen: u₁ = w·φ/‖w‖, which
			// is f/‖w‖ when b = 0.
			name := "u₁=f/‖w‖"
			if primal.B != 0 {
				name = "u₁=(f−b)/‖w‖"
			}
			fs.axes = append(fs.axes, SceneAxis{dir: scale3(fs.normal, 1/nw), name: name})
		}
		fs.groups = coinciding(fs.points, fs.index, func(a, b int) bool {
			return sameVector(fs.points[a], fs.points[b])
		})
		plane := primal.Function() + " = 0 is the plane"
		if norm3(fs.normal) == 0 {
			plane = primal.Function() + " everywhere: w = 0, no plane yet"
		}
		fs.notes = append(fs.notes, note{primal.String(), rankWeights}, note{plane, rankFunction})
		fs.addCoincideNote()
		return fs
	}
	proj, err := in.Project(featureLimit)
	if err != nil {
		fs.name = "feature space"
		fs.notes = []note{{"no picture: " + err.Error(), rankExplain}}
		return fs
	}
	fs.points, fs.index = proj.U, proj.Index
	fs.name, fs.detail = "feature space, projected", "u₁ along w, u₂ u₃ kernel PCA"
	fs.axes = []SceneAxis{{dir: [3]float64{1, 0, 0}, name: "u₁"}, {dir: [3]float64{0, 1, 0}, name: "u₂"}, {dir: [3]float64{0, 0, 1}, name: "u₃"}}
	// u₁ across, u₂ (the larger spread of the two) up, u₃ into the screen.
	fs.frame = [3][3]float64{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}
	if proj.AlongW {
		fs.normal, fs.offset = [3]float64{1, 0, 0}, proj.PlaneAt
		fs.axes[0].name = "u₁=f/‖w‖"
		// u₁ = (f − b)/‖w‖, so f = ±1 is u₁ = (±1 − b)/‖w‖ = PlaneAt ± 1/‖w‖.
		if margins && proj.HasNorm && proj.NormW > 0 {
			fs.margins = []float64{proj.PlaneAt + 1/proj.NormW, proj.PlaneAt - 1/proj.NormW}
		}
	} else {
		fs.detail = "u₁ u₂ u₃ kernel PCA"
	}
	switch {
	case perr == nil:
		fs.notes = append(fs.notes, note{fmt.Sprintf("φ has %d features: %s", primal.Map.Dim(), primal.Function()), rankFunction})
	case errors.Is(perr, learn.ErrInfinite):
		fs.notes = append(fs.notes, note{"φ is infinite-dimensional (RBF: the notes' Taylor series of exp); K gives the picture", rankFunction})
	case errors.Is(perr, learn.ErrIndefinite):
		fs.notes = append(fs.notes, note{"no φ in general: this kernel is not positive semi-definite (Mercer)", rankFunction})
	default:
		fs.notes = append(fs.notes, note{"no explicit φ: " + perr.Error(), rankFunction})
	}
	// Without a feature space (K not PSD) no two points are "the same φ".
	if !proj.Indefinite && !errors.Is(perr, learn.ErrIndefinite) {
		kii := make([]float64, len(fs.index))
		for k, i := range fs.index {
			kii[k] = in.Kernel.Eval(in.X[i], in.X[i])
		}
		fs.groups = coinciding(fs.points, fs.index, func(a, b int) bool {
			return sameByKernel(kii[a], kii[b], in.Kernel.Eval(in.X[fs.index[a]], in.X[fs.index[b]]))
		})
		fs.addCoincideNote()
	}
	if proj.HasNorm {
		share := ""
		if proj.EigenSum > 0 {
			share = fmt.Sprintf("; u₂, u₃ hold %s%% of the rest's spread", learn.Num(math.Round(100*(proj.Eigen[1]+proj.Eigen[2])/proj.EigenSum)))
		}
		fs.notes = append(fs.notes, note{"‖w‖ = " + learn.Num(proj.NormW) + share, rankNorm})
	}
	if proj.Reason != "" {
		fs.notes = append(fs.notes, note{proj.Reason, rankReason})
	}
	if proj.Subsampled {
		fs.notes = append(fs.notes, note{proj.Sample, rankSample})
	}
	return fs
}

// View draws the panel in exactly its size, as refresh drew it.
func (f *FeatureView) View() string {
	if len(f.drawn) != max(0, f.h) {
		return strings.Join(common.Blank(max(0, f.w), max(0, f.h)), "\n")
	}
	return strings.Join(f.drawn, "\n")
}

// Refresh redraws the panel when anything it shows changed; the root calls
// it from Update, so a frame of autoplay with nothing new costs nothing.
func (f *FeatureView) Refresh() {
	k := featureDrawKey{f.space, f.Th, f.cam, f.w, f.h, f.s.Learner().T(), f.s.Version(), f.s.Focus(), f.pending}
	if k == f.drawnFor && f.drawn != nil {
		return
	}
	f.drawn, f.drawnFor = f.lines(), k
}

func (f *FeatureView) lines() []string {
	iw, ih := common.Inner(f.w, f.h)
	fs := f.space
	if fs == nil {
		return common.Box(f.Th, " feature space (computing…) ", nil, f.w, f.h)
	}
	title, inside := f.title(iw)
	notes := fs.notes
	if inside {
		notes = append([]note{{fs.detail, rankFunction}}, notes...)
	}
	// The picture keeps at least half the panel (six rows where it has
	// them); the notes get the rest, each whole or not at all.
	info := layoutNotes(notes, iw, ih-min(ih, max(6, ih/2)))
	p := f.s.Learner()
	if fs.plane != nil {
		var pts []ScenePoint
		for k, i := range fs.plane.index {
			if i < p.N() {
				q := fs.plane.pts[k]
				pts = append(pts, ScenePoint{u: [3]float64{q[0], q[1], 0}, i: i, pos: p.Y(i) > 0, sv: p.Alpha(i) > 0, inView: true})
			}
		}
		body := renderPlane(f.Th, fs.plane, pts, f.s.Focus(), iw, ih-len(info))
		for _, l := range info {
			body = append(body, f.Th.Dim.Render(l))
		}
		return common.DrawBox(f.Th, title, body, f.w, f.h, true)
	}
	sc := &Scene{normal: fs.normal, offset: fs.offset, margins: fs.margins, axes: fs.axes, frame: fs.frame, groups: fs.groups, current: f.s.Focus(), flash: -1}
	for k, i := range fs.index {
		if i < p.N() {
			sc.points = append(sc.points, ScenePoint{u: fs.points[k], i: i, pos: p.Y(i) > 0, sv: p.Alpha(i) > 0, inView: true})
		}
	}
	body := renderScene(f.Th, sc, f.cam, iw, ih-len(info))
	for _, l := range info {
		body = append(body, f.Th.Dim.Render(l))
	}
	return common.DrawBox(f.Th, title, body, f.w, f.h, true)
}

// title is the panel's title for an inner width iw, shortened by rule
// rather than cut: first the keys' hint goes, then the words "seen
// edge-on", then the detail (φ's formula, or what the axes are), which
// inside reports is to be written under the picture instead, then the
// name's qualifier.
func (f *FeatureView) title(iw int) (title string, inside bool) {
	fs := f.space
	hint := "←→↑↓ turn"
	if fs.plane != nil {
		hint = "" // flat: nothing turns
	}
	if f.pending {
		hint = "(updating…)"
	}
	state := ""
	if f.cam.edgeOn() && norm3(fs.normal) > 0 {
		state = ", seen edge-on"
	}
	head := fs.name
	if fs.detail != "" {
		head += ": " + fs.detail
	}
	short, _, _ := strings.Cut(fs.name, ",")
	if hint != "" {
		hint = "   " + hint
	}
	variants := []struct {
		s      string
		inside bool
	}{
		{head + state + hint, false},
		{head + state, false},
		{head + hint, false},
		{head, false},
		{fs.name + hint, fs.detail != ""},
		{fs.name, fs.detail != ""},
		{short, fs.detail != ""},
	}
	for _, v := range variants {
		if t := " " + v.s + " "; ansi.StringWidth(t) <= iw-2 {
			return t, v.inside
		}
	}
	return "", fs.detail != ""
}
