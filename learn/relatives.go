package learn

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// The perceptron's relatives of seed 002 train on the Perceptron itself:
// the averaged and voted perceptrons keep bookkeeping beside its steps
// (averaged.go), and the budget learners change what a mistake does
// (here and forgetron.go). Everything else (the schedule, the tie rule,
// the kept scores, the row cache, undo) is the perceptron's.

// relKind is which of the perceptron's relatives a Perceptron trains as.
type relKind int

const (
	relPlain relKind = iota // the perceptron itself
	relAveraged
	relVoted
	relStoptron
	relForgetron
	relBudget
)

// averaging reports whether the kind keeps the averaged and voted
// perceptrons' bookkeeping.
func (k relKind) averaging() bool { return k == relAveraged || k == relVoted }

// budgeted reports whether the kind keeps at most a budget of support
// vectors.
func (k relKind) budgeted() bool {
	return k == relStoptron || k == relForgetron || k == relBudget
}

// relatives is the state a relative keeps beside the perceptron's.
type relatives struct {
	kind   relKind
	budget int
	avg    *averaging // the averaged and voted perceptrons
	fifo   *forgetron // the Forgetron
	// forgotten[j] counts the times example j was forgotten by the budget
	// perceptron or the Forgetron (undo counts back), for views.
	forgotten []int32
}

// Forgetting is what a budget learner's mistake did beyond the
// perceptron's update (Step.Forget; nil when it did nothing more).
type Forgetting struct {
	Budget int
	// Frozen: the stoptron's budget is full, so α did not change.
	Frozen bool
	// Removed is the example forgotten (−1: none): the oldest element of
	// the Forgetron's active set, or the support vector the budget
	// perceptron drew at random. RemovedAlpha is the weight it took away
	// (the Forgetron's φ·σ_r; the budget perceptron's α_r).
	Removed      int
	RemovedAlpha float64
	// Random: drawn at random (the budget perceptron), not the oldest.
	Random bool
	// Phi is the Forgetron's shrink φ ∈ [0, 1] (1 for the others), Mu the
	// μ = y_r f′(x_r) it was chosen from, Q its running Q after the step.
	Phi, Mu, Q float64
}

// init sets the relatives' state for n examples and no steps.
func (k *relatives) init(kind relKind, budget, n int) {
	*k = relatives{kind: kind, budget: budget}
	switch {
	case kind.averaging():
		k.avg = newAveraging(n)
	case kind == relForgetron:
		k.fifo = &forgetron{}
	}
	if kind == relForgetron || kind == relBudget {
		k.forgotten = make([]int32, n)
	}
}

// correct does the bookkeeping of a step that was not a mistake.
func (k *relatives) correct() {
	if k.avg != nil {
		k.avg.count++
	}
}

// uncorrect undoes correct.
func (k *relatives) uncorrect() {
	if k.avg != nil {
		k.avg.count--
	}
}

