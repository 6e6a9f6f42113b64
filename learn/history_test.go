package learn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"testing"
)

// setUndoCap caps the history at n records for one test.
func setUndoCap(t *testing.T, n int) {
	t.Helper()
	old := maxUndoRecords
	maxUndoRecords = n
	t.Cleanup(func() { maxUndoRecords = old })
}

// replay is a perceptron made afresh and taken through a log of operations:
// a step (nil) or an append.
func replay(t *testing.T, cfg Config, data []Example, log []*Example) *Perceptron {
	t.Helper()
	p, err := New(cfg, data)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range log {
		if e == nil {
			if _, err := p.Step(); err != nil {
				t.Fatalf("replay: %v", err)
			}
		} else if err := p.Append(*e); err != nil {
			t.Fatalf("replay: %v", err)
		}
	}
	return p
}

// sameAsReplay checks p against a fresh run to the same point: α and the
// schedule exactly, f within 1e-9 (Undo subtracts what Step added, which
// rounds; the scores are O(10) here, so 1e-9 is about 10⁶ units in the last
// place, far above the rounding of a few hundred updates).
func sameAsReplay(t *testing.T, what string, p, ref *Perceptron) {
	t.Helper()
	if !slices.Equal(p.Alphas(), ref.Alphas()) {
		t.Fatalf("%s: α = %v, fresh run %v", what, p.Alphas(), ref.Alphas())
	}
	if p.T() != ref.T() || p.Epoch() != ref.Epoch() || p.AtPassStart() != ref.AtPassStart() || p.Next() != ref.Next() ||
		p.Mistakes() != ref.Mistakes() || p.EpochMistakes() != ref.EpochMistakes() || p.State() != ref.State() ||
		!slices.Equal(p.SupportVectors(), ref.SupportVectors()) {
		t.Fatalf("%s: schedule t=%d epoch=%d start=%v next=%d mistakes=%d/%d %v; fresh run t=%d epoch=%d start=%v next=%d mistakes=%d/%d %v",
			what, p.T(), p.Epoch(), p.AtPassStart(), p.Next(), p.Mistakes(), p.EpochMistakes(), p.State(),
			ref.T(), ref.Epoch(), ref.AtPassStart(), ref.Next(), ref.Mistakes(), ref.EpochMistakes(), ref.State())
	}
	for i := range p.N() {
		if math.Abs(p.Score(i)-ref.Score(i)) > 1e-9 {
			t.Fatalf("%s: f(x%d) = %v, fresh run %v", what, i+1, p.Score(i), ref.Score(i))
		}
	}
}

