package learn

import (
	"encoding/binary"
	"math"
)

// The undo history in bytes (issue 25). Each learner keeps only what Undo
// cannot compute back, written as bytes: small whole numbers as varints,
// a float as a varint when it is a whole number and as its 8 bytes
// otherwise. A budget in bytes (RunOptions.UndoBytes) bounds what is kept,
// whatever the record's size, and the oldest records go first: the undo
// floor rises.

// DefaultUndoBytes is the undo history's budget when RunOptions.UndoBytes
// is 0: the voted perceptron's vote walks every mistake since the start
// through it, so a headless run keeps a large one (about 10 million of the
// voted perceptron's mistakes). The terminal program keeps a smaller one.
const DefaultUndoBytes = 64 << 20

// undoBudget is the undo history's budget of cfg in bytes.
func undoBudget(cfg Config) int {
	if cfg.UndoBytes > 0 {
		return int(min(cfg.UndoBytes, math.MaxInt32))
	}
	return DefaultUndoBytes
}

// maxUndoRecords caps the number of records a history holds besides its
// bytes; tests make it small to reach the floor in a few steps.
var maxUndoRecords = math.MaxInt

// tape is an undo history: a ring of records in bytes, oldest first. A
// record is the step it was made at, written as the difference from the
// step of the record pushed before it (or from 0), what its owner wrote
// (the body), and one byte with the length of those two, so that the newest
// record is found from the end. The body must say where it ends (the
// owner's span), so that the oldest is found from the start.
type tape struct {
	buf        []byte
	head, size int // buf[head] is the first byte of the oldest record; size bytes are held
	n          int // records held
	// first is the step of the oldest record held, last the step of the
	// newest record pushed that has not been popped (it stays when the
	// records are dropped: the next record is written from it).
	first, last int
	// gen counts the clears, for readers that walk the tape in parts.
	gen  int
	span func(body []byte) int
	// rec is the record being pushed; scratch holds one read.
	rec, scratch [maxRecord]byte
}

// maxRecord is the longest record: its length is one byte.
const maxRecord = 255

// Bytes is the memory the tape holds.
func (t *tape) Bytes() int { return cap(t.buf) }

// len is the number of records held.
func (t *tape) len() int { return t.n }

// clear drops every record and forgets the last step: the next record is
// written from step 0 (Reset). The buffer is kept.
func (t *tape) clear() {
	t.head, t.size, t.n, t.first, t.last = 0, 0, 0, 0, 0
	t.gen++
}

// push adds a record of body made at step at, dropping the oldest records
// while the tape would hold more than limit bytes or maxUndoRecords
// records; drop (if not nil) is told of each, oldest first. A record that
// does not fit in limit bytes at all is dropped itself. It reports
// whether the record was kept.
func (t *tape) push(at int, body []byte, limit int, drop func(at int, body []byte)) bool {
	rec := binary.AppendUvarint(t.rec[:0], uint64(at-t.last))
	rec = append(rec, body...)
	if len(rec) >= maxRecord {
		panic("learn: an undo record longer than 254 bytes")
	}
	rec = append(rec, byte(len(rec)))
	for t.n > 0 && (t.size+len(rec) > limit || t.n >= maxUndoRecords) {
		t.dropOldest(drop)
	}
	if len(rec) > limit || maxUndoRecords <= 0 {
		t.last = at
		if drop != nil {
			drop(at, body)
		}
		return false
	}
	if t.size+len(rec) > len(t.buf) {
		// Double up to the limit: the history costs what the records so
		// far need, not the budget.
		buf := make([]byte, min(limit, max(256, 2*len(t.buf), t.size+len(rec))))
		t.read(0, buf[:t.size])
		t.buf, t.head = buf, 0
	}
	t.write(t.size, rec)
	if t.n == 0 {
		t.first = at
	}
	t.size += len(rec)
	t.n++
	t.last = at
	return true
}

// dropOldest drops the oldest record, telling drop (if not nil).
func (t *tape) dropOldest(drop func(at int, body []byte)) {
	at := t.first
	_, body, k := t.forward(0)
	if drop != nil {
		drop(at, body)
	}
	t.head = (t.head + k) % len(t.buf)
	t.size -= k
	t.n--
	if t.n == 0 {
		t.head, t.size = 0, 0
		return
	}
	// The new oldest is written from the one dropped.
	d, _, _ := t.forward(0)
	t.first = at + d
}

// newest is the newest record: its step and body (valid until the tape
// changes or is read again).
func (t *tape) newest() (at int, body []byte, ok bool) {
	if t.n == 0 {
		return 0, nil, false
	}
	_, body, _ = t.backward(t.size)
	return t.last, body, true
}

