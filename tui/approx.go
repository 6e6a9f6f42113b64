package tui

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// The approximate boundary (~, issue 14): the machine that shares the
// run's coefficients on an explicit feature map z,
//
//	f̃(x) = w·z(x) + b,  w = Σⱼ cⱼ z(xⱼ)   (f(x) = Σⱼ cⱼ K(xⱼ, x) + b)
//
// drawn as its zero contour over the exact region, with the share of the
// lattice where f̃ and f predict the same class. z is rff:D (Rahimi &
// Recht) for the RBF kernel and nystrom:D (Williams & Seeger) for the
// others, so the student sees seed 003's infinite-dimensional φ made finite
// and the approximation converge as D doubles (, and .).
//
// f̃ on the lattice costs lattice points × D cosines (up to 24,000 × 4096),
// so it is computed off the UI path on a frozen copy of the learner: one
// job at a time, each numbered (gen) so that a result asked for before a
// toggle or a change of D is dropped, and while training runs by itself
// at most one a frame.

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

// approxOverlay is the state of the overlay: on or off, the D asked for,
// the job in flight and the newest result. The region view owns it.
type approxOverlay struct {
	on       bool
	d        int
	gen      int       // counts jobs started; a result of another gen is dropped
	inFlight bool      // at most one job at a time
	started  time.Time // when the last job started (the player's clock)
	res      *approxResult
	// mapKey and amap are the last map built, reused while its key holds
	// (an rff map depends on σ, D and the seed only; Nyström's on the
	// data too).
	mapKey approxMapKey
	amap   *learn.ApproxMap
}

func newApproxOverlay() *approxOverlay { return &approxOverlay{d: approxDefaultD} }

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

// approxMapKey is what a map is built from.
type approxMapKey struct {
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
	agree  float64      // share of the lattice where sign f̃ = sign f (NaN: none)
	err    error        // why there is no f̃
	mapKey approxMapKey
	amap   *learn.ApproxMap
}

// approxMsg is a result computed off the UI path.
type approxMsg struct {
	owner *approxOverlay
	gen   int
	res   *approxResult
}

// keyFor is the key of the result the session needs now.
func (a *approxOverlay) keyFor(s *lab.Session) approxKey {
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

// current is the result to draw: the newest one, when it was computed on
// the lattice now on screen (a result for another lattice would put its
// contour in the wrong cells).
func (a *approxOverlay) current(s *lab.Session) *approxResult {
	r := a.res
	if !a.on || r == nil || s.Field() == nil || r.key.field != s.Field() || r.key.fw != s.Field().W || r.key.fh != s.Field().H || r.key.rect != rectBits(s.Field().Rect) {
		return nil
	}
	return r
}

// approxCheck starts a job when the overlay is on, shown, and its result
// is not for the session as it is now; while training runs by itself at
// most one a frame. Update calls it after every message.
func (m *Model) approxCheck() tea.Cmd {
	a := m.region.approx
	if !a.on || a.inFlight || m.cmp != nil || m.featureOn || m.regionHidden() || m.cv.open {
		return nil
	}
	key := a.keyFor(m.s)
	if a.res != nil && a.res.key == key {
		return nil
	}
	now := m.player.Now()
	if m.player.Busy() && now.Sub(a.started) < m.player.Frame {
		return nil // the next tick or chunk asks again
	}
	a.started = now
	return a.start(m.s, key)
}

// start snapshots what f̃ is computed from (a frozen learner, f on the
// lattice, the points for Nyström's landmarks) and returns the job.
func (a *approxOverlay) start(s *lab.Session, key approxKey) tea.Cmd {
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
	mk := approxMapKey{spec: spec, kernel: kernel.Spec(), seed: key.seed}
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
		return approxMsg{a, gen, computeApprox(key, spec, capped, mk, amap, xs, frozen, exact, geom)}
	}
}

// computeApprox is the job: the map (unless one was given), w, f̃ on the
// lattice and its agreement with f. It reads only what it was given.
func computeApprox(key approxKey, spec learn.Approx, capped string, mk approxMapKey, amap *learn.ApproxMap,
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
		r.agree, _ = learn.SignAgreement(exact, r.vals, key.tie)
	}
	return r
}

// approxReady takes a job's result, unless it was asked for before a
// toggle or a change of D (then the next check asks again).
func (m *Model) approxReady(msg approxMsg) {
	a := m.region.approx
	if msg.owner != a {
		return
	}
	a.inFlight = false
	if r := msg.res; r.amap != nil {
		// Kept even from a stale result: the map's key says when it
		// serves (a Nyström map can take half a second to build).
		a.amap, a.mapKey = r.amap, r.mapKey
	}
	if msg.gen == a.gen {
		a.res = msg.res
	}
}

// approxToggle answers ~: the overlay on or off.
func (m *Model) approxToggle() {
	a := m.region.approx
	a.on = !a.on
	a.gen++ // a result in flight is for the overlay before
	a.res = nil
	if !a.on {
		m.message = "the approximate boundary is hidden (~ shows it)"
		return
	}
	f := "f̃ = w·z(x)"
	if m.s.Dual() != nil {
		f += " + b"
	}
	m.message = fmt.Sprintf("%s %s, w = Σⱼ cⱼ z(xⱼ): this run's coefficients with z(x)·z(x') for K(x, x'); , and . halve and double D (%d now)",
		common.GlyphApprox, f, a.d)
}

// approxStepD answers , and . : D halved or doubled along 1, 2, 4, …, 4096.
func (m *Model) approxStepD(up bool) {
	a := m.region.approx
	d, ok := stepApproxD(a.d, up)
	if !ok {
		m.message = fmt.Sprintf("D = %d is the end of the ladder 1, 2, 4, …, %d", a.d, approxMaxD)
		return
	}
	a.d = d
	a.gen++
	m.message = fmt.Sprintf("f̃ with D = %d: the boundary %s moves toward the exact one as D grows", d, common.GlyphApprox)
}

// stepApproxD is the next D along the ladder, and whether there is one.
func stepApproxD(d int, up bool) (int, bool) {
	if up {
		return min(2*d, approxMaxD), d < approxMaxD
	}
	return max(d/2, approxMinD), d > approxMinD
}
