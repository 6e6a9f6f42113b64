package learn

import "slices"

// rowCache holds kernel rows K(xᵢ, ·) of support vectors within a byte
// budget. A row that is not cached is computed again when it is needed: with
// the same function on the same data, so its values are bit for bit the
// ones an unbounded cache would have kept, and training does not depend on
// the budget.
//
// Storage is carved from slabs of many rows (few allocations, no per-row
// garbage); the slabs and one row of scratch are what the budget bounds, so
// the bytes held for rows never exceed it, except that the scratch row is
// always allowed (a mistake needs its row, if only for the time of the
// update).
//
// Eviction is least frequently used, with α as the count: αᵢ/η is the
// number of mistakes made on xᵢ, known for free. The points a noisy set
// keeps getting wrong (those deep in the other class) are the ones mistaken
// most so far, and a pass visits every point once, so a pass is a cyclic
// scan over the rows it needs: least recently used then evicts each row
// just before its next use and hits nothing once a pass needs more rows
// than fit. So a row not cached is admitted only if its α is larger than
// the smallest α cached, which it evicts (ties: the least recently used);
// otherwise it is computed into the scratch row and used from there. On
// circles at noise 0.2, 10 epochs (the mistake sequence replayed through
// each policy): with room for a quarter of the 2229 support vectors of
// n = 8000, 34% of mistakes find their row cached, against 0% for LRU and
// 38% for Belady's optimal policy (which knows the future); at n = 100 000
// with the 1 GiB of the command line (1342 of 27961 rows), 7.1%, against 0%
// and 7.7%. When every row fits, all three hit on every reuse. The cached
// rows are a binary heap by (α, last use): O(log #rows) per access.
type rowCache struct {
	n      int   // row length: the number of examples
	budget int64 // bytes; 0: no limit
	slabs  [][]float64
	held   int64       // floats in slabs
	rows   [][]float64 // slot → its storage, n floats
	owner  []int32     // slot → example whose row it holds, −1 when free
	free   []int32     // slots holding no row
	slot   []int32     // example → slot holding its row, −1 when not cached

	// With a budget only: the cached slots as a min-heap by (alpha, used),
	// the eviction order.
	heap  []int32
	at    []int32   // slot → its index in heap
	alpha []float64 // slot → α of its owner at its last use
	used  []uint64  // slot → tick of its last use
	tick  uint64
	// scratch holds the row of example scratchOwner (−1: none), a row not
	// admitted to the cache.
	scratch      []float64
	scratchOwner int

	// computed counts the rows handed out to be computed (first
	// computations and recomputations), for benchmarks.
	computed int
}

// init makes an empty cache for n examples.
func (c *rowCache) init(n int, budget int64) {
	*c = rowCache{budget: budget, scratchOwner: -1}
	c.n = n
	c.slot = make([]int32, n)
	for i := range c.slot {
		c.slot[i] = -1
	}
}

// room is how many floats of slab the budget has left once the scratch row
// is set aside (negative when the budget is below one row); no limit
// without a budget.
func (c *rowCache) room() int64 {
	if c.budget == 0 {
		return 1 << 62
	}
	return c.budget/8 - int64(c.n) - c.held
}

// peek returns the row of example i if it is held, or nil, without counting
// it as a use: a score summed over every support vector reads one entry of
// each row, which says nothing about which rows the next mistakes need.
func (c *rowCache) peek(i int) []float64 {
	if s := c.slot[i]; s >= 0 {
		return c.rows[s]
	}
	if i == c.scratchOwner {
		return c.scratch
	}
	return nil
}

// get returns the row of example i if it is held, or nil, and counts a use
// by a mistake that leaves αᵢ = alpha.
func (c *rowCache) get(i int, alpha float64) []float64 {
	s := c.slot[i]
	if s < 0 {
		if i == c.scratchOwner {
			return c.scratch
		}
		return nil
	}
	if c.budget > 0 {
		c.tick++
		c.alpha[s], c.used[s] = alpha, c.tick
		c.fix(int(c.at[s]))
	}
	return c.rows[s]
}

// alloc returns storage for the row of example i, which must not be held,
// for a mistake that leaves αᵢ = alpha; the caller fills it. When the budget
// is spent, the row takes the place of the cached row of least α if its α
// is larger, or else the scratch row.
func (c *rowCache) alloc(i int, alpha float64) []float64 {
	c.computed++
	s := c.takeFree()
	if s < 0 {
		if len(c.heap) == 0 || !(alpha > c.alpha[c.heap[0]]) {
			if len(c.scratch) != c.n {
				c.scratch = make([]float64, c.n)
			}
			c.scratchOwner = i
			return c.scratch
		}
		s = c.heap[0]
		c.slot[c.owner[s]] = -1
		c.remove(0)
	}
	c.owner[s], c.slot[i] = int32(i), s
	if c.budget > 0 {
		c.tick++
		c.alpha[s], c.used[s] = alpha, c.tick
		c.at[s] = int32(len(c.heap))
		c.heap = append(c.heap, s)
		c.up(len(c.heap) - 1)
	}
	return c.rows[s]
}

// drop forgets the row of example i, if held.
func (c *rowCache) drop(i int) {
	if i == c.scratchOwner {
		c.scratchOwner = -1
	}
	s := c.slot[i]
	if s < 0 {
		return
	}
	if c.budget > 0 {
		c.remove(int(c.at[s]))
	}
	c.slot[i], c.owner[s] = -1, -1
	c.free = append(c.free, s)
}