// TestUndoMatchesFreshRun: random sequences of steps, undos, runs to the
// end (convergence or the epoch cap), undoing everything, and appends, with
// shuffle on and off and the history cap small or not, leave the perceptron
// exactly where a fresh run of the operations not undone leaves it. Undo
// goes back as far as UndoFloor and no further, and the steps it meets
// again are the ones taken before.
func TestUndoMatchesFreshRun(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 2))
	for trial := range 80 {
		limit := []int{math.MaxInt, 0, 1, 3, 10}[trial%5]
		setUndoCap(t, limit)
		n := 1 + r.IntN(25)
		data := randomSet(r, n)
		cfg := Config{Kernel: propertyKernels[r.IntN(len(propertyKernels))], Bias: r.IntN(2) == 0, Tie: Ties[r.IntN(3)], Epochs: 1 + r.IntN(8), Shuffle: r.IntN(2) == 0, Seed: r.Uint64(), RunOptions: RunOptions{RowCacheBytes: int64(r.IntN(3) * 8 * n)}, Params: NewParams("eta", 0.5+r.Float64())}
		p, err := New(cfg, data)
		if err != nil {
			t.Fatal(err)
		}
		var log []*Example
		var taken []Step // the steps of log, for comparing steps taken again
		base := data
		name := fmt.Sprintf("trial %d (%s, shuffle %v, cap %d)", trial, cfg.Kernel.Spec(), cfg.Shuffle, limit)
		stepOnce := func() {
			s, err := p.Step()
			if err != nil {
				return
			}
			log = append(log, nil)
			taken = append(taken, s)
		}
		undoOnce := func() bool {
			floor := p.UndoFloor()
			if !p.Undo() {
				if p.T() != floor {
					t.Fatalf("%s: Undo refused at t=%d, UndoFloor %d", name, p.T(), floor)
				}
				return false
			}
			if len(log) == 0 || log[len(log)-1] != nil {
				t.Fatalf("%s: Undo went back past an Append", name)
			}
			log, taken = log[:len(log)-1], taken[:len(taken)-1]
			return true
		}
		for o := range 200 {
			switch op := r.IntN(100); {
			case op < 55:
				before := len(taken)
				stepOnce()
				if len(taken) > before {
					// A step taken again after undos is the step taken first.
					ref := replay(t, cfg, base, log[:len(log)-1])
					s, _ := ref.Step()
					if got := taken[len(taken)-1]; got.I != s.I || got.Mistake != s.Mistake || got.Epoch != s.Epoch || got.T != s.T {
						t.Fatalf("%s, op %d: step %+v, fresh run %+v", name, o, got, s)
					}
				}
			case op < 85:
				undoOnce()
			case op < 89:
				for p.State() == Running {
					stepOnce()
				}
			case op < 92:
				for undoOnce() {
				}
				if p.CanUndo() || p.T() != p.UndoFloor() {
					t.Fatalf("%s: after undoing all, t=%d floor=%d CanUndo %v", name, p.T(), p.UndoFloor(), p.CanUndo())
				}
			case op < 96:
				e := Example{r.Float64()*3 - 1.5, r.Float64()*3 - 1.5, 2*r.IntN(2) - 1}
				if err := p.Append(e); err != nil {
					t.Fatal(err)
				}
				log = append(log, &e)
				if p.CanUndo() || p.UndoFloor() != p.T() {
					t.Fatalf("%s: after Append, CanUndo %v floor %d t %d", name, p.CanUndo(), p.UndoFloor(), p.T())
				}
			default:
				p.Reset()
				base = append(slices.Clone(base), appended(log)...)
				log, taken = nil, nil
			}
			if p.UndoFloor() > p.T() || (limit == math.MaxInt && p.UndoFloor() != p.T()-stepsSinceAppend(log)) {
				t.Fatalf("%s, op %d: UndoFloor %d at t=%d", name, o, p.UndoFloor(), p.T())
			}
			if historyLen(p) > limit {
				t.Fatalf("%s: %d records, cap %d", name, historyLen(p), limit)
			}
			sameAsReplay(t, fmt.Sprintf("%s, op %d", name, o), p, replay(t, cfg, base, log))
		}
	}
}

// appended is the examples appended in a log.
func appended(log []*Example) []Example {
	var es []Example
	for _, e := range log {
		if e != nil {
			es = append(es, *e)
		}
	}
	return es
}

// stepsSinceAppend is the number of steps at the end of a log.
func stepsSinceAppend(log []*Example) int {
	k := 0
	for k < len(log) && log[len(log)-1-k] == nil {
		k++
	}
	return k
}

// historyLen is the number of undo records held.
func historyLen(p *Perceptron) int { return p.hist.len() }

// zeroPoint is a set on which every pass makes exactly one mistake, for ever,
// under TieMistake with the linear kernel and no bias: x₁ = (0, 0) has
// K(x₁, ·) = 0, so f(x₁) = 0 whatever α is, which is always a mistake, and
// adding to α₁ changes no score. The other points (k, 0), k ≥ 1, labelled
// +1, are right once the first of them is a support vector (f = Σ αⱼ k·kⱼ >
// 0), so only the first pass mistakes a second point.
func zeroPoint(n int) []Example {
	data := []Example{{0, 0, 1}}
	for k := 1; k < n; k++ {
		data = append(data, Example{float64(k), 0, 1})
	}
	return data
}

