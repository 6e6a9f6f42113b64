package learn

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRecordFloat: a float written to a record reads back bit for bit, a
// whole number of magnitude below 2⁵² in a varint of one to eight bytes,
// anything else in 9 (a tag and the 8 bytes).
func TestRecordFloat(t *testing.T) {
	for _, c := range []struct {
		x    float64
		size int
	}{
		{0, 1}, {1, 1}, {-1, 1}, {31, 1}, {-32, 1}, {32, 2}, {1000, 2}, {4095, 2}, {4096, 3},
		{1<<52 - 1, 8}, {1 << 52, 9}, {-(1<<52 - 1), 8}, {0.5, 9}, {1e-300, 9}, {math.Copysign(0, -1), 9},
		{math.Inf(1), 9}, {math.Inf(-1), 9}, {math.NaN(), 9}, {math.MaxFloat64, 9}, {math.SmallestNonzeroFloat64, 9},
	} {
		w := recWriter(nil).float(c.x)
		rd := recReader{b: w}
		got := rd.float()
		if math.Float64bits(got) != math.Float64bits(c.x) || len(w) != c.size || rd.off != len(w) {
			t.Errorf("%v: %d bytes, read back %v after %d; want %d bytes", c.x, len(w), got, rd.off, c.size)
		}
	}
}

// tapeModel is what a tape should hold: its records, oldest first.
type tapeModel struct {
	at   []int
	body [][]byte
}

// TestTapeMatchesModel: random pushes (bodies of 1 to 40 bytes, steps
// rising by 1 to 300), pops and clears, under random limits, leave the
// tape holding the newest records that fit, each read back as pushed from
// either end, and told of the ones dropped oldest first; it never holds
// more than its limit.
func TestTapeMatchesModel(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 1))
	// A body is a length byte then that many bytes: it says where it ends.
	span := func(b []byte) int { return 1 + int(b[0]) }
	for trial := range 40 {
		limit := []int{40, 100, 333, 1000, 4096}[trial%5]
		tp := tape{span: span}
		var m tapeModel
		step := 0
		for op := range 2000 {
			switch k := r.IntN(10); {
			case k < 6:
				step += 1 + r.IntN(300)
				body := make([]byte, 1+r.IntN(40))
				body[0] = byte(len(body) - 1)
				for i := 1; i < len(body); i++ {
					body[i] = byte(r.Uint32())
				}
				var dropped []int
				kept := tp.push(step, body, limit, func(at int, b []byte) {
					dropped = append(dropped, at)
					if len(m.at) > 0 && at == m.at[0] {
						if !slices.Equal(b, m.body[0]) {
							t.Fatalf("trial %d op %d: dropped %v, pushed %v", trial, op, b, m.body[0])
						}
						m.at, m.body = m.at[1:], m.body[1:]
					}
				})
				if kept {
					m.at, m.body = append(m.at, step), append(m.body, body)
				} else if len(dropped) == 0 || dropped[len(dropped)-1] != step {
					t.Fatalf("trial %d op %d: a record not kept was not dropped", trial, op)
				}
			case k < 9:
				if len(m.at) == 0 {
					continue
				}
				tp.pop()
				m.at, m.body = m.at[:len(m.at)-1], m.body[:len(m.body)-1]
				if len(m.at) > 0 && tp.last != m.at[len(m.at)-1] {
					t.Fatalf("trial %d op %d: last %d after a pop, want %d", trial, op, tp.last, m.at[len(m.at)-1])
				}
				step = tp.last
			default:
				tp.clear()
				m = tapeModel{}
				step = 0
			}
			if tp.Bytes() > limit || tp.len() != len(m.at) {
				t.Fatalf("trial %d op %d: %d records in %d bytes (limit %d), want %d", trial, op, tp.len(), tp.Bytes(), limit, len(m.at))
			}
			fw := tp.start()
			for k := range m.at {
				at, b, ok := tp.next(&fw)
				if !ok || at != m.at[k] || !slices.Equal(b, m.body[k]) {
					t.Fatalf("trial %d op %d: record %d from the start is %d %v, want %d %v", trial, op, k, at, b, m.at[k], m.body[k])
				}
			}
			if _, _, ok := tp.next(&fw); ok {
				t.Fatalf("trial %d op %d: a record past the newest", trial, op)
			}
			bw := tp.end()
			for k := len(m.at) - 1; k >= 0; k-- {
				at, b, ok := tp.prev(&bw)
				if !ok || at != m.at[k] || !slices.Equal(b, m.body[k]) {
					t.Fatalf("trial %d op %d: record %d from the end is %d %v, want %d %v", trial, op, k, at, b, m.at[k], m.body[k])
				}
			}
			if at, b, ok := tp.newest(); len(m.at) > 0 && (!ok || at != m.at[len(m.at)-1] || !slices.Equal(b, m.body[len(m.body)-1])) {
				t.Fatalf("trial %d op %d: newest %d %v", trial, op, at, b)
			}
		}
	}
}