// learnFrom makes the update of a mistake on xᵢ at step t. It returns
// what Undo needs to put it back (record: αᵢ before the update and the
// relative's own, the step, i and the pass's count left for the caller)
// and what it forgot. On an error nothing has changed.
func (p *Perceptron) learnFrom(i, t int) (r record, fg *Forgetting, err error) {
	k := &p.rel
	r.prevAlpha = p.alpha[i]
	switch {
	case k.fifo != nil:
		return p.forgetronMistake(i)
	case k.avg != nil:
		acc, last := k.avg.acc[i], k.avg.last[i]
		k.avg.close(p, 1)
		prev := p.alpha[i]
		if err := p.update(i, prev+p.eta, p.eta, true); err != nil {
			k.avg.close(p, -1)
			return r, nil, err
		}
		k.avg.opened(i, t, prev)
		r.sinceLast = t - 1 - last
		if k.avg.acc[i]-float64(prev*float64(r.sinceLast)) != acc {
			// The sum does not come back exactly: it is written out.
			r.more, r.acc = true, acc
		}
		return r, nil, nil
	case k.kind == relStoptron && len(p.svs) >= p.rel.budget:
		// Orabona, Keshet & Caputo (2009): once the budget is full the
		// stoptron stops; the mistake is counted, α stays.
		r.more, r.prevAlpha = true, math.NaN()
		return r, &Forgetting{Budget: p.rel.budget, Frozen: true, Removed: -1, Phi: 1}, nil
	case k.kind == relBudget && len(p.svs) >= p.rel.budget:
		// Cavallanti, Cesa-Bianchi & Gentile (2007): a mistake with the
		// budget full first forgets a support vector drawn uniformly at
		// random, then updates as the perceptron (budgetKind says how this
		// differs from the paper: the whole αᵣ goes, and xᵢ itself may be
		// drawn).
		rm := p.svs[budgetDraw(p.cfg.Seed, t, len(p.svs))]
		r.more, r.removed, r.removedAlpha = true, rm, p.alpha[rm]
		_ = p.update(rm, 0, -r.removedAlpha, false) // r's row is checked: cannot fail
		k.forgotten[rm]++
		fg = &Forgetting{Budget: p.rel.budget, Removed: rm, RemovedAlpha: r.removedAlpha, Random: true, Phi: 1}
		r.prevAlpha = p.alpha[i]
		if err := p.update(i, r.prevAlpha+p.eta, p.eta, true); err != nil {
			k.forgotten[rm]--
			_ = p.update(rm, r.removedAlpha, r.removedAlpha, false)
			return r, nil, err
		}
		return r, fg, nil
	}
	return r, nil, p.update(i, r.prevAlpha+p.eta, p.eta, true)
}

// budgetDraw is the budget perceptron's draw at step t among m support
// vectors (an index into the ascending list p.svs, uniform on 0…m−1): a
// function of (seed, t) only, so that the same seed gives the same run and
// a step undone and taken again forgets the same one.
func budgetDraw(seed uint64, t, m int) int {
	return rand.New(rand.NewPCG(seed^0x6275646765740000, uint64(t))).IntN(m)
}

// unlearn undoes the mistaken step of record r, just taken off the
// history.
func (p *Perceptron) unlearn(r record) {
	k := &p.rel
	switch {
	case k.fifo != nil:
		p.forgetronUndo(r)
		return
	case k.kind == relStoptron && r.more:
		return // frozen: nothing changed
	}
	prev := r.prevAlpha
	if math.IsNaN(prev) {
		prev = p.alpha[r.i] - p.eta // exact: remember checked it
	}
	// i is a support vector (α > 0) after the step, so its row is checked
	// already and the update cannot fail.
	_ = p.update(r.i, prev, -p.eta, false)
	if k.avg != nil {
		k.avg.reopen(p, r, prev, p.stepsSinceMistake(r.t))
	}
	if k.kind == relBudget && r.more {
		k.forgotten[r.removed]--
		_ = p.update(r.removed, r.removedAlpha, r.removedAlpha, false)
	}
}

// stepsSinceMistake is c_k of the vector the mistake at step t closed
// (the record just taken off): the steps since the mistake before it,
// which counts toward the vector it opened, or t − 1 for the first vector
// (c₁ counts only the correct steps).
func (p *Perceptron) stepsSinceMistake(t int) int {
	c := t - p.hist.last
	if p.mistake == 1 {
		c-- // the first mistake since α = 0
	}
	return c
}

// BudgetPerceptron is a budget learner on the perceptron's engine: the
// stoptron, the Forgetron (forgetron.go) or the budget perceptron, each at
// most Budget support vectors. It is Budgeted.
type BudgetPerceptron struct{ *Perceptron }

var _ Budgeted = (*BudgetPerceptron)(nil)

// Budget is B, the most support vectors.
func (b *BudgetPerceptron) Budget() int { return b.rel.budget }

// Forgotten reports whether example j was a support vector that the budget
// made the learner forget and is not one now.
func (b *BudgetPerceptron) Forgotten(j int) bool {
	k := &b.rel
	return k.forgotten != nil && k.forgotten[j] > 0 && b.alpha[j] == 0
}

// BudgetFull reports whether Budget examples are support vectors: the
// stoptron changes nothing any more, the others forget on the next mistake.
func (b *BudgetPerceptron) BudgetFull() bool { return len(b.svs) >= b.rel.budget }

// StopsWhenFull reports whether this is the stoptron.
func (b *BudgetPerceptron) StopsWhenFull() bool { return b.rel.kind == relStoptron }

