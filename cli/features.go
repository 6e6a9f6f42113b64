package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/mat"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/setup"
)

// featuresMercerLimit is the largest n whose whole Gram matrix is checked
// for Mercer's condition: one n×n eigendecomposition without vectors, about
// 0.4 s at n = 1000 and 3.5 s at 2000 (O(n³)), plus, when it fails, the
// counter-example search (learn.MercerCounterexample, about a second more).
const featuresMercerLimit = 1000

// featuresMaxLimit caps --limit: the projection is an n×n eigendecomposition
// with vectors, about 1.5 s at n = 1000 and 17 s at 2000.
const featuresMaxLimit = 2000

// featuresLowest is how many of the smallest Gram eigenvalues the JSON lists.
const featuresLowest = 10

// newFeaturesCmd is `kernelscope features`: train headless, then write the
// learned function in feature space.
func newFeaturesCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "features",
		Short: "Train headless and print w, φ and the points in feature space",
		Long: `Train the kernel perceptron headless (as trace does), then print what it learned in feature space: φ written out and w = Σⱼ αⱼ yⱼ φ(xⱼ) when the kernel has a finite feature map, ‖w‖, Mercer's condition on the Gram matrix, and every training point with f(xᵢ), φ(xᵢ) and its coordinates u = (u₁, u₂, u₃) in feature space (u₁ = f(xᵢ)/‖w‖ along w, u₂ and u₃ by kernel PCA of the rest).

A kernel that is not positive semi-definite on the data (the sigmoid, usually) has no feature space: the output says so ("indefinite": true) and writes a counter-example, the points whose Gram submatrix has a negative eigenvalue. ‖w‖ is then √(cᵀKc) as for any kernel while cᵀKc ≥ 0, said to be of an indefinite kernel beside it, and none ("norm_w": null) when cᵀKc < 0.

Formats (--format):
` + formatList(featuresFormats) + `
` + exitCodes,
		Example: `
# the notes' 4-point XOR example, K = (x·z)²: w = (1, √2, 1) on (x₁², √2·x₁x₂, x₂²)
kernelscope features --dataset worked4 --format text
kernelscope features --dataset worked4 --steps 1
kernelscope features --dataset moons --kernel 'sigmoid(gamma=1,c=-1)' --format text
`,
		Args: noArgs,
	}
	flags := setup.Bind(c.Flags(), "features", setup.Train)
	steps := c.Flags().Int("steps", 0, "take N steps, ≥ 0 (default: train until it stops, as trace does)")
	format := c.Flags().String("format", "json", "output: "+formatNames(featuresFormats))
	limit := c.Flags().Int("limit", learn.ProjectionLimit, fmt.Sprintf("the most points projected to u (kernel PCA, an n×n eigendecomposition), 1 to %d; larger sets are subsampled", featuresMaxLimit))
	c.RunE = func(c *cobra.Command, _ []string) error {
		f, err := chooseFormat(featuresFormats, *format)
		if err != nil {
			return err
		}
		n := -1 // until training stops
		if c.Flags().Changed("steps") {
			if *steps < 0 {
				return setup.Usagef("--steps must be ≥ 0, not %d (leave it out to train until training stops)", *steps)
			}
			n = *steps
		}
		if *limit < 1 || *limit > featuresMaxLimit {
			return setup.Usagef("--limit must be from 1 to %d, not %d (the projection is an n×n eigendecomposition: O(n³))", featuresMaxLimit, *limit)
		}
		s, err := flags.Resolve()
		if err != nil {
			return err
		}
		ctx, stop := interrupt(c.Context())
		defer stop()
		work := newLongWork(ctx, c.ErrOrStderr(), "features")
		r, err := newFeaturesReport(work, &s, n, *limit)
		if err != nil {
			return work.stopped(err)
		}
		// The whole report first: ctrl+c while it is written leaves stdout
		// empty.
		var out bytes.Buffer
		w := bufio.NewWriterSize(&out, 1<<16)
		if err := f.write(w, r); err != nil {
			return work.stopped(err)
		}
		w.Flush()
		work.done()
		if _, err := out.WriteTo(c.OutOrStdout()); err != nil {
			return fmt.Errorf("writing the output: %w", err)
		}
		return nil
	}
	return c
}

// A featuresFormat is one way to write the report: the registry below is
// what --format accepts and lists in its help.
type featuresFormat = outputFormat[func(w *bufio.Writer, r *featuresReport) error]

