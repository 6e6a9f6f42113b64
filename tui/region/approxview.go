package region

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/internal/heavy"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// approxShown reports whether the region draws the overlay: it is on, and
// this is not a pane of comparison mode (there it would overlay one
// learner of two).
func (r *RegionView) approxShown() bool {
	return r.Approx != nil && r.Approx.on && !r.Compare
}

// approxState is what the region's drawing reads of the overlay, for its
// memo key.
type approxState struct {
	on  bool
	d   int
	res *approxResult
}

func (r *RegionView) approxState() approxState {
	if !r.approxShown() {
		return approxState{}
	}
	a := r.Approx
	return approxState{on: true, d: a.d, res: a.Current(r.S)}
}

// approxMask marks the plot cells whose pixels lie on f̃'s boundary: a
// lattice point whose predicted class is ±1 and the opposite one to its
// right or below, as the region marks f's (signEdge). The lattice maps to
// the pixels as region.paint maps it.
func (r *RegionView) approxMask() []bool {
	res := r.Approx.Current(r.S)
	pw, ph := r.PlotW, r.PlotH
	if res == nil || res.vals == nil || pw <= 0 || ph <= 0 {
		return nil
	}
	fw, fh := res.key.fw, res.key.fh
	if fw <= 0 || fh <= 0 || len(res.vals) != fw*fh {
		return nil
	}
	lx := func(px int) int { return min(fw-1, px*fw/pw) }
	ly := func(py int) int { return min(fh-1, py*fh/(2*ph)) }
	// ≋ where f̃ changes sign between two points that count (res.clear),
	// where f is clearly on a side: on f's own boundary where f is steep,
	// or at the edge of a patch where f̃ has the other sign.
	edge := func(x, y int) bool { return signEdgeAmong(res.vals, res.clear, fw, fh, res.key.tie, x, y) }
	mask := make([]bool, pw*ph)
	for cy := range ph {
		for cx := range pw {
			x := lx(cx)
			mask[cy*pw+cx] = edge(x, ly(2*cy)) || edge(x, ly(2*cy+1))
		}
	}
	return mask
}

// approxLegend is the overlay's line under the title: the glyph as drawn,
// what f̃ is, the map, and how close f̃ is to f, the longest of its
// forms that fits in w cells.
func (r *RegionView) approxLegend(w int) string {
	a, th := r.Approx, r.Th
	glyph := "\x1b[1m" + common.GlyphApprox + common.Reset
	if !th.Mono {
		glyph = th.CellStyle(common.ColApprox, common.ColNeutral) + "\x1b[1m" + common.GlyphApprox + common.Reset
	}
	f := "f̃ = w·z(x)"
	if r.S.Dual() != nil {
		f += " + b"
	}
	res := a.Current(r.S)
	if res == nil {
		spec, _ := approxSpec(r.S.Learner().Kernel(), a.d, r.S.Learner().N(), len(r.S.Learner().SupportVectors()))
		return fitFirst(w, glyph, []string{
			" " + f + ", " + spec.String() + " " + approxSource(spec) + ": computing…",
			" " + f + ", " + spec.String() + ": computing…",
			" f̃ " + spec.String() + "…",
		})
	}
	if res.err != nil {
		return fitFirst(w, glyph, []string{" f̃, " + res.spec.String() + ": " + res.err.Error()})
	}
	spec := res.spec.String()
	bare := spec // without the rank
	long := spec + " " + approxSource(res.spec)
	if res.spec.Kind == learn.ApproxNystrom && res.dim < res.spec.D {
		spec += fmt.Sprintf(" (rank %d)", res.dim)
		long += fmt.Sprintf(", rank %d", res.dim)
	}
	pct := percent(res.agree)
	where := fmt.Sprintf("|f| ≥ %s", learn.Num(res.away))
	agree := fmt.Sprintf("same sign as f on %s of the %d grid points where %s", pct, res.counted, where)
	mid := fmt.Sprintf("same sign as f on %s of %d points, %s", pct, res.counted, where)
	tight := fmt.Sprintf("same sign as f on %s of %d where %s", pct, res.counted, where)
	short := fmt.Sprintf("same sign as f on %s of %d", pct, res.counted)
	var notes []string
	if res.capped != "" {
		notes = append(notes, res.capped)
	}
	if res.key.d != a.d {
		notes = append(notes, fmt.Sprintf("D = %d computing…", a.d))
	}
	note := ""
	if len(notes) > 0 {
		note = " (" + strings.Join(notes, "; ") + ")"
	}
	return fitFirst(w, glyph, []string{
		" " + f + ", " + long + ": " + agree + note,
		" " + f + ", " + spec + ": " + agree + note,
		" " + f + ", " + spec + ": " + mid + note,
		" f̃ " + spec + ": " + mid + note,
		" f̃ " + spec + ": " + tight + note,
		" f̃ " + spec + ": " + short + note,
		" f̃ " + bare + ": " + short + note,
		" f̃ " + spec + ": " + tight,
		" f̃ " + spec + ": " + short,
		" f̃ " + spec + " " + pct,
		" f̃ " + pct,
	})
}

