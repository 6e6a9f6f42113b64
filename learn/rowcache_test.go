package learn

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// rowKernels are the kernel types with a loop of their own in KernelRow and
// those that go through Eval, alone and nested.
var rowKernels = []Kernel{
	Linear{},
	Poly{D: 1, C: 0}, Poly{D: 2, C: 0}, Poly{D: 2, C: 1}, Poly{D: 3, C: -0.5}, Poly{D: 5, C: 2.3}, Poly{D: 7, C: 0.1},
	RBF{Sigma: 0.1}, RBF{Sigma: 0.5}, RBF{Sigma: 1}, RBF{Sigma: 3.7},
	Sigmoid{Gamma: 1, C: 0}, Sigmoid{Gamma: 0.3, C: -0.5},
	Sum{RBF{Sigma: 1}, Poly{D: 2, C: 0}},
	Product{Linear{}, RBF{Sigma: 2}},
	Scaled{A: 0.5, K: RBF{Sigma: 0.3}},
	Sum{Scaled{A: 3, K: Product{Poly{D: 3, C: 1}, Sigmoid{Gamma: 2, C: 0.1}}}, Linear{}},
}

// TestKernelRowMatchesEval: a cached row and Eval give the same bits in
// either argument order, K(x, zⱼ) = KernelRow(k, ·, x, zs)[j] =
// k.Eval(x, zⱼ) = k.Eval(zⱼ, x), so a score may read a row entry or evaluate
// the kernel and get the same number (tolerance 0). The points include
// repeated ones (‖x − z‖ = 0), signed zeros, both values of x₀ and a range
// of magnitudes.
func TestKernelRowMatchesEval(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 14))
	coord := func() float64 {
		switch r.IntN(6) {
		case 0:
			return float64(r.IntN(5) - 2)
		case 1:
			return math.Copysign(0, float64(r.IntN(2)*2-1))
		case 2:
			return (r.Float64()*2 - 1) * math.Pow(10, float64(r.IntN(7)-3))
		}
		return r.Float64()*3 - 1.5
	}
	zs := make([]Vec, 300)
	for j := range zs {
		zs[j] = Vec{float64(r.IntN(2)), coord(), coord()}
		if j > 0 && r.IntN(10) == 0 {
			zs[j] = zs[r.IntN(j)]
		}
	}
	row := make([]float64, len(zs))
	for _, k := range rowKernels {
		for _, x := range zs[:40] {
			KernelRow(k, row, x, zs)
			for j, z := range zs {
				a, b, c := row[j], k.Eval(x, z), k.Eval(z, x)
				if math.Float64bits(a) != math.Float64bits(b) || math.Float64bits(b) != math.Float64bits(c) {
					t.Fatalf("%s at x=%v z=%v: KernelRow %v, Eval(x, z) %v, Eval(z, x) %v", k.Spec(), x, z, a, b, c)
				}
			}
		}
	}
}

// checkCache verifies the cache's books: every held row is where slot
// says, the free slots hold nothing, the heap is a heap of exactly the
// held slots, and the storage is within the budget (one row allowed).
func checkCache(t *testing.T, c *rowCache) {
	t.Helper()
	held := 0
	for s, i := range c.owner {
		if i >= 0 {
			held++
			if c.slot[i] != int32(s) {
				t.Fatalf("slot %d holds example %d, whose slot is %d", s, i, c.slot[i])
			}
		}
	}
	for i, s := range c.slot {
		if s >= 0 && c.owner[s] != int32(i) {
			t.Fatalf("example %d at slot %d, owned by %d", i, s, c.owner[s])
		}
	}
	if held+len(c.free) != len(c.rows) {
		t.Fatalf("%d held + %d free ≠ %d slots", held, len(c.free), len(c.rows))
	}
	if c.budget > 0 {
		if len(c.heap) != held {
			t.Fatalf("heap of %d, %d rows held", len(c.heap), held)
		}
		for h, s := range c.heap {
			if c.at[s] != int32(h) {
				t.Fatalf("heap[%d] = %d but at = %d", h, s, c.at[s])
			}
			if h > 0 && c.less(s, c.heap[(h-1)/2]) {
				t.Fatalf("heap order broken at %d", h)
			}
		}
		if limit := max(c.budget/8*8, 8*int64(c.n)); c.bytes() > limit {
			t.Fatalf("rows hold %d bytes, budget %d, n = %d", c.bytes(), c.budget, c.n)
		}
	}
	var sum int64
	for _, slab := range c.slabs {
		sum += int64(len(slab))
	}
	if sum != c.held {
		t.Fatalf("held = %d floats, slabs have %d", c.held, sum)
	}
}