var featuresFormats = []featuresFormat{
	{"json", "one object (see README); a number that is not finite is null", writeFeaturesJSON},
	{"text", "w written out, the Mercer verdict and a table of the points", writeFeaturesText},
}

// featuresReport is what every format writes, computed once.
type featuresReport struct {
	work  *longWork // ctrl+c and the progress bar, while it is written too
	s     *lab.Options
	p     *learn.Perceptron
	prim  *learn.Primal // w on φ; nil when the kernel has no explicit map
	noMap error         // why prim is nil
	proj  learn.Projection
	slot  []int   // slot[i] is example i's row of proj.U, or −1 when not projected
	ctkc  float64 // cᵀKc = Σᵢ cᵢ (f(xᵢ) − b): ‖w‖² when K is PSD
	merc  mercerOutcome
}

// mercerOutcome is Mercer's condition on the whole Gram matrix (seed 004,
// learn.DecideMercer), checked when n ≤ featuresMercerLimit and every
// K(xᵢ, xⱼ) is finite.
type mercerOutcome struct {
	run  bool
	note string // why it was not run
	learn.MercerVerdict
}

// newFeaturesReport trains on s for steps steps (< 0: until training
// stops) with trace's configuration, so the kept scores f(xᵢ) are trace's,
// and computes w, the projection and Mercer's condition, under work.
func newFeaturesReport(work *longWork, s *lab.Options, steps, limit int) (*featuresReport, error) {
	cfg := s.Config
	cfg.NoHistory = true
	p, err := learn.New(cfg, datasets.Examples(s.Points))
	if err != nil {
		return nil, err
	}
	if err := work.train(p, steps); err != nil {
		return nil, err
	}
	r := &featuresReport{work: work, s: s, p: p}
	if r.prim, r.noMap = learn.Weights(p); r.noMap != nil {
		r.prim = nil
	}
	n := p.N()
	for i := range n {
		r.ctkc += p.Coef(i) * (p.Score(i) - p.Offset())
	}

	// Eigendecompositions, seconds at n = 1000 that nothing can stop part
	// way: work.await leaves them to finish unseen on ctrl+c.
	var g *mat.SymDense
	if n <= featuresMercerLimit {
		work.phase("checking Mercer's condition", "")
		if err := work.await(func() { g = p.Gram(); r.merc = checkMercer(g) }); err != nil {
			return nil, err
		}
	} else {
		r.merc.note = fmt.Sprintf("not run: n = %d > %d (an n×n eigendecomposition, O(n³))", n, featuresMercerLimit)
	}
	work.phase(fmt.Sprintf("projecting %d points (kernel PCA)", min(n, limit)), "")
	var perr error
	if err := work.await(func() {
		if g != nil && n <= limit {
			// ProjectLearner would build the same matrix again.
			coef := make([]float64, n)
			for i := range coef {
				coef[i] = p.Coef(i)
			}
			r.proj, perr = learn.Project(g, coef, p.Offset())
		} else {
			r.proj, perr = learn.ProjectLearner(p, limit)
		}
	}); err != nil {
		return nil, err
	}
	if err := perr; err != nil {
		return nil, err
	}
	r.slot = make([]int, n)
	for i := range r.slot {
		r.slot[i] = -1
	}
	for k, i := range r.proj.Index {
		r.slot[i] = k
	}
	return r, nil
}

// checkMercer checks Mercer's condition on g and, when it fails, looks for
// the smallest set of points that shows it; when it cannot, the note says
// why.
func checkMercer(g *mat.SymDense) mercerOutcome {
	v := learn.DecideMercer(g)
	var over *learn.GramOverflowError
	switch {
	case errors.As(v.Err, &over):
		return mercerOutcome{note: fmt.Sprintf("not run: K(x%s, x%s) = %s is not finite (rescale the data or lower the degree)",
			learn.Sub(over.I+1), learn.Sub(over.J+1), learn.Num(over.K))}
	case v.Err != nil:
		return mercerOutcome{note: "not run: " + v.Err.Error()}
	}
	return mercerOutcome{run: true, MercerVerdict: v}
}

