package lab

import (
	"kernelscope/crossval"
	"kernelscope/learn"
)

// PassLog is the history of a run pass by pass, for the chart of mistakes
// per pass: convergence is the bars reaching zero, cycling on data that is
// not separable (seed 001: the perceptron then never stops) is bars that
// never do.
//
// A run that never stops makes passes without end (four points and
// --epochs 1e9: 70 000 passes a second), and the log is bounded as the
// undo history is (issue 34: it had grown 150 bytes a pass, 1.6 GB in a
// minute). It keeps two things:
//
//   - the ends of the passes that undo can still reach, and of the pass
//     before them, exactly (passtape.go: about 5 bytes a pass), so that
//     stepping back drops each pass end its step took back and leaves the
//     log as it was when the run was there. How many that is follows the
//     undo history's budget (lab.UndoBytes): the perceptron and its
//     relatives record every mistake in it, 4 bytes or more, and a pass
//     without one ends the run; PA and Pegasos record every update and
//     every margin under 1, which a pass all but always has;
//   - the whole run in groups of consecutive passes, as the chart draws it
//     when it has more passes than columns: the mistakes of each group and
//     the state at the end of its last pass. Level k holds groups of 2ᵏ
//     passes, at most maxGroups of them, so it covers passes 1 … 2ᵏ·
//     maxGroups; the chart draws the finest level that covers the run. A
//     level is made by merging the one below when the run outgrows it, and
//     is dropped once undo can no longer take the run back within it: a
//     few levels of 50 KB each.
//
// Every level that covers the newest pass takes that pass in, and gives it
// back on undo (its mistakes out of its group, and its group's last state
// that of the pass before, from the exact ends), so what the chart is
// drawn from at a step is the same whether the run got there forward or
// by stepping back.
type PassLog struct {
	levels []passLevel
	ends   passTape
	// n counts the passes ended; version counts the changes, for views
	// cached on the log (it goes on counting across a clear).
	n, version int
}

// PassEnd is the state at the end of one pass over the data.
type PassEnd struct {
	T        int // the step that ended it
	Mistakes int // mistakes made in the pass
	Train    float64
	Test     float64 // with HasTest: rows are held out
	HasTest  bool
	// Loss is the mean log-loss of f then, with HasLoss: the learner
	// models P(y = +1 | x) (learn.Probabilistic), and its chart is the
	// loss per pass.
	Loss    float64
	HasLoss bool
}

// PassGroup is consecutive passes of a run: how many, the mistakes made in
// them, and the state at the end of the last of them.
type PassGroup struct {
	Passes   int
	Mistakes int
	Last     PassEnd
}

// passLevel is the run in groups of per passes: passes 1 … per·maxGroups
// at most, the last group holding what is left.
type passLevel struct {
	per    int
	groups []PassGroup
}

// maxGroups is the most groups a level holds: more than the columns of any
// chart (a panel 500 cells wide), so the finest level that covers a run,
// with more than maxGroups/2 groups, has a group or more to each column. A
// variable, so that tests reach the levels in a few passes.
var maxGroups = 1024

// covers reports whether the level reaches pass k.
func (l *passLevel) covers(k int) bool { return k <= l.per*maxGroups }

// Len is the number of passes ended.
func (l *PassLog) Len() int { return l.n }

// Version counts the changes of the log: a view drawn from it draws again
// when it moves.
func (l *PassLog) Version() int { return l.version }

// Last is the end of the newest pass; false when none has ended.
func (l *PassLog) Last() (PassEnd, bool) {
	if l.n == 0 {
		return PassEnd{}, false
	}
	return l.ends.newest(), true
}

// Groups is the run in consecutive groups of per passes, oldest first, the
// last group holding the passes left over: one pass to a group while the
// run has at most maxGroups (1024) passes, and always more than half as
// many groups as that afterwards. Each group's Last is the exact end of
// its last pass. The slice is the log's own: do not change it.
func (l *PassLog) Groups() (per int, groups []PassGroup) {
	for k := range l.levels {
		if lv := &l.levels[k]; lv.covers(l.n) {
			return lv.per, lv.groups
		}
	}
	return 1, nil
}