// newBudget makes a budget learner of kind (called from each kind's own
// function literal, as newAveraged is).
func newBudget(kind relKind, cfg Config, data []Example) (Learner, error) {
	p, err := newPerceptron(cfg, data, kind)
	if err != nil {
		return nil, err
	}
	return &BudgetPerceptron{p}, nil
}

// budgetSetting is B, the budget learners' most support vectors.
var budgetSetting = &Setting{
	Name: "budget", Symbol: "B", Noun: "the budget", Range: "at least 1 support vector", InName: true, InHeader: true,
	Usage:   "the most support vectors of the stoptron, forgetron and budget learners, ≥ 1 (the budget learner draws the one it forgets from --seed)",
	Default: 10, Integer: true, Min: 1,
	// ( and ) step it along a ladder of round sizes.
	Ladder: []float64{1, 2, 3, 4, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 1000},
	Keys:   [2]string{"(", ")"},
}

// stoptronKind is the stoptron of Orabona, Keshet & Caputo (2009).
var stoptronKind = &LearnerKind{
	Name: "stoptron", Title: "the stoptron", Short: "stoptron",
	Summary: "the perceptron until --budget examples are support vectors, then α stops",
	Source:  "Orabona, Keshet & Caputo 2009",
	Intro: func(cfg Config) string {
		return fmt.Sprintf("learner: the stoptron (Orabona et al. 2009): the perceptron until %s, then α stops; ( ) change the budget", countOf(int(cfg.Params.Value(budgetSetting)), "example is a support vector", "examples are support vectors"))
	},
	Settings: []*Setting{etaSetting, budgetSetting}, Passes: true, Appends: true,
	New: func(cfg Config, data []Example) (Learner, error) { return newBudget(relStoptron, cfg, data) },
}

// budgetKind is the randomized budget perceptron of Cavallanti,
// Cesa-Bianchi & Gentile, "Tracking the best hyperplane with a simple
// budget Perceptron", Machine Learning 69 (2007) 143–167: at most B
// support vectors; a mistake with B of them forgets one drawn uniformly at
// random, then makes the perceptron's update αᵢ += η (learnFrom).
//
// What forgetting takes. The paper learns from a stream: every mistake
// stores its own example, of weight 1, and forgetting drops that one
// term yᵣxᵣ. Here the examples are visited pass after pass, and αⱼ sums
// every mistake on xⱼ since it was last forgotten (αⱼ = η·their number), so
// the budget counts examples, not mistakes; forgetting r sets αᵣ to 0 and
// f drops the whole αᵣyᵣK(xᵣ, ·), however many mistakes αᵣ holds. In a
// first pass, where each αⱼ is at most η, the two agree; later a draw that
// is uniform over examples is not over mistakes, and one forgetting may
// undo several of them (the narration writes the α it took away).
//
// What the draw may pick. Any support vector as they are before this
// step's update (budgetDraw, from --seed and the step number), the
// example just mistaken included when it is a support vector already (a
// mistake on it in an earlier pass): its α then goes to 0 and the update
// sets it to η, so the step leaves αᵢ = η and B support vectors. When xᵢ
// is a support vector and another is drawn, αᵢ grows by η and B − 1
// remain: the step forgot although it added no support vector. When xᵢ is
// not one it cannot be drawn (it joins after the draw, as the paper's new
// example does) and B remain.
var budgetKind = &LearnerKind{
	Name: "budget", Title: "the budget perceptron", Short: "budget perceptron",
	Summary: "at most --budget support vectors; a mistake with the budget full forgets one drawn at random (from --seed)",
	Source:  "Cavallanti, Cesa-Bianchi & Gentile 2007",
	Intro: func(cfg Config) string {
		return fmt.Sprintf("learner: the budget perceptron (Cavallanti et al. 2007): at most %s; a mistake with the budget full forgets one drawn at random (seed %d); ( ) change it", countOf(int(cfg.Params.Value(budgetSetting)), "support vector", "support vectors"), cfg.Seed)
	},
	Settings: []*Setting{etaSetting, budgetSetting}, Passes: true, Appends: true,
	New: func(cfg Config, data []Example) (Learner, error) { return newBudget(relBudget, cfg, data) },
}