// hasNorm reports whether there is a feature space with ‖w‖ in it: the
// Gram matrix is PSD (Mercer's check when it ran, else no evidence against
// it in the projection) and cᵀKc ≥ 0.
func (r *featuresReport) hasNorm() bool {
	if r.merc.run {
		return r.merc.PSD && r.proj.HasNorm
	}
	return r.proj.HasNorm && !r.proj.Indefinite
}

// normW is ‖w‖ = √(cᵀKc) whenever cᵀKc ≥ 0: the length of w when K is
// PSD (hasNorm), and the same formula when it is not, where there is no
// feature space for it to be a length in, so the output says the kernel is
// indefinite beside it (indefinite). false when cᵀKc < 0: no square root.
func (r *featuresReport) normW() (float64, bool) {
	switch {
	case r.proj.HasNorm:
		return r.proj.NormW, true
	case r.ctkc >= 0:
		return math.Sqrt(r.ctkc), true
	}
	return 0, false
}

// indefinite reports that K is known not to be positive semi-definite on
// these points: Mercer's check failed, or the projection saw it fail.
func (r *featuresReport) indefinite() bool {
	return r.proj.Indefinite || (r.merc.run && !r.merc.PSD)
}

// psd says what is known of Mercer's condition: true or false, or unknown
// (ok false) when it was not checked and the projection saw no evidence.
func (r *featuresReport) psd() (psd, known bool) {
	switch {
	case r.merc.run:
		return r.merc.PSD, true
	case r.proj.Indefinite:
		return false, true
	}
	return false, false
}

// mapKind names why a kernel has no explicit map: one word for scripts.
func mapKind(err error) string {
	switch {
	case errors.Is(err, learn.ErrInfinite):
		return "infinite"
	case errors.Is(err, learn.ErrIndefinite):
		return "indefinite"
	case errors.Is(err, learn.ErrTooLarge):
		return "too_large"
	}
	return "overflow"
}

// The JSON object; see the README for what each field means.
type featuresJSON struct {
	Kernel     string      `json:"kernel"`
	Formula    string      `json:"formula"`
	Bias       bool        `json:"bias"`
	N          int         `json:"n"`
	Steps      int         `json:"steps"`
	Epochs     int         `json:"epochs"`
	Mistakes   int         `json:"mistakes"`
	State      string      `json:"state"`
	Function   string      `json:"function"`
	Explicit   bool        `json:"explicit"`
	NoMap      *noMapJSON  `json:"no_map,omitempty"`
	Names      []string    `json:"names,omitempty"`
	W          []jnum      `json:"w,omitempty"`
	B          *jnum       `json:"b,omitempty"`
	NormW      *jnum       `json:"norm_w"`
	CTKC       jnum        `json:"ctkc"`
	AlongW     bool        `json:"along_w"`
	PlaneAt    *jnum       `json:"plane_at"`
	UEigen     [3]jnum     `json:"u_eigen"`
	UEigenSum  jnum        `json:"u_eigen_sum"`
	Indefinite bool        `json:"indefinite"`
	Projected  int         `json:"projected"`
	Subsampled bool        `json:"subsampled"`
	Sample     string      `json:"sample,omitempty"`
	Note       string      `json:"note,omitempty"`
	Mercer     mercerJSON  `json:"mercer"`
	Points     []pointJSON `json:"points"`
}

type noMapJSON struct {
	Kind string `json:"kind"`
	Why  string `json:"why"`
}

type mercerJSON struct {
	Run            bool                `json:"run"`
	Note           string              `json:"note,omitempty"`
	PSD            *bool               `json:"psd"`
	MinEigenvalue  *jnum               `json:"min_eigenvalue,omitempty"`
	MaxEigenvalue  *jnum               `json:"max_eigenvalue,omitempty"`
	Lowest         []jnum              `json:"lowest_eigenvalues,omitempty"`
	Tol            *jnum               `json:"tol,omitempty"`
	Counterexample *counterexampleJSON `json:"counterexample,omitempty"`
}

type counterexampleJSON struct {
	Points        []int    `json:"points"`
	Submatrix     [][]jnum `json:"submatrix"`
	MinEigenvalue jnum     `json:"min_eigenvalue"`
	Text          string   `json:"text"`
}

type pointJSON struct {
	I     int      `json:"i"`
	X     [2]jnum  `json:"x"`
	Y     int      `json:"y"`
	Alpha jnum     `json:"alpha"`
	F     jnum     `json:"f"`
	Phi   []jnum   `json:"phi,omitempty"`
	U     *[3]jnum `json:"u,omitempty"`
}