// dropAll forgets every row, keeping the storage.
func (c *rowCache) dropAll() {
	for s, i := range c.owner {
		if i >= 0 {
			c.slot[i], c.owner[s] = -1, -1
			c.free = append(c.free, int32(s))
		}
	}
	c.heap = c.heap[:0]
	c.scratchOwner = -1
}

// grow makes room for one more example: every row is dropped (a row of n
// entries cannot take an (n+1)-th in place) and the slabs are carved again
// into rows of the new length, so the storage is reused and stays within
// the budget: a slab of L floats gives ⌊L/(n+1)⌋ rows, and slabs that no
// longer hold a row are let go.
func (c *rowCache) grow() {
	c.dropAll()
	c.slot = append(c.slot, -1)
	c.n++
	c.scratch = nil
	slabs := c.slabs
	c.slabs, c.held, c.rows, c.owner, c.free = c.slabs[:0], 0, c.rows[:0], c.owner[:0], c.free[:0]
	c.at, c.alpha, c.used = c.at[:0], c.alpha[:0], c.used[:0]
	for _, slab := range slabs {
		// The scratch row grew by one float: a slab may have to go.
		if len(slab) >= c.n && int64(len(slab)) <= c.room() {
			c.carve(slab)
		}
	}
	clear(slabs[len(c.slabs):])
}

// takeFree returns a slot holding no row, allocating a slab when the budget
// allows, or −1. With a budget, one row of it is kept for the scratch row.
func (c *rowCache) takeFree() int32 {
	if len(c.free) == 0 {
		// The first slab 8 rows, the second 56, the next ones 8 MiB, but
		// at least one row and never more rows than examples or past the
		// budget: a run that needs few rows allocates (and zeroes) little,
		// one that needs many gets large slabs, backed by huge pages where
		// the system gives them (adviseHuge: an 8 MiB slab costs a few
		// page faults instead of 2048).
		var k int64
		switch len(c.rows) {
		case 0:
			k = 8
		case 8:
			k = 56
		default:
			k = int64(max(1, (1<<20)/c.n))
		}
		k = min(k, int64(c.n))
		k = min(k, max(0, c.room()/int64(c.n)))
		if k == 0 {
			return -1
		}
		slab := make([]float64, int(k)*c.n)
		adviseHuge(slab)
		c.carve(slab)
	}
	s := c.free[len(c.free)-1]
	c.free = c.free[:len(c.free)-1]
	return s
}

// carve adds the rows of a slab as free slots, the first row on top of the
// free list.
func (c *rowCache) carve(slab []float64) {
	c.slabs, c.held = append(c.slabs, slab), c.held+int64(len(slab))
	k := len(slab) / c.n
	first := int32(len(c.rows))
	c.rows, c.owner, c.free = slices.Grow(c.rows, k), slices.Grow(c.owner, k), slices.Grow(c.free, k)
	if c.budget > 0 {
		c.at, c.alpha, c.used = slices.Grow(c.at, k), slices.Grow(c.alpha, k), slices.Grow(c.used, k)
	}
	for r := range k {
		c.rows = append(c.rows, slab[r*c.n:(r+1)*c.n:(r+1)*c.n])
		c.owner = append(c.owner, -1)
		if c.budget > 0 {
			c.at, c.alpha, c.used = append(c.at, -1), append(c.alpha, 0), append(c.used, 0)
		}
	}
	for s := first + int32(k) - 1; s >= first; s-- {
		c.free = append(c.free, s)
	}
}

// less orders the heap: smaller α first, then the older use.
func (c *rowCache) less(a, b int32) bool {
	return c.alpha[a] < c.alpha[b] || c.alpha[a] == c.alpha[b] && c.used[a] < c.used[b]
}

func (c *rowCache) swap(h, k int) {
	c.heap[h], c.heap[k] = c.heap[k], c.heap[h]
	c.at[c.heap[h]], c.at[c.heap[k]] = int32(h), int32(k)
}

func (c *rowCache) up(h int) {
	for h > 0 {
		parent := (h - 1) / 2
		if !c.less(c.heap[h], c.heap[parent]) {
			return
		}
		c.swap(h, parent)
		h = parent
	}
}

func (c *rowCache) down(h int) {
	for {
		least, l := h, 2*h+1
		if l < len(c.heap) && c.less(c.heap[l], c.heap[least]) {
			least = l
		}
		if r := l + 1; r < len(c.heap) && c.less(c.heap[r], c.heap[least]) {
			least = r
		}
		if least == h {
			return
		}
		c.swap(h, least)
		h = least
	}
}

// fix restores the heap after the key at index h changed.
func (c *rowCache) fix(h int) {
	s := c.heap[h]
	c.up(h)
	c.down(int(c.at[s]))
}

// remove takes the slot at heap index h out of the heap.
func (c *rowCache) remove(h int) {
	last := len(c.heap) - 1
	s := c.heap[h]
	if h != last {
		c.swap(h, last)
	}
	c.heap = c.heap[:last]
	c.at[s] = -1
	if h < last {
		c.fix(h)
	}
}

// bytes is the storage held for rows, slabs and scratch included.
func (c *rowCache) bytes() int64 {
	return 8 * (int64(len(c.scratch)) + c.held)
}

// cached is the number of rows held in the cache proper.
func (c *rowCache) cached() int { return len(c.rows) - len(c.free) }