// Ends are the exact ends the log holds, oldest first: every pass of a run
// whose steps undo can all take back, otherwise the passes it can still
// take back and the one before them. It makes a new slice.
func (l *PassLog) Ends() []PassEnd { return l.ends.all() }

// clear empties the log (α is 0 again).
func (l *PassLog) clear() {
	l.levels, l.n = l.levels[:0], 0
	l.ends.clear()
	l.version++
}

// add logs e, the end of pass n+1, and forgets the exact ends that undo,
// which reaches back to step floor, no longer needs.
func (l *PassLog) add(e PassEnd, floor int) {
	l.n++
	l.version++
	if k := len(l.levels); k == 0 {
		l.levels = append(l.levels, passLevel{per: 1})
	} else if top := &l.levels[k-1]; !top.covers(l.n) {
		l.levels = append(l.levels, top.merged())
	}
	for k := range l.levels {
		if lv := &l.levels[k]; lv.covers(l.n) {
			lv.take(l.n, e)
		}
	}
	l.ends.push(e)
	l.ends.forget(floor)
	// A level that covers only passes that undo can no longer bring the
	// run back to is never drawn again. The first of the ends held is at
	// or before the floor, or the run's first pass.
	oldest := l.n - l.ends.len() + 1
	drop := 0
	for drop < len(l.levels)-1 && !l.levels[drop].covers(oldest) {
		drop++
	}
	l.levels = l.levels[drop:]
}

// take puts pass k, which ended at e, into its group.
func (lv *passLevel) take(k int, e PassEnd) {
	g := (k - 1) / lv.per
	if g == len(lv.groups) {
		lv.groups = append(lv.groups, PassGroup{Passes: 1, Mistakes: e.Mistakes, Last: e})
		return
	}
	lv.groups[g].Passes++
	lv.groups[g].Mistakes += e.Mistakes
	lv.groups[g].Last = e
}

// merged is the level above lv, made when the run outgrows lv (every
// group of lv is full): its groups pair lv's.
func (lv *passLevel) merged() passLevel {
	up := passLevel{per: 2 * lv.per, groups: make([]PassGroup, 0, maxGroups)}
	for k := 0; k < len(lv.groups); k += 2 {
		g := lv.groups[k]
		if k+1 < len(lv.groups) {
			h := lv.groups[k+1]
			g = PassGroup{Passes: g.Passes + h.Passes, Mistakes: g.Mistakes + h.Mistakes, Last: h.Last}
		}
		up.groups = append(up.groups, g)
	}
	return up
}

// trim drops the passes that ended after step t, newest first, after an
// undo took t back: each out of its group in every level that covers it,
// the group's last state then that of the pass before it.
func (l *PassLog) trim(t int) {
	for l.n > 0 && l.ends.len() > 0 {
		e := l.ends.newest()
		if e.T <= t {
			return
		}
		l.ends.pop()
		var before PassEnd
		if l.ends.len() > 0 {
			before = l.ends.newest()
		}
		for k := range l.levels {
			lv := &l.levels[k]
			if !lv.covers(l.n) {
				continue
			}
			g := (l.n - 1) / lv.per
			if lv.groups[g].Passes == 1 {
				lv.groups = lv.groups[:g]
				continue
			}
			lv.groups[g].Passes--
			lv.groups[g].Mistakes -= e.Mistakes
			lv.groups[g].Last = before
		}
		l.n--
		l.version++
	}
}

// notePass records the pass that the step just taken ended, if it ended one.
// Only the perceptron and its relatives make passes; the SVM's steps are
// pair updates.
func (s *Session) notePass() {
	p := s.Passer()
	if p == nil || p.T() == 0 || !p.AtPassStart() {
		return
	}
	if last, ok := s.passes.Last(); ok && last.T >= p.T() {
		return
	}
	end := PassEnd{T: p.T(), Mistakes: p.EpochMistakes(), Train: crossval.TrainAccuracy(p)}
	end.Test, end.HasTest = s.TestAccuracy()
	if pr, ok := p.(learn.Probabilistic); ok {
		end.Loss, end.HasLoss = pr.LogLoss(), true
	}
	s.passes.add(end, s.p.UndoFloor())
}

// trimPasses drops the passes that ended after the learner's step, after
// an undo.
func (s *Session) trimPasses() { s.passes.trim(s.p.T()) }