// stateName is the state as one word for scripts.
func stateName(s learn.State) string {
	switch s {
	case learn.Converged:
		return "converged"
	case learn.Capped:
		return "capped"
	}
	return "running"
}

// writeFeaturesJSON writes the report as one JSON object and a newline.
func writeFeaturesJSON(w *bufio.Writer, r *featuresReport) error {
	p, cfg := r.p, r.p.Config()
	out := featuresJSON{
		Kernel: cfg.Kernel.Spec(), Formula: cfg.Kernel.String(), Bias: cfg.Bias, N: p.N(),
		Steps: p.T(), Epochs: p.Epoch(), Mistakes: p.Mistakes(), State: stateName(p.State()),
		Function: p.Function(), Explicit: r.prim != nil,
		CTKC: jnum(r.ctkc), AlongW: r.proj.AlongW, UEigen: [3]jnum(jnums(r.proj.Eigen[:])),
		UEigenSum: jnum(r.proj.EigenSum), Indefinite: r.indefinite(), Projected: len(r.proj.Index),
		Subsampled: r.proj.Subsampled, Sample: r.proj.Sample, Note: r.proj.Reason,
		Mercer: mercerToJSON(r.merc), Points: []pointJSON{},
	}
	if r.prim != nil {
		out.Names, out.W = r.prim.Map.Names, jnums(r.prim.W)
		if r.prim.B != 0 {
			out.B = jptr(r.prim.B)
		}
	} else {
		out.NoMap = &noMapJSON{mapKind(r.noMap), r.noMap.Error()}
	}
	if nw, ok := r.normW(); ok {
		out.NormW = jptr(nw)
	}
	if r.proj.AlongW {
		out.PlaneAt = jptr(r.proj.PlaneAt)
	}
	// The object with "points":[] closes in "]}"; the points go in
	// between, one at a time (a million are seconds), written as
	// json.Marshal writes a list, stopped by ctrl+c.
	b, err := json.Marshal(out)
	if err != nil {
		return fmt.Errorf("features: writing JSON: %w", err)
	}
	w.Write(b[:len(b)-2])
	r.work.phase("writing JSON", "points")
	var phi []float64
	for i := range p.N() {
		if i%checkEvery == 0 {
			r.work.bar.Update(i, p.N())
			if err := r.work.ctx.Err(); err != nil {
				return err
			}
		}
		x := p.X(i)
		pt := pointJSON{I: i + 1, X: [2]jnum{jnum(x.X1), jnum(x.X2)}, Y: p.Y(i), Alpha: jnum(p.Alpha(i)), F: jnum(p.Score(i))}
		if r.prim != nil {
			phi = r.prim.Map.AppendPhi(phi[:0], x)
			pt.Phi = jnums(phi)
		}
		if k := r.slot[i]; k >= 0 {
			u := [3]jnum(jnums(r.proj.U[k][:]))
			pt.U = &u
		}
		b, err := json.Marshal(pt)
		if err != nil {
			return fmt.Errorf("features: writing JSON: %w", err)
		}
		if i > 0 {
			w.WriteByte(',')
		}
		w.Write(b)
	}
	_, err = w.WriteString("]}\n")
	return err
}

func mercerToJSON(mo mercerOutcome) mercerJSON {
	if !mo.run {
		return mercerJSON{Note: mo.note}
	}
	ev := mo.Eigenvalues
	out := mercerJSON{Run: true, PSD: &mo.PSD, Tol: jptr(mo.Tol)}
	if len(ev) > 0 {
		out.MinEigenvalue, out.MaxEigenvalue = jptr(ev[0]), jptr(ev[len(ev)-1])
		out.Lowest = jnums(ev[:min(len(ev), featuresLowest)])
	}
	if ce := mo.Counterexample; ce != nil {
		if !ce.Found {
			out.Note = ce.String()
			return out
		}
		c := &counterexampleJSON{MinEigenvalue: jnum(ce.MinEig), Text: ce.String()}
		for a, i := range ce.Points {
			c.Points = append(c.Points, i+1)
			row := make([]jnum, len(ce.Points))
			for b := range row {
				row[b] = jnum(ce.Sub.At(a, b))
			}
			c.Submatrix = append(c.Submatrix, row)
		}
		out.Counterexample = c
	}
	return out
}