// TestRowCacheBooks drives the cache with random uses, drops and growth,
// filling each row with its owner's number, and checks after every
// operation that the books balance and every row read holds its owner's.
func TestRowCacheBooks(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for trial := range 60 {
		n := 1 + r.IntN(50)
		budget := []int64{0, 1, int64(8 * n), int64(8*n + 7), int64(16 * n), int64(8 * n * (1 + r.IntN(n+1)))}[trial%6]
		var c rowCache
		c.init(n, budget)
		alpha := make([]float64, n)
		for range 400 {
			i := r.IntN(c.n)
			switch op := r.IntN(10); {
			case op < 6:
				alpha[i] += 1
				row := c.get(i, alpha[i])
				if row == nil {
					row = c.alloc(i, alpha[i])
					for k := range row {
						row[k] = float64(i)
					}
				}
				if len(row) != c.n || row[0] != float64(i) || row[c.n-1] != float64(i) {
					t.Fatalf("trial %d: the row of %d reads %v…", trial, i, row[0])
				}
			case op < 8:
				c.drop(i)
				alpha[i] = 0
			case op < 9:
				c.grow()
				alpha = append(alpha, 0)
			default:
				c.dropAll()
				clear(alpha)
			}
			checkCache(t, &c)
			for k := range c.n {
				if row := c.peek(k); row != nil && (len(row) != c.n || row[c.n-1] != float64(k)) {
					t.Fatalf("trial %d: peek(%d) gives another row", trial, k)
				}
			}
		}
	}
}

// TestRowCacheKeepsFrequent: with room for a few rows, the rows of the
// points mistaken most stay cached and a pass that mistakes them again
// finds them (LRU would find none: the pass is a scan over more rows than
// fit).
func TestRowCacheKeepsFrequent(t *testing.T) {
	const n = 100
	var c rowCache
	c.init(n, 8*n*5) // four rows and the scratch
	alpha := make([]float64, n)
	use := func(i int) bool {
		alpha[i]++
		if c.get(i, alpha[i]) != nil {
			return true
		}
		c.alloc(i, alpha[i])
		return false
	}
	// Points 0…9 mistaken every pass, 3 and 7 twice as often.
	for range 5 {
		for i := range 10 {
			use(i)
			if i == 3 || i == 7 {
				use(i)
			}
		}
	}
	hits := 0
	for i := range 10 {
		if use(i) {
			hits++
		}
	}
	if c.peek(3) == nil || c.peek(7) == nil || hits < 2 {
		t.Errorf("after 5 passes: rows of 3 and 7 cached %v %v, %d hits in the next pass; want both cached and ≥ 2 hits", c.peek(3) != nil, c.peek(7) != nil, hits)
	}
}

// snapshot is everything a perceptron shows, floats as bits.
type snapshot struct {
	T, Epoch, Mistakes, EpochMistakes, Next, Floor int
	State                                          State
	CanUndo, AtPassStart                           bool
	Err                                            string
	SVs                                            []int
	Alpha, F                                       []uint64
}

func snap(p *Perceptron) snapshot {
	s := snapshot{T: p.T(), Epoch: p.Epoch(), Mistakes: p.Mistakes(), EpochMistakes: p.EpochMistakes(), Next: p.Next(), Floor: p.UndoFloor(),
		State: p.State(), CanUndo: p.CanUndo(), AtPassStart: p.AtPassStart(), SVs: slices.Clone(p.SupportVectors())}
	if p.Err() != nil {
		s.Err = p.Err().Error()
	}
	for i := range p.N() {
		s.Alpha = append(s.Alpha, math.Float64bits(p.Alpha(i)))
		s.F = append(s.F, math.Float64bits(p.Score(i)))
	}
	return s
}

