package lab

import (
	"encoding/binary"
	"math"
)

// passTape holds pass ends exactly, in bytes, oldest first: added at the
// newest end, taken back from it by undo, forgotten from the oldest once
// undo no longer reaches them. A pass end as a PassEnd is 40 bytes; here
// it is about 5 (four points: the step as the difference from the pass
// before, 1 byte; the mistakes, 1; the training accuracy as the fraction
// it is, 2; a length byte), so the ends undo can reach take about what the
// undo history's own records of those passes take.
//
// A record is
//
//	T − T of the record before       uvarint
//	zigzag(mistakes)·4 + HasLoss·2 + HasTest
//	                                  uvarint
//	Train                             fraction (below)
//	Test, with HasTest                fraction
//	Loss, with HasLoss                the float64's 8 bytes
//	the record's length               1 byte
//
// and a fraction is an accuracy, right/total: d then k, uvarints, with
// float64(k)/float64(d) the accuracy bit for bit (d ≥ 1), or 0 and the
// float64's 8 bytes when no such d < 2²⁴ is found.
type passTape struct {
	buf  []byte // buf[head:] holds the records
	head int
	n    int // records held
	// last is the T of the newest record pushed and not popped: the next
	// is written from it, and the records before it from their own.
	last int
	// first is the T of the oldest record held.
	first int
}

// len is the number of ends held.
func (t *passTape) len() int { return t.n }

// clear drops every end.
func (t *passTape) clear() { t.buf, t.head, t.n, t.last, t.first = t.buf[:0], 0, 0, 0, 0 }

// push adds e, which ended after every end held.
func (t *passTape) push(e PassEnd) {
	start := len(t.buf)
	t.buf = binary.AppendUvarint(t.buf, uint64(e.T-t.last))
	m := uint64(e.Mistakes<<1) ^ uint64(e.Mistakes>>63) // zigzag
	flags := uint64(0)
	if e.HasTest {
		flags |= 1
	}
	if e.HasLoss {
		flags |= 2
	}
	t.buf = binary.AppendUvarint(t.buf, m<<2|flags)
	t.buf = appendFraction(t.buf, e.Train)
	if e.HasTest {
		t.buf = appendFraction(t.buf, e.Test)
	}
	if e.HasLoss {
		t.buf = binary.LittleEndian.AppendUint64(t.buf, math.Float64bits(e.Loss))
	}
	t.buf = append(t.buf, byte(len(t.buf)-start))
	if t.n == 0 {
		t.first = e.T
	}
	t.n++
	t.last = e.T
}

// newest is the newest end held (there must be one).
func (t *passTape) newest() PassEnd {
	size := int(t.buf[len(t.buf)-1])
	e, _ := t.decode(t.buf[len(t.buf)-1-size:])
	e.T = t.last
	return e
}

// pop drops the newest end held; the one before it becomes the newest.
func (t *passTape) pop() {
	size := int(t.buf[len(t.buf)-1])
	rec := t.buf[len(t.buf)-1-size:]
	dt, _ := binary.Uvarint(rec)
	t.last -= int(dt)
	t.buf = t.buf[:len(t.buf)-1-size]
	if t.n--; t.n == 0 {
		t.buf, t.head = t.buf[:0], 0
	}
}

// forget drops the oldest ends while the one after them ended at or before
// floor: undo reaches back to step floor, where the newest end at or
// before it is the newest pass ended.
func (t *passTape) forget(floor int) {
	for t.n >= 2 {
		_, size := t.decode(t.buf[t.head:])
		dt, _ := binary.Uvarint(t.buf[t.head+size:])
		if t.first+int(dt) > floor {
			break
		}
		t.head += size
		t.first += int(dt)
		t.n--
	}
	// The space forgotten is taken back once it is half the buffer: each
	// byte is copied once on average.
	if t.head > 4096 && t.head > len(t.buf)/2 {
		t.buf = t.buf[:copy(t.buf, t.buf[t.head:])]
		t.head = 0
	}
}

// all decodes every end held, oldest first.
func (t *passTape) all() []PassEnd {
	out := make([]PassEnd, 0, t.n)
	at := t.first
	for off, k := t.head, 0; k < t.n; k++ {
		e, size := t.decode(t.buf[off:])
		if k > 0 {
			dt, _ := binary.Uvarint(t.buf[off:])
			at += int(dt)
		}
		e.T = at
		out = append(out, e)
		off += size
	}
	return out
}

// decode reads the record at the start of b: its end (T left 0: the
// record holds a difference) and its size, length byte included.
func (t *passTape) decode(b []byte) (PassEnd, int) {
	_, off := binary.Uvarint(b)
	mt, k := binary.Uvarint(b[off:])
	off += k
	z := mt >> 2
	e := PassEnd{Mistakes: int(z>>1) ^ -int(z&1), HasTest: mt&1 == 1, HasLoss: mt&2 == 2}
	e.Train, k = readFraction(b[off:])
	off += k
	if e.HasTest {
		e.Test, k = readFraction(b[off:])
		off += k
	}
	if e.HasLoss {
		e.Loss = math.Float64frombits(binary.LittleEndian.Uint64(b[off:]))
		off += 8
	}
	return e, off + 1
}

// maxDenominator bounds the denominators appendFraction looks for: more
// rows than a session holds.
const maxDenominator = 1 << 24

// appendFraction appends a: as d and k when a is float64(k)/float64(d),
// else as 0 and its bits.
func appendFraction(b []byte, a float64) []byte {
	if k, d, ok := fraction(a); ok {
		return binary.AppendUvarint(binary.AppendUvarint(b, d), k)
	}
	return binary.LittleEndian.AppendUint64(append(b, 0), math.Float64bits(a))
}

// readFraction reads what appendFraction wrote, and its size.
func readFraction(b []byte) (float64, int) {
	d, n := binary.Uvarint(b)
	if d == 0 {
		return math.Float64frombits(binary.LittleEndian.Uint64(b[n:])), n + 8
	}
	k, m := binary.Uvarint(b[n:])
	return float64(k) / float64(d), n + m
}

// fraction finds k/d with float64(k)/float64(d) == a bit for bit, d below
// maxDenominator, for a in [0, 1]. An accuracy is right/total, and that
// fraction in lowest terms is a convergent of a's continued fraction
// (a is within 2⁻⁵³ of it, less than 1/(2d²): Legendre's theorem), so the
// convergents are tried in turn; each is checked, so rounding in the
// expansion can only make it give up, never give a wrong k/d.
func fraction(a float64) (k, d uint64, ok bool) {
	if !(a >= 0 && a <= 1) || math.Signbit(a) {
		return 0, 0, false
	}
	// hᵢ = qᵢ·hᵢ₋₁ + hᵢ₋₂, kᵢ = qᵢ·kᵢ₋₁ + kᵢ₋₂, from h₋₂, h₋₁ = 0, 1 and
	// k₋₂, k₋₁ = 1, 0.
	h0, h1, k0, k1 := uint64(0), uint64(1), uint64(1), uint64(0)
	x := a
	for range 64 {
		q := math.Floor(x)
		if q >= maxDenominator {
			return 0, 0, false
		}
		h0, h1 = h1, uint64(q)*h1+h0
		k0, k1 = k1, uint64(q)*k1+k0
		if k1 >= maxDenominator {
			return 0, 0, false
		}
		if float64(h1)/float64(k1) == a {
			return h1, k1, true
		}
		r := x - q
		if r == 0 {
			return 0, 0, false
		}
		x = 1 / r
	}
	return 0, 0, false
}