// pop drops the newest record; the one before it becomes the newest, and
// the step of the record pushed before it becomes last.
func (t *tape) pop() {
	if t.n == 0 {
		return
	}
	d, _, k := t.backward(t.size)
	t.size -= k
	t.n--
	t.last -= d
	if t.n == 0 {
		t.head, t.size = 0, 0
	}
}

// A mark is a place between two records for walking the tape: off bytes
// from the oldest, and at the step of the record just before it (of the
// oldest, at the start).
type mark struct{ off, at int }

// start is the mark before the oldest record.
func (t *tape) start() mark { return mark{0, t.first} }

// end is the mark after the newest record.
func (t *tape) end() mark { return mark{t.size, t.last} }

// next is the record after m, and m moved past it; false at the end.
func (t *tape) next(m *mark) (at int, body []byte, ok bool) {
	if m.off >= t.size {
		return 0, nil, false
	}
	d, body, k := t.forward(m.off)
	at = m.at + d
	if m.off == 0 {
		at = t.first // written from a record no longer held
	}
	m.off += k
	m.at = at
	return at, body, true
}

// prev is the record before m, and m moved before it; false at the
// start.
func (t *tape) prev(m *mark) (at int, body []byte, ok bool) {
	if m.off <= 0 {
		return 0, nil, false
	}
	d, body, k := t.backward(m.off)
	at = m.at
	m.off -= k
	m.at = at - d
	return at, body, true
}

// forward reads the record that starts off bytes from the oldest: its
// difference of steps, body and length.
func (t *tape) forward(off int) (d int, body []byte, k int) {
	head := t.copyOut(off, min(maxRecord, t.size-off))
	v, w := binary.Uvarint(head)
	if w <= 0 || w >= len(head) {
		panic("learn: a corrupt undo record")
	}
	n := w + t.span(head[w:])
	if n >= len(head) || int(head[n]) != n {
		panic("learn: a corrupt undo record")
	}
	return int(v), head[w:n], n + 1
}

// backward reads the record that ends off bytes from the oldest: its
// difference of steps, body and length.
func (t *tape) backward(off int) (d int, body []byte, k int) {
	n := int(t.buf[(t.head+off-1)%len(t.buf)])
	rec := t.copyOut(off-1-n, n)
	v, w := binary.Uvarint(rec)
	if w <= 0 {
		panic("learn: a corrupt undo record")
	}
	return int(v), rec[w:], n + 1
}

// copyOut copies n bytes from off into the scratch space.
func (t *tape) copyOut(off, n int) []byte {
	b := t.scratch[:n]
	t.read(off, b)
	return b
}

// read copies the bytes from off on into b.
func (t *tape) read(off int, b []byte) {
	if len(b) == 0 {
		return
	}
	s := (t.head + off) % len(t.buf)
	k := copy(b, t.buf[s:])
	copy(b[k:], t.buf)
}

// write copies b into the tape from off on.
func (t *tape) write(off int, b []byte) {
	s := (t.head + off) % len(t.buf)
	k := copy(t.buf[s:], b)
	copy(t.buf, b[k:])
}

// A recWriter writes a record's fields.
type recWriter []byte

// uint writes a whole number ≥ 0.
func (w recWriter) uint(v int) recWriter { return binary.AppendUvarint(w, uint64(v)) }

// float writes x exactly: a whole number of magnitude below 2⁵² as a
// varint (αᵢ = kη with η = 1, a budget's C: one to three bytes), anything
// else as its 8 bytes after a one-byte tag.
func (w recWriter) float(x float64) recWriter {
	if x == math.Trunc(x) && math.Abs(x) < 1<<52 && !(x == 0 && math.Signbit(x)) {
		k := int64(x)
		return binary.AppendUvarint(w, uint64(k<<1^k>>63)<<1)
	}
	w = append(w, 1)
	return binary.LittleEndian.AppendUint64(w, math.Float64bits(x))
}

// A recReader reads a record's fields back, in the order written.
type recReader struct {
	b   []byte
	off int
}

func (r *recReader) uint() int {
	v, w := binary.Uvarint(r.b[r.off:])
	if w <= 0 {
		panic("learn: a corrupt undo record")
	}
	r.off += w
	return int(v)
}

func (r *recReader) float() float64 {
	v, w := binary.Uvarint(r.b[r.off:])
	if w <= 0 {
		panic("learn: a corrupt undo record")
	}
	r.off += w
	if v&1 == 0 {
		z := v >> 1
		return float64(int64(z>>1) ^ -int64(z&1))
	}
	x := math.Float64frombits(binary.LittleEndian.Uint64(r.b[r.off:]))
	r.off += 8
	return x
}