// TestHistoryIsPerMistake: 100 passes over 1000 points with one mistake a
// pass keep 101 records (the mistakes), not 100 000 (the steps), and undo
// all 100 000 steps exactly.
func TestHistoryIsPerMistake(t *testing.T) {
	cfg := Config{Kernel: Linear{}, Tie: TieMistake, Epochs: 100}
	p, _ := New(cfg, zeroPoint(1000))
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if p.State() != Capped || p.T() != 100_000 || p.Mistakes() != 101 || historyLen(p) != 101 {
		t.Fatalf("%v after t=%d with %d mistakes: %d records; want capped at t=100000, 101 mistakes, 101 records", p.State(), p.T(), p.Mistakes(), historyLen(p))
	}
	for _, to := range []int{99_999, 54_321, 1000, 999, 1} {
		for p.T() > to {
			p.Undo()
		}
		ref, _ := New(cfg, zeroPoint(1000))
		for range to {
			_, _ = ref.Step()
		}
		sameAsReplay(t, fmt.Sprintf("undone to t=%d", to), p, ref)
	}
	for p.Undo() {
	}
	if p.T() != 0 || p.Alpha(0) != 0 || p.Alpha(1) != 0 || p.Epoch() != 0 || p.UndoFloor() != 0 {
		t.Errorf("after undoing all: t=%d α₁=%v α₂=%v epoch %d", p.T(), p.Alpha(0), p.Alpha(1), p.Epoch())
	}
}

// TestUndoCap: with the history capped at 10 mistakes, Undo stops at the
// step of the 11th mistake from the end (the earliest state it can restore:
// the one right after the last mistake it forgot), says so through
// UndoFloor and CanUndo, and leaves the state a fresh run to that step has.
func TestUndoCap(t *testing.T) {
	setUndoCap(t, 10)
	cfg := Config{Kernel: Linear{}, Tie: TieMistake, Epochs: 30, Shuffle: true, Seed: 5}
	data := zeroPoint(50)
	ref, _ := New(cfg, data)
	var mistakeT []int
	for ref.State() == Running {
		if s, _ := ref.Step(); s.Mistake {
			mistakeT = append(mistakeT, s.T)
		}
	}
	p, _ := New(cfg, data)
	_ = p.Run()
	want := mistakeT[len(mistakeT)-11]
	if historyLen(p) != 10 || p.UndoFloor() != want {
		t.Fatalf("%d records, UndoFloor %d; want 10 and %d (the 11th mistake from the end)", historyLen(p), p.UndoFloor(), want)
	}
	for p.Undo() {
	}
	if p.T() != want || p.CanUndo() {
		t.Fatalf("undo stopped at t=%d (CanUndo %v), want %d", p.T(), p.CanUndo(), want)
	}
	fresh, _ := New(cfg, data)
	for range want {
		_, _ = fresh.Step()
	}
	sameAsReplay(t, "at the floor", p, fresh)
	// And it trains on from there as the fresh run does.
	_, _ = p.Run(), fresh.Run()
	sameAsReplay(t, "trained on from the floor", p, fresh)
}

func TestNoHistory(t *testing.T) {
	p, _ := New(Config{Kernel: Linear{}, Epochs: 5, RunOptions: RunOptions{NoHistory: true}}, zeroPoint(20))
	_ = p.Run()
	if p.CanUndo() || p.Undo() || p.UndoFloor() != p.T() || historyLen(p) != 0 {
		t.Errorf("NoHistory: CanUndo %v, floor %d at t=%d, %d records", p.CanUndo(), p.UndoFloor(), p.T(), historyLen(p))
	}
}

