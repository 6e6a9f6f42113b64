package learn

// MaxUndoMistakes is how many of the latest mistakes Undo can put back.
// The undo history keeps one record per mistake (24 bytes), none per correct
// step, so this caps it at about 24 MB however long training runs; once
// older records are dropped, Undo stops at UndoFloor.
const MaxUndoMistakes = 1_000_000

// maxUndoMistakes is MaxUndoMistakes, a variable so that tests can make the
// cap small.
var maxUndoMistakes = MaxUndoMistakes

// record is what Undo needs to put one mistaken step back exactly. A correct
// step needs none: it changed only the schedule, which is arithmetic (see
// Undo).
type record struct {
	t         int     // the step's T
	prevAlpha float64 // αᵢ before the step: α + η − η need not round back to α
	i         int32
	// epochMistakes is the count of mistakes in the step's pass, this one
	// included: what EpochMistakes becomes when Undo steps back into the end
	// of that pass.
	epochMistakes int32
}

// history is a ring of the latest mistake records, oldest first.
type history = ring[record]

// ring holds the latest records pushed, oldest first, up to a limit.
type ring[R any] struct {
	buf        []R
	head, size int // buf[head] is the oldest of size records
}

// push adds r, dropping the oldest records to stay within limit. It returns
// the newest record dropped, if any.
func (h *ring[R]) push(r R, limit int) (dropped R, ok bool) {
	for h.size > 0 && h.size >= limit {
		dropped, ok = h.buf[h.head], true
		h.head = (h.head + 1) % len(h.buf)
		h.size--
	}
	if limit <= 0 {
		return r, true
	}
	if h.size == len(h.buf) {
		// Double up to the limit: the history costs what the mistakes made
		// so far need, not the cap.
		buf := make([]R, min(limit, max(16, 2*len(h.buf))))
		n := copy(buf, h.buf[h.head:])
		copy(buf[n:], h.buf[:h.head])
		h.buf, h.head = buf, 0
	}
	h.buf[(h.head+h.size)%len(h.buf)] = r
	h.size++
	return dropped, ok
}

// top returns the newest record.
func (h *ring[R]) top() (R, bool) {
	if h.size == 0 {
		var zero R
		return zero, false
	}
	return h.buf[(h.head+h.size-1)%len(h.buf)], true
}

// pop drops the newest record.
func (h *ring[R]) pop() { h.size-- }

// len is the number of records held.
func (h *ring[R]) len() int { return h.size }

// remember records a mistake for Undo; when the cap drops the oldest
// record, the step it describes can no longer be undone, and the state just
// after it becomes the floor.
func (p *Perceptron) remember(r record, aux relRecord) {
	if p.cfg.NoHistory {
		return
	}
	limit := maxUndoMistakes
	if c := p.cfg.UndoMistakes; c > 0 {
		limit = min(limit, c)
	}
	if p.rel.recorded() {
		// The relatives' records go in a ring of their own, pushed with
		// every mistake under the same limit: both drop the same steps.
		limit = min(limit, p.rel.undoLimit(len(p.xs)))
		p.rel.hist.push(aux, limit)
	}
	if d, ok := p.hist.push(r, limit); ok {
		p.floorT, p.floorEpochMistakes = d.t, int(d.epochMistakes)
	}
}

// forget clears the history: Undo reaches back to the current state only.
func (p *Perceptron) forget() {
	p.hist = history{}
	p.rel.hist = ring[relRecord]{}
	p.floorT, p.floorEpochMistakes = p.t, p.epochMistakes
}

// CanUndo reports whether there is a step to put back.
func (p *Perceptron) CanUndo() bool { return !p.cfg.NoHistory && p.t > p.floorT }

// UndoFloor is the smallest T that Undo can bring the perceptron back to:
// 0 while every step can be undone. Steps before it can no longer be undone:
// the history keeps the last MaxUndoMistakes mistakes, Append starts it
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
	if r, ok := p.hist.top(); ok && r.t == p.t {
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
	if r, ok := p.hist.top(); ok && r.t > start {
		return int(r.epochMistakes)
	}
	if p.floorT > start {
		return p.floorEpochMistakes
	}
	return 0
}
