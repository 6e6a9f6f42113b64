package feature

import (
	"errors"
	"fmt"
	"math"
	"strings"

	tea "charm.land/bubbletea/v2"

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
// or none that is finite, with the boundary as the plane it is there. The
// arrows and a mouse drag turn it.
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
	axes    [3]string
	title   string
	lines   []string // w written out, ‖w‖, what the axes are
	explain string   // what the view cannot show, if anything
}

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
	bias, svm := p.Config().Bias, f.s.Dual() != nil
	return func() tea.Msg { return FeatureMsg{gen, computeFeatureSpace(in, frozen, bias, svm)} }
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
// margins, the SVM's margin planes f = ±1 beside the boundary f = 0.
func computeFeatureSpace(in learn.ProjectionInput, e learn.Expansion, bias, margins bool) *FeatureSpace {
	fs := &FeatureSpace{}
	primal, perr := learn.Weights(e)
	if perr == nil && primal.Map.Dim() <= 3 {
		m := primal.Map
		fs.title = "feature space: " + m.String()
		for k := range m.Dim() {
			fs.axes[k] = m.Names[k]
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
		fs.lines = append(fs.lines, primal.String(), primal.Function()+" = 0 is the plane")
		return fs
	}
	proj, err := in.Project(featureLimit)
	if err != nil {
		fs.title = "feature space"
		fs.explain = "no picture: " + err.Error()
		return fs
	}
	fs.points, fs.index = proj.U, proj.Index
	fs.title = "feature space, projected: u₁ along w, u₂ u₃ kernel PCA"
	fs.axes = [3]string{"u₁", "u₂", "u₃"}
	if proj.AlongW {
		fs.normal, fs.offset = [3]float64{1, 0, 0}, proj.PlaneAt
		fs.axes[0] = "u₁=f/‖w‖"
		// u₁ = (f − b)/‖w‖, so f = ±1 is u₁ = (±1 − b)/‖w‖ = PlaneAt ± 1/‖w‖.
		if margins && proj.HasNorm && proj.NormW > 0 {
			fs.margins = []float64{proj.PlaneAt + 1/proj.NormW, proj.PlaneAt - 1/proj.NormW}
		}
	} else {
		fs.title = "feature space, projected: u₁ u₂ u₃ kernel PCA"
	}
	switch {
	case perr == nil:
		fs.lines = append(fs.lines, fmt.Sprintf("φ has %d features: %s", primal.Map.Dim(), primal.Function()))
	case errors.Is(perr, learn.ErrInfinite):
		fs.lines = append(fs.lines, "φ is infinite-dimensional (RBF: the notes' Taylor series of exp); K gives the picture")
	case errors.Is(perr, learn.ErrIndefinite):
		fs.lines = append(fs.lines, "no φ in general: this kernel is not positive semi-definite (Mercer)")
	default:
		fs.lines = append(fs.lines, "no explicit φ: "+perr.Error())
	}
	if proj.HasNorm {
		share := ""
		if proj.EigenSum > 0 {
			share = fmt.Sprintf("; u₂, u₃ hold %s%% of the rest's spread", learn.Num(math.Round(100*(proj.Eigen[1]+proj.Eigen[2])/proj.EigenSum)))
		}
		fs.lines = append(fs.lines, "‖w‖ = "+learn.Num(proj.NormW)+share)
	}
	if proj.Reason != "" {
		fs.lines = append(fs.lines, proj.Reason)
	}
	if proj.Subsampled {
		fs.lines = append(fs.lines, proj.Sample)
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
	title := " " + fs.title + "   ←→↑↓ turn "
	if f.pending {
		title = " " + fs.title + "   (updating…) "
	}
	text := append([]string(nil), fs.lines...)
	if fs.explain != "" {
		text = append([]string{fs.explain}, text...)
	}
	info := common.TextBlock(min(len(text), max(0, ih/3)), iw, text...)
	sc := &Scene{normal: fs.normal, offset: fs.offset, margins: fs.margins, axes: fs.axes, current: f.s.Focus(), flash: -1}
	p := f.s.Learner()
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