// TestHistoryMemory prints the heap the undo history takes, against
// NoHistory: at 10⁶ mistakes (every step a mistake: two points at the
// origin, opposite labels), and over 10⁷ steps with one mistake a pass
// (zeroPoint, n = 1000, 10⁴ passes). Run with
// KERNELSCOPE_HISTORY=1 go test -run TestHistoryMemory -v ./learn.
func TestHistoryMemory(t *testing.T) {
	if os.Getenv("KERNELSCOPE_HISTORY") == "" {
		t.Skip("set KERNELSCOPE_HISTORY=1 to measure")
	}
	heap := func(data []Example, epochs int, until func(p *Perceptron) bool, noHistory bool) (int64, *Perceptron) {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		p, _ := New(Config{Kernel: Linear{}, Tie: TieMistake, Epochs: epochs, RunOptions: RunOptions{NoHistory: noHistory}}, data)
		for p.State() == Running && !until(p) {
			_, _ = p.Step()
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		return int64(after.HeapAlloc) - int64(before.HeapAlloc), p
	}
	million := func(p *Perceptron) bool { return p.Mistakes() >= 1_000_000 }
	never := func(*Perceptron) bool { return false }
	for _, c := range []struct {
		name   string
		data   []Example
		epochs int
		until  func(*Perceptron) bool
	}{
		{"10⁶ mistakes", []Example{{0, 0, 1}, {0, 0, -1}}, 1_000_000, million},
		{"10⁷ steps, 10⁴ mistakes", zeroPoint(1000), 10_000, never},
	} {
		with, p := heap(c.data, c.epochs, c.until, false)
		without, _ := heap(c.data, c.epochs, c.until, true)
		t.Logf("%s (t=%d, %d mistakes, %d records): heap %.1f MB with the history, %.1f MB without",
			c.name, p.T(), p.Mistakes(), historyLen(p), float64(with)/1e6, float64(without)/1e6)
		runtime.KeepAlive(p)
	}
}

// TestUndoBytesConfig: Config.UndoBytes bounds the history in bytes. On
// xor with the linear kernel (never separable) every pass has mistakes,
// and with η = 1 a mistake's record is 4 bytes (the step's difference from
// the mistake before, i with its marks, the pass's count, the length; αᵢ
// before is α − 1, exactly, so it is not written): 12 bytes hold 3, and
// Undo puts back exactly the last 3 mistakes and the correct steps after
// the oldest of them, then stops, at the state a fresh run has there.
func TestUndoBytesConfig(t *testing.T) {
	data := []Example{{1, 1, 1}, {-1, -1, 1}, {1, -1, -1}, {-1, 1, -1}}
	cfg := Config{Kernel: Linear{}, Tie: TieMistake, Epochs: 50, RunOptions: RunOptions{UndoBytes: 12}}
	p, err := New(cfg, data)
	if err != nil {
		t.Fatal(err)
	}
	var mistakeT []int
	for range 40 {
		st, err := p.Step()
		if err != nil {
			t.Fatal(err)
		}
		if st.Mistake {
			mistakeT = append(mistakeT, st.T)
		}
	}
	if len(mistakeT) < 4 {
		t.Fatalf("only %d mistakes in 40 steps", len(mistakeT))
	}
	if historyLen(p) != 3 || p.HistoryBytes() > 12 {
		t.Errorf("%d records in %d bytes, want 3 in at most 12", historyLen(p), p.HistoryBytes())
	}
	// The floor is the step of the newest dropped mistake: the 4th newest.
	want := mistakeT[len(mistakeT)-4]
	if got := p.UndoFloor(); got != want {
		t.Errorf("UndoFloor = %d, want %d (mistakes at %v)", got, want, mistakeT)
	}
	for p.Undo() {
	}
	if p.T() != want || p.Mistakes() != len(mistakeT)-3 {
		t.Errorf("after undoing all it can: T=%d mistakes=%d; want T=%d mistakes=%d", p.T(), p.Mistakes(), want, len(mistakeT)-3)
	}
	fresh, _ := New(cfg, data)
	for fresh.T() < want {
		_, _ = fresh.Step()
	}
	sameAsReplay(t, "at the floor", p, fresh)
	if _, err := New(Config{Kernel: Linear{}, RunOptions: RunOptions{UndoBytes: -1}}, data); err == nil {
		t.Error("UndoBytes −1 is accepted")
	}
}