// fitFirst is glyph followed by the first text that fits in w cells with
// it (the last when none does; the box cuts it).
func fitFirst(w int, glyph string, texts []string) string {
	for _, t := range texts {
		if 1+ansi.StringWidth(t) <= w {
			return glyph + t
		}
	}
	return glyph + texts[len(texts)-1]
}

// approxSource names the map in words with its source.
func approxSource(a learn.Approx) string {
	if a.Kind == learn.ApproxRFF {
		return "random features (Rahimi & Recht)"
	}
	return "Nyström landmarks (Williams & Seeger)"
}

// percent writes a share as a percentage to one decimal, rounded down so
// that 100.0% means every point ("—" for none).
func percent(v float64) string {
	if math.IsNaN(v) {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", math.Floor(v*1000)/10)
}

// The ladder of D: powers of two.
const (
	approxMinD     = 1
	approxMaxD     = 4096
	approxDefaultD = 64 // rough enough to see the approximation's error
)

// Bounds on a job's work. nystromMaxM caps the landmarks: the map costs
// an O(m³) eigendecomposition and every lattice point m kernel
// evaluations. rffMaxWork caps #SV·D, the feature evaluations that build
// w: past it D is halved until it fits (the legend says so).
const (
	nystromMaxM = 512
	rffMaxWork  = 1 << 26
)

// ApproxOverlay is the state of the overlay: on or off, the D asked for,
// the job in flight and the newest result. The region view owns it.
type ApproxOverlay struct {
	on       bool
	d        int
	gen      int       // counts jobs started; a result of another gen is dropped
	inFlight bool      // at most one job at a time
	started  time.Time // when the last job started (the player's clock)
	res      *approxResult
	// mapKey and amap are the last map built, reused while its key holds
	// (an rff map depends on σ, D and the seed only; Nyström's on the
	// data too).
	mapKey ApproxMapKey
	amap   *learn.ApproxMap
}

func NewApproxOverlay() *ApproxOverlay { return &ApproxOverlay{d: approxDefaultD} }

// approxKey is everything a result depends on: the coefficients (build,
// version, step, points), the lattice, the map asked for and the tie rule.
type approxKey struct {
	built, version, t, n int
	field                *learn.Field
	fw, fh               int
	rect                 [4]uint64 // the field's Rect, bit for bit (a NaN equals itself)
	d                    int
	seed                 uint64
	tie                  learn.Tie
}

// ApproxMapKey is what a map is built from.
type ApproxMapKey struct {
	spec   learn.Approx
	kernel string
	seed   uint64
	built  int // Nyström's landmarks come from the data (0 for rff)
	bias   bool
}

// approxResult is f̃ on the lattice of the field it was computed for.
type approxResult struct {
	key    approxKey
	spec   learn.Approx // the map used: the kind and the D or m after caps
	capped string       // why spec.D is below the D asked for ("" when it is not)
	dim    int          // the map's dimension (Nyström: the rank kept)
	vals   []float64    // f̃ at the lattice points, as learn.Field.Values
	// away is the threshold |f| ≥ away (awayFromZero) that a lattice
	// point passes to be counted and to take ≋; clear marks the points
	// that pass it, counted how many.
	away    float64
	clear   []bool
	counted int
	agree   float64 // share of the clear points where sign f̃ = sign f (NaN: none)
	err     error   // why there is no f̃
	mapKey  ApproxMapKey
	amap    *learn.ApproxMap
}

// ApproxMsg is a result computed off the UI path.
type ApproxMsg struct {
	owner *ApproxOverlay
	gen   int
	res   *approxResult
}

// KeyFor is the key of the result the session needs now.
func (a *ApproxOverlay) KeyFor(s Session) approxKey {
	k := approxKey{built: s.Built(), version: s.Version(), t: s.Learner().T(), n: s.Learner().N(), field: s.Field(), d: a.d,
		seed: s.Options().Config.Seed, tie: s.Learner().Config().Tie}
	if fd := s.Field(); fd != nil {
		k.fw, k.fh, k.rect = fd.W, fd.H, rectBits(fd.Rect)
	}
	return k
}

// rectBits is r's bits, so that keys compare equal when r is the same.
func rectBits(r learn.Rect) [4]uint64 {
	return [4]uint64{math.Float64bits(r.MinX1), math.Float64bits(r.MaxX1), math.Float64bits(r.MinX2), math.Float64bits(r.MaxX2)}
}

// approxSpec is the map for kernel k at the D asked for, after the caps:
// rff:D for the RBF kernel (D halved while #SV·D > rffMaxWork), nystrom:m
// for the others (m ≤ n, m ≤ nystromMaxM); capped says why it is smaller.
func approxSpec(k learn.Kernel, d, n, nsv int) (learn.Approx, string) {
	if learn.ApproxFor(k, d).Kind == learn.ApproxRFF {
		capped := ""
		for d > 1 && nsv*d > rffMaxWork {
			d /= 2
			capped = fmt.Sprintf("D ≤ %d for %d SVs", d, nsv)
		}
		return learn.Approx{Kind: learn.ApproxRFF, D: d}, capped
	}
	m, capped := d, ""
	if m > nystromMaxM {
		m, capped = nystromMaxM, fmt.Sprintf("landmarks ≤ %d: O(m³)", nystromMaxM)
	}
	if n < m {
		m, capped = max(1, n), fmt.Sprintf("landmarks ≤ n = %d", n)
	}
	return learn.Approx{Kind: learn.ApproxNystrom, D: m}, capped
}

// Current is the result to draw: the newest one, when it was computed on
// the lattice now on screen (a result for another lattice would put its
// contour in the wrong cells).
func (a *ApproxOverlay) Current(s Session) *approxResult {
	r := a.res
	if !a.on || r == nil || s.Field() == nil || r.key.field != s.Field() || r.key.fw != s.Field().W || r.key.fh != s.Field().H || r.key.rect != rectBits(s.Field().Rect) {
		return nil
	}
	return r
}

// Start snapshots what f̃ is computed from (a frozen learner, f on the
// lattice, the points for Nyström's landmarks) and returns the job.
func (a *ApproxOverlay) Start(s Session, key approxKey) tea.Cmd {
	a.gen++
	a.inFlight = true
	gen := a.gen
	frozen := learn.Freeze(s.Learner())
	kernel := frozen.Kernel()
	var exact []float64
	geom := learn.NewField(learn.Rect{}, 0, 0)
	if fd := s.Field(); fd != nil {
		exact = slices.Clone(fd.Values)
		geom = learn.NewField(fd.Rect, fd.W, fd.H)
	}
	spec, capped := approxSpec(kernel, a.d, s.Learner().N(), len(frozen.SupportVectors()))
	mk := ApproxMapKey{spec: spec, kernel: kernel.Spec(), seed: key.seed}
	if spec.Kind == learn.ApproxNystrom {
		mk.built, mk.bias = s.Built(), s.Learner().Config().Bias
	}
	amap := a.amap
	var xs []learn.Vec
	if a.amap == nil || a.mapKey != mk {
		amap = nil
		if spec.Kind == learn.ApproxNystrom {
			xs = make([]learn.Vec, s.Learner().N())
			for i := range xs {
				xs[i] = s.Learner().X(i)
			}
		}
	}
	return func() tea.Msg {
		return ApproxMsg{a, gen, heavy.Do(func() *approxResult {
			return computeApprox(key, spec, capped, mk, amap, xs, frozen, exact, geom)
		})}
	}
}

// computeApprox is the job: the map (unless one was given), w, f̃ on the
// lattice and its agreement with f. It reads only what it was given.
func computeApprox(key approxKey, spec learn.Approx, capped string, mk ApproxMapKey, amap *learn.ApproxMap,
	xs []learn.Vec, e learn.Expansion, exact []float64, geom *learn.Field) *approxResult {
	r := &approxResult{key: key, spec: spec, capped: capped, mapKey: mk, agree: math.NaN()}
	if amap == nil {
		var err error
		if amap, err = learn.NewApproxMap(spec, e.Kernel(), xs, mk.seed); err != nil {
			r.err = err
			return r
		}
	}
	r.amap, r.dim = amap, amap.Dim()
	f := learn.NewApproxMachine(amap, e)
	r.vals = make([]float64, geom.W*geom.H)
	f.Fill(r.vals, geom, max(1, runtime.GOMAXPROCS(0)-1))
	if len(exact) == len(r.vals) {
		r.away = awayFromZero(exact)
		r.agree, r.counted = learn.SignAgreement(exact, r.vals, key.tie, r.away)
		r.clear = make([]bool, len(exact))
		for i, v := range exact {
			r.clear[i] = math.Abs(v) >= r.away
		}
	}
	return r
}

// awayFromZero is how far from 0 f must be at a lattice point for the
// overlay to count it and draw ≋ there: |f| ≥ 2·mean|f|/Shades
// (robustScale/Shades), the edge of the palest shade the region draws, so
// the points left out are those the picture itself does not put clearly
// on a side. There f̃'s error swamps f: with an RBF kernel f decays to 0
// away from the data, while f̃ = w·z(x) keeps an error of order
// ‖c‖₁·√(2/D) (Rahimi & Recht), so the sign of f̃ there is a coin toss at
// every D. Counted, those points made the agreement fall and rise as D
// doubled (81.5% → 71.0% → 79.4%), and drawn, they scattered ≋ over empty
// ground. The threshold depends on f alone, so the same points are
// counted at every D.
func awayFromZero(exact []float64) float64 { return robustScale(exact) / common.Shades }

// stepApproxD is the next D along the ladder, and whether there is one.
func stepApproxD(d int, up bool) (int, bool) {
	if up {
		return min(2*d, approxMaxD), d < approxMaxD
	}
	return max(d/2, approxMinD), d > approxMinD
}
