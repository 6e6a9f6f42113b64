package learn

import "math"

// The perceptron's undo history, and its relatives': one record per
// mistake, none per correct step (a correct step changed only the
// schedule, which is arithmetic: see Undo), each holding only what Undo
// cannot compute back, in bytes (tape.go):
//
//	every mistake      i and the pass's mistake count so far, the step
//	                   (on the tape), and αᵢ before the step unless it is
//	                   α − η exactly: 3 to 4 bytes with η = 1 (n < 4096)
//	averaged, voted    + t − 1 − lastᵢ before the step, and accᵢ before it
//	                   unless acc − αᵢ·(t − 1 − lastᵢ) gives it back exactly;
//	                   c_k of the vector closed is the steps since the
//	                   mistake before, which the tape knows
//	stoptron           a mark when the budget was full and nothing changed
//	budget perceptron  + the example forgotten and its α
//	Forgetron          + the shrink φ, Q before it and the element removed;
//	                   every σ before the shrink is a product of the φ of the
//	                   shrinks since its element came in (the B mistakes
//	                   before, on the tape or in forgetron.past), so none is
//	                   copied
//
// The records take Config.UndoBytes at most (DefaultUndoBytes when 0); once
// older ones are dropped, Undo stops at UndoFloor.

// record is a mistaken step, as Undo needs it.
type record struct {
	t, i int
	// epochMistakes is the count of mistakes in the step's pass, this one
	// included: what EpochMistakes becomes when Undo steps back into the
	// end of that pass.
	epochMistakes int
	// more is the relative's mark: the stoptron froze, the budget
	// perceptron forgot removed, the Forgetron shrank, the averaged
	// perceptron's acc is written out.
	more bool
	// prevAlpha is αᵢ before the step (NaN: α − η gives it back exactly;
	// the Forgetron sums αᵢ from its σ instead).
	prevAlpha float64
	// The averaged and voted perceptrons: t − 1 − lastᵢ and accᵢ before
	// the step (acc: NaN when it is computed back).
	sinceLast int
	acc       float64
	// The budget perceptron and the Forgetron: the example removed and
	// its α (the budget perceptron's), the shrink φ and Q before it (the
	// Forgetron's).
	removed      int
	removedAlpha float64
	phi, q       float64
}

// Record flags, in the low bits of a record's first field beside i.
const (
	recPrev  = 1 << iota // αᵢ before the step follows
	recMore              // record.more
	recFlags = iota
)

// encode writes r's body: what is needed beyond the step.
func (p *Perceptron) encode(r record) []byte {
	flags := 0
	keepPrev := !math.IsNaN(r.prevAlpha)
	if keepPrev {
		flags |= recPrev
	}
	if r.more {
		flags |= recMore
	}
	w := recWriter(p.enc[:0]).uint(r.i<<recFlags | flags).uint(r.epochMistakes)
	if keepPrev {
		w = w.float(r.prevAlpha)
	}
	switch k := &p.rel; {
	case k.avg != nil:
		w = w.uint(r.sinceLast)
		if r.more {
			w = w.float(r.acc)
		}
	case k.kind == relBudget && r.more:
		w = w.uint(r.removed).float(r.removedAlpha)
	case k.fifo != nil && r.more:
		w = w.float(r.phi).float(r.q).uint(r.removed)
	}
	p.enc = w
	return w
}

// decode reads a record's body back (the step is on the tape), and how
// many bytes it took.
func (p *Perceptron) decode(at int, body []byte) (record, int) {
	rd := recReader{b: body}
	key := rd.uint()
	flags := key & (1<<recFlags - 1)
	r := record{t: at, i: key >> recFlags, more: flags&recMore != 0, prevAlpha: math.NaN(), acc: math.NaN(), removed: -1, phi: 1}
	r.epochMistakes = rd.uint()
	if flags&recPrev != 0 {
		r.prevAlpha = rd.float()
	}
	switch k := &p.rel; {
	case k.avg != nil:
		r.sinceLast = rd.uint()
		if r.more {
			r.acc = rd.float()
		}
	case k.kind == relBudget && r.more:
		r.removed, r.removedAlpha = rd.uint(), rd.float()
	case k.fifo != nil && r.more:
		r.phi, r.q, r.removed = rd.float(), rd.float(), rd.uint()
	}
	return r, rd.off
}

// span is the length of a record's body, for the tape.
func (p *Perceptron) span(body []byte) int {
	_, n := p.decode(0, body)
	return n
}

