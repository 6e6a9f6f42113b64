package learn

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back the 2 MiB-aligned part of a fresh slab with
// transparent huge pages (madvise MADV_HUGEPAGE, which the "madvise" THP
// mode waits for): one page fault per 2 MiB instead of 512, on memory the
// rows are about to fill. The slab must not have been touched yet (a large
// new allocation comes untouched from the OS). A failure only loses the
// speed-up, so it is ignored.
func adviseHuge(slab []float64) {
	const huge = 2 << 20
	if len(slab)*8 < 2*huge {
		return
	}
	start := uintptr(unsafe.Pointer(&slab[0]))
	end := start + uintptr(len(slab))*8
	lo, hi := (start+huge-1)&^(huge-1), end&^(huge-1)
	if hi <= lo {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&slab[0]), lo-start)), hi-lo)
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE
}
