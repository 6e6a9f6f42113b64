package learn

import (
	"math/rand/v2"
)

// The perceptron's relatives of seed 002 train on the Perceptron itself:
// the averaged and voted perceptrons keep bookkeeping beside its steps
// (averaged.go), and the budget learners change what a mistake does
// (here and forgetron.go). Everything else (the schedule, the tie rule,
// the kept scores, the row cache, undo) is the perceptron's.

// relatives is the state a relative keeps beside the perceptron's.
type relatives struct {
	algo   Algo
	budget int
	avg    *averaging // the averaged and voted perceptrons
	fifo   *forgetron // the Forgetron
	// forgotten[j] counts the times example j was forgotten by the budget
	// perceptron or the Forgetron (undo counts back), for views.
	forgotten []int32
	// hist holds one record per mistake for the relatives that need more
	// than the perceptron's record to undo it, in step with its history.
	hist ring[relRecord]
}

// relRecord is what undoing one mistaken step of a relative needs beyond
// the perceptron's record.
type relRecord struct {
	// The averaged and voted perceptrons: example i's running sum and the
	// step it was taken at before the mistake, and c_k of the vector the
	// mistake closed.
	acc   float64
	last  int
	count int
	// The stoptron: the budget was full and nothing changed.
	frozen bool
	// The budget perceptron: the example forgotten (−1: none) and its α.
	removed      int
	removedAlpha float64
	// The Forgetron: the shrink, if the mistake overflowed the budget.
	shrink *shrinkRecord
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
func (k *relatives) init(cfg Config, n int) {
	a := cfg.Algo
	*k = relatives{algo: a, budget: cfg.Budget}
	switch {
	case a.Averaging():
		k.avg = newAveraging(n)
	case a == AlgoForgetron:
		k.fifo = &forgetron{}
	}
	if a == AlgoForgetron || a == AlgoBudget {
		k.forgotten = make([]int32, n)
	}
}

// recorded reports whether mistakes need relRecords to be undone.
func (k *relatives) recorded() bool { return k.algo != AlgoPerceptron }

// undoBytes is the most the Forgetron's undo records may take: each holds
// the B + 1 weights σ the shrink scaled.
const undoBytes = 64 << 20

// undoLimit is the most mistakes the relatives' undo history holds.
func (k *relatives) undoLimit(n int) int {
	if k.fifo == nil {
		return maxUndoMistakes
	}
	per := 8*(min(k.budget, n)+1) + 96
	return max(16, undoBytes/per)
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
// αᵢ before the perceptron's update (the record's prevAlpha), what the
// relative needs to undo it, and what it forgot. On an error nothing has
// changed.
func (p *Perceptron) learnFrom(i, t int) (prev float64, aux relRecord, fg *Forgetting, err error) {
	k := &p.rel
	aux.removed = -1
	switch {
	case k.fifo != nil:
		return p.forgetronMistake(i)
	case k.avg != nil:
		aux.acc, aux.last, aux.count = k.avg.acc[i], k.avg.last[i], k.avg.count
		k.avg.close(p, 1)
		prev = p.alpha[i]
		if err := p.update(i, prev+p.cfg.Eta, p.cfg.Eta, true); err != nil {
			k.avg.close(p, -1)
			return 0, aux, nil, err
		}
		k.avg.opened(i, t, prev)
		return prev, aux, nil, nil
	case k.algo == AlgoStoptron && len(p.svs) >= p.cfg.Budget:
		// Orabona, Keshet & Caputo (2009): once the budget is full the
		// stoptron stops; the mistake is counted, α stays.
		aux.frozen = true
		return p.alpha[i], aux, &Forgetting{Budget: p.cfg.Budget, Frozen: true, Removed: -1, Phi: 1}, nil
	case k.algo == AlgoBudget && len(p.svs) >= p.cfg.Budget:
		// Cavallanti, Cesa-Bianchi & Gentile (2007): a mistake with the
		// budget full first forgets a support vector drawn uniformly at
		// random, then updates as the perceptron.
		r := p.svs[budgetDraw(p.cfg.Seed, t, len(p.svs))]
		aux.removed, aux.removedAlpha = r, p.alpha[r]
		_ = p.update(r, 0, -aux.removedAlpha, false) // r's row is checked: cannot fail
		k.forgotten[r]++
		fg = &Forgetting{Budget: p.cfg.Budget, Removed: r, RemovedAlpha: aux.removedAlpha, Random: true, Phi: 1}
		prev = p.alpha[i]
		if err := p.update(i, prev+p.cfg.Eta, p.cfg.Eta, true); err != nil {
			k.forgotten[r]--
			_ = p.update(r, aux.removedAlpha, aux.removedAlpha, false)
			return 0, aux, nil, err
		}
		return prev, aux, fg, nil
	}
	prev = p.alpha[i]
	return prev, aux, nil, p.update(i, prev+p.cfg.Eta, p.cfg.Eta, true)
}

// budgetDraw is the budget perceptron's draw at step t among m support
// vectors: a function of (seed, t) only, so that the same seed gives the
// same run and a step undone and taken again forgets the same one.
func budgetDraw(seed uint64, t, m int) int {
	return rand.New(rand.NewPCG(seed^0x6275646765740000, uint64(t))).IntN(m)
}

// unlearn undoes the mistaken step of record r (the newest), with the
// relative's record, if any.
func (p *Perceptron) unlearn(r record) {
	k := &p.rel
	var aux relRecord
	if k.recorded() {
		aux, _ = k.hist.top()
		k.hist.pop()
	}
	i := int(r.i)
	switch {
	case k.fifo != nil:
		p.forgetronUndo(i, aux)
		return
	case aux.frozen:
		return
	}
	// i is a support vector (α > 0) after the step, so its row is checked
	// already and the update cannot fail.
	_ = p.update(i, r.prevAlpha, -p.cfg.Eta, false)
	if k.avg != nil {
		k.avg.reopen(p, i, aux)
	}
	if k.algo == AlgoBudget && aux.removed >= 0 {
		k.forgotten[aux.removed]--
		_ = p.update(aux.removed, aux.removedAlpha, aux.removedAlpha, false)
	}
}

// Forgotten reports whether example j was a support vector that a budget
// learner forgot and is not one now.
func (p *Perceptron) Forgotten(j int) bool {
	return p.rel.forgotten != nil && p.rel.forgotten[j] > 0 && p.alpha[j] == 0
}

// BudgetFull reports whether a budget learner has Budget support vectors:
// the stoptron changes nothing any more, the others forget on the next
// mistake.
func (p *Perceptron) BudgetFull() bool {
	return p.cfg.Algo.Budgeted() && len(p.svs) >= p.cfg.Budget
}