// remember records a mistake for Undo; when the budget drops the oldest
// records, the steps they describe can no longer be undone, and the state
// just after the newest of them becomes the floor.
func (p *Perceptron) remember(r record) {
	if p.cfg.NoHistory {
		return
	}
	if !math.IsNaN(r.prevAlpha) && p.alpha[r.i]-p.eta == r.prevAlpha {
		r.prevAlpha = math.NaN() // Undo computes it back
	}
	p.hist.push(r.t, p.encode(r), p.undoLimit(), p.dropped)
}

// undoLimit is the bytes the tape may take: the budget, less what the
// Forgetron keeps of the records it dropped.
func (p *Perceptron) undoLimit() int {
	limit := undoBudget(p.cfg)
	if g := p.rel.fifo; g != nil {
		limit -= 8 * max(1, p.rel.budget)
	}
	return max(0, limit)
}

// dropped is told of each record the budget drops, oldest first.
func (p *Perceptron) dropped(at int, body []byte) {
	r, _ := p.decode(at, body)
	p.floorT, p.floorEpochMistakes = r.t, r.epochMistakes
	if g := p.rel.fifo; g != nil && p.undoLimit() > 0 {
		// Kept only when records are: it is for undoing them.
		g.pastPhi(r.phi, p.rel.budget)
	}
}

// forget clears the history: Undo reaches back to the current state only.
// The step of the last mistake stays (the next record is written from it).
func (p *Perceptron) forget() {
	for p.hist.len() > 0 {
		p.hist.dropOldest(p.dropped)
	}
	p.floorT, p.floorEpochMistakes = p.t, p.epochMistakes
}

// HistoryBytes is the memory the undo history holds, in bytes.
func (p *Perceptron) HistoryBytes() int {
	b := p.hist.Bytes()
	if g := p.rel.fifo; g != nil {
		b += 8 * cap(g.past)
	}
	return b
}

// CanUndo reports whether there is a step to put back.
func (p *Perceptron) CanUndo() bool { return !p.cfg.NoHistory && p.t > p.floorT }

// UndoFloor is the smallest T that Undo can bring the perceptron back to:
// 0 while every step can be undone. Steps before it can no longer be undone:
// the history keeps what fits in Config.UndoBytes, Append starts it
// afresh, and with Config.NoHistory it is always T.
func (p *Perceptron) UndoFloor() int {
	if p.cfg.NoHistory {
		return p.t
	}
	return p.floorT
}

// Undo puts the last step back: α exactly as it was, f and attached fields to
// within rounding (1e-9), and the schedule (epoch, position, counts, state)
// exactly. It returns false when there is nothing to undo (see UndoFloor).
//
// The schedule is arithmetic: the last step was at position q = pos − 1 of
// the current pass (q = n − 1 when pos = 0, the pass just ended); undoing it
// leaves the pass at q, or, for q = 0, at the end of the previous pass,
// whose mistake count passEnd recovers. Only a mistake has a record.
func (p *Perceptron) Undo() bool {
	if !p.CanUndo() {
		return false
	}
	q := p.pos - 1
	if p.pos == 0 {
		q = len(p.xs) - 1
	}
	mistake := false
	if at, body, ok := p.hist.newest(); ok && at == p.t {
		r, _ := p.decode(at, body)
		p.hist.pop()
		p.unlearn(r)
		p.mistake--
		mistake = true
	} else {
		p.rel.uncorrect()
	}
	p.t--
	if q == 0 {
		p.epoch, p.pos = p.epoch-1, 0
		p.epochMistakes = p.passEnd()
	} else {
		p.pos = q
		if mistake {
			p.epochMistakes--
		}
	}
	p.state, p.err = Running, nil
	return true
}

// passEnd is the mistake count of the pass that ends at step T, for Undo
// stepping back into it. Every pass since the floor has n steps (Append,
// which lengthens a pass, starts the history afresh, and the pass it
// lengthened has n steps counting the new point), so the pass is the steps
// (T − n, T]. Its last mistake, if it is still recorded, is the newest
// record and carries the count. If none is: the floor lies in the pass and
// no mistake came after it, so the count is the floor's; or the pass made
// no mistake at all.
func (p *Perceptron) passEnd() int {
	start := p.t - len(p.xs)
	if at, body, ok := p.hist.newest(); ok && at > start {
		r, _ := p.decode(at, body)
		return r.epochMistakes
	}
	if p.floorT > start {
		return p.floorEpochMistakes
	}
	return 0
}