func (s snapshot) equal(o snapshot) bool {
	return s.T == o.T && s.Epoch == o.Epoch && s.Mistakes == o.Mistakes && s.EpochMistakes == o.EpochMistakes &&
		s.Next == o.Next && s.Floor == o.Floor && s.State == o.State && s.CanUndo == o.CanUndo &&
		s.AtPassStart == o.AtPassStart && s.Err == o.Err && slices.Equal(s.SVs, o.SVs) &&
		slices.Equal(s.Alpha, o.Alpha) && slices.Equal(s.F, o.F)
}

// sameStep reports whether two steps (and their errors) are equal bit for
// bit, terms included.
func sameStep(a, b Step, ea, eb error) bool {
	same := func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) }
	if a.T != b.T || a.Epoch != b.Epoch || a.I != b.I || !same(a.F, b.F) || a.Y != b.Y || a.Prediction != b.Prediction ||
		a.Mistake != b.Mistake || !same(a.Alpha, b.Alpha) || len(a.Terms) != len(b.Terms) || fmt.Sprint(ea) != fmt.Sprint(eb) {
		return false
	}
	for k, ta := range a.Terms {
		tb := b.Terms[k]
		if ta.J != tb.J || !same(ta.Alpha, tb.Alpha) || ta.Y != tb.Y || !same(ta.K, tb.K) {
			return false
		}
	}
	return true
}

// outcome is what one operation returned.
type outcome struct {
	steps []Step
	errs  []error
	ok    []bool
}

func (o *outcome) step(p *Perceptron) {
	s, err := p.Step()
	s.Terms = slices.Clone(s.Terms)
	o.steps, o.errs = append(o.steps, s), append(o.errs, err)
}

func (o outcome) equal(q outcome) bool {
	if len(o.steps) != len(q.steps) || !slices.Equal(o.ok, q.ok) {
		return false
	}
	for k := range o.steps {
		if !sameStep(o.steps[k], q.steps[k], o.errs[k], q.errs[k]) {
			return false
		}
	}
	return true
}

// randomSet is random data: uniform points, or points on a small integer
// grid where f is often exactly 0 and the tie rule (and the exact,
// dataset-order sum) decides.
func randomSet(r *rand.Rand, n int) []Example {
	if r.IntN(3) > 0 {
		return randomData(r, n)
	}
	data := make([]Example, n)
	for i := range data {
		data[i] = Example{float64(r.IntN(5) - 2), float64(r.IntN(5) - 2), 2*r.IntN(2) - 1}
	}
	return data
}

