package lab

import (
	"flag"
	"runtime"
	"testing"
	"unsafe"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// memorySteps is how many steps BenchmarkSessionMemory takes: 450 000 is
// 90 s of autoplay at 5000 steps a second; 3 000 000 is 10 minutes.
var memorySteps = flag.Int("memory.steps", 450_000, "steps BenchmarkSessionMemory takes")

// issueRun is a session on issue 25's runs, which never converge: xor,
// n = 400, noise 0.6, the linear kernel and a million passes for the
// learners that pass; the SVM on moons, n = 400, noise 0.4, with tol
// 1e-300, poly(d=3) and C = 1000 (with the moons preset and C = 1, SMO
// stops after 2132 steps: its update rounds to nothing).
func issueRun(tb testing.TB, kind *learn.LearnerKind) Options {
	tb.Helper()
	name, noise := "xor", 0.6
	if !kind.Passes {
		name, noise = "moons", 0.4
	}
	o := builtin(tb, name, 400)
	b, _ := datasets.Lookup(name)
	o.Noise, o.Points = noise, b.Generate(400, noise, 1)
	o.Config.Learner, o.Config.Epochs = kind.Name, 1_000_000
	if kind.Passes {
		o.Config.Kernel = learn.Linear{}
	} else {
		o.Config.Kernel = learn.Poly{D: 3, C: 1}
		o.Config = o.Config.With("tol", 1e-300).With("C", 1000)
	}
	return o
}

// heapAlloc is the live heap after a collection.
func heapAlloc() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkSessionMemory is what a session of each learner holds after
// -memory.steps steps taken as autoplay takes them (quiet, the field of a
// 100×30 terminal's region following α), on issue 25's runs: the undo
// history's bytes (B/history, what the learner's records take), the
// narration kept for stepping back (B/narration), the steps undo reaches
// back (steps/undo), and the live heap the session grew by, after a
// collection (B/session-growth).
//
//	go test ./lab/ -run '^$' -bench SessionMemory -benchtime 1x [-memory.steps 3000000]
func BenchmarkSessionMemory(b *testing.B) {
	for _, kind := range learn.Learners() {
		b.Run(kind.Name, func(b *testing.B) {
			o := issueRun(b, kind)
			for range b.N {
				b.StopTimer()
				before := heapAlloc()
				s := open(b, o)
				s.Resize(62, 42)
				b.StartTimer()
				for range *memorySteps {
					if !s.Take(false) {
						b.Fatalf("stopped at step %d: %v", s.Learner().T(), s.Err())
					}
				}
				s.NarrateLast()
				b.StopTimer()
				grown := heapAlloc() - before
				l := s.Learner()
				b.ReportMetric(float64(l.HistoryBytes()), "B/history")
				b.ReportMetric(float64(narrationBytes(s)), "B/narration")
				b.ReportMetric(float64(l.T()-l.UndoFloor()), "steps/undo")
				b.ReportMetric(float64(grown), "B/session-growth")
				runtime.KeepAlive(s)
			}
		})
	}
}

// narrationBytes is what the narration kept for stepping back holds: the
// steps, their written sums and their pair updates and forgettings.
func narrationBytes(s *Session) int {
	n := cap(s.steps) * int(unsafe.Sizeof(Shown{}))
	for _, st := range s.steps {
		n += len(st.Terms) + len(st.Pair)
		if st.Step.Pair != nil {
			n += int(unsafe.Sizeof(*st.Step.Pair))
		}
		if st.Step.Forget != nil {
			n += int(unsafe.Sizeof(*st.Step.Forget))
		}
	}
	return n
}