// TestBudgetBitIdentical is the property of issue 6: whatever the row
// budget, from below one row (1 byte) to none, training gives the same
// results bit for bit (tolerance 0): every Step's fields and terms, every
// Undo, and after every operation α, f, the schedule, the state, the
// support vectors; at the end K(i, j), Accuracy and Decide. Random data,
// kernels (sums and products too), tie rules, bias, shuffle, narration and
// η (a subnormal η sends every decision through the exact sum), with Step,
// Undo, Append, Run and Reset interleaved.
func TestBudgetBitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(2024, 6))
	for trial := range 120 {
		n := 1 + r.IntN(40)
		data := randomSet(r, n)
		eta := []float64{1, 0.1 + r.Float64(), 1e-320}[r.IntN(3)]
		cfg := Config{Kernel: propertyKernels[r.IntN(len(propertyKernels))], Bias: r.IntN(2) == 0, Tie: Ties[r.IntN(3)],
			Epochs: 1 + r.IntN(12), Shuffle: r.IntN(2) == 0, Seed: r.Uint64(), RunOptions: RunOptions{Narrate: r.IntN(2) == 0}, Params: NewParams("eta", eta)}
		row := int64(8 * n)
		budgets := []int64{0, 1, row - 1, row, row + 1, 2 * row, row * int64(1+r.IntN(n)), 1 << 30}
		ps := make([]*Perceptron, len(budgets))
		for b, bytes := range budgets {
			c := cfg
			c.RowCacheBytes = bytes
			var err error
			if ps[b], err = New(c, data); err != nil {
				t.Fatal(err)
			}
		}
		name := fmt.Sprintf("trial %d (%s, tie %v, η %g, shuffle %v, narrate %v, n %d)", trial, cfg.Kernel.Spec(), cfg.Tie, eta, cfg.Shuffle, cfg.Narrate, n)
		for o := range 250 {
			op := r.IntN(100)
			e := Example{r.Float64()*3 - 1.5, r.Float64()*3 - 1.5, 2*r.IntN(2) - 1}
			var ref outcome
			var refSnap snapshot
			for b, p := range ps {
				var out outcome
				switch {
				case op < 60:
					out.step(p)
				case op < 85:
					out.ok = append(out.ok, p.Undo())
				case op < 90:
					out.errs = append(out.errs, p.Append(e))
					out.ok = append(out.ok, out.errs[0] == nil)
					out.errs = nil
				case op < 93:
					for p.State() == Running {
						out.step(p)
					}
				case op < 95:
					p.Reset()
				default:
					for p.Undo() {
						out.ok = append(out.ok, true)
					}
				}
				if b == 0 {
					ref, refSnap = out, snap(p)
					continue
				}
				if !out.equal(ref) {
					t.Fatalf("%s, op %d (%d): budget %d gave\n%+v\nunbounded\n%+v", name, o, op, budgets[b], out, ref)
				}
				if s := snap(p); !s.equal(refSnap) {
					t.Fatalf("%s, op %d (%d): budget %d: state\n%+v\nunbounded\n%+v", name, o, op, budgets[b], s, refSnap)
				}
				checkCache(t, &p.rows)
			}
		}
		for b, p := range ps[1:] {
			for i := range p.N() {
				for j := range p.N() {
					if math.Float64bits(p.K(i, j)) != math.Float64bits(ps[0].K(i, j)) {
						t.Fatalf("%s: budget %d: K(%d, %d) = %v, unbounded %v", name, budgets[b+1], i, j, p.K(i, j), ps[0].K(i, j))
					}
				}
			}
			if p.Accuracy() != ps[0].Accuracy() || math.Float64bits(p.Decide(0.3, -0.7)) != math.Float64bits(ps[0].Decide(0.3, -0.7)) {
				t.Fatalf("%s: budget %d: accuracy or Decide differs", name, budgets[b+1])
			}
		}
	}
}

// TestBudgetBoundsRows: on a run with many more support vectors than fit,
// the rows never take more than the budget, rows are recomputed, and the
// result is the unbounded one.
func TestBudgetBoundsRows(t *testing.T) {
	data := randomData(rand.New(rand.NewPCG(5, 1)), 600)
	cfg := Config{Kernel: RBF{Sigma: 0.3}, Epochs: 5}
	ref, _ := New(cfg, data)
	if err := ref.Run(); err != nil {
		t.Fatal(err)
	}
	cfg.RowCacheBytes = 8 * 600 * 20 // 20 rows of 600 floats
	p, _ := New(cfg, data)
	for p.State() == Running {
		if _, err := p.Step(); err != nil && !errors.Is(err, ErrStopped) {
			t.Fatal(err)
		}
		if b := p.rows.bytes(); b > cfg.RowCacheBytes {
			t.Fatalf("t=%d: rows hold %d bytes, budget %d", p.T(), b, cfg.RowCacheBytes)
		}
	}
	if len(p.SupportVectors()) <= 20 || p.rows.computed <= len(p.SupportVectors()) {
		t.Fatalf("%d support vectors, %d rows computed: the test does not exercise eviction", len(p.SupportVectors()), p.rows.computed)
	}
	if !snap(p).equal(snap(ref)) {
		t.Fatal("bounded run differs from the unbounded one")
	}
}

func TestNegativeBudgetRejected(t *testing.T) {
	if _, err := New(Config{Kernel: Linear{}, Epochs: 1, RunOptions: RunOptions{RowCacheBytes: -1}}, worked4); err == nil {
		t.Error("RowCacheBytes = −1 accepted")
	}
}
