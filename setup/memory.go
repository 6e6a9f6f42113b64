package setup

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"kernelscope/lab"
)

// maxDefaultRowCache is the most the kernel row cache takes unless --memory
// says otherwise (issue 6: "a sensible fraction of physical memory, at most
// 1 GiB").
const maxDefaultRowCache = 1 << 30

// minRowCache is the smallest --memory accepted: below it the cache holds
// hardly a row of a large set, and a typo such as --memory 512 (bytes, not
// MB) is more likely than the wish.
const minRowCache = 1 << 20

// rowBudget is the byte budget of the kernel row cache: --memory, or a
// quarter of physical memory capped at 1 GiB.
func (f *Flags) rowBudget() (int64, error) {
	if !f.set("memory") {
		budget := int64(maxDefaultRowCache)
		if phys := physicalMemory(); phys > 0 {
			budget = min(budget, int64(phys/4))
		}
		return max(budget, minRowCache), nil
	}
	b, err := parseSize(f.memory)
	if err != nil {
		return 0, Usagef("--memory %q: %v", f.memory, err)
	}
	if b < minRowCache {
		return 0, Usagef("--memory %q is less than the 1M the row cache needs at least (sizes are in bytes: 512M, 2G)", f.memory)
	}
	return b, nil
}

// minUndoMemory and maxUndoMemory bound --undo-memory: below 64K the
// history holds a few thousand of the perceptron's mistakes and hardly one
// of the SVM's checkpoints at n = 1000 (a typo such as 512 for 512K is
// more likely than the wish); past 1G it would hold more than a session
// runs.
const (
	minUndoMemory = 64 << 10
	maxUndoMemory = 1 << 30
)

// BindUndoMemory adds --undo-memory SIZE, the most memory each learner's
// undo history may take (the terminal program's b). Call it after Bind.
func (f *Flags) BindUndoMemory() {
	f.fs.StringVar(&f.undoMemory, "undo-memory", "", fmt.Sprintf("the most memory each learner's undo history may take, e.g. 1M or 64M (default %s: the last 200 000 steps or more at n = 400); b steps back as far as it reaches, and the status line says where that is", sizeWord(lab.UndoBytes)))
}

// undoBudget is --undo-memory in bytes, 0 when it is not given (the
// session's default, lab.UndoBytes).
func (f *Flags) undoBudget() (int64, error) {
	if !f.set("undo-memory") {
		return 0, nil
	}
	b, err := parseSize(f.undoMemory)
	if err != nil {
		return 0, Usagef("--undo-memory %q: %v", f.undoMemory, err)
	}
	if b < minUndoMemory || b > maxUndoMemory {
		return 0, Usagef("--undo-memory %q is outside 64K to 1G (sizes are in bytes: 512K, 16M)", f.undoMemory)
	}
	return b, nil
}

// sizeWord writes a byte count the way --memory reads it: 2M, 64K.
func sizeWord(b int64) string {
	switch {
	case b%(1<<30) == 0:
		return fmt.Sprintf("%dG", b>>30)
	case b%(1<<20) == 0:
		return fmt.Sprintf("%dM", b>>20)
	case b%(1<<10) == 0:
		return fmt.Sprintf("%dK", b>>10)
	}
	return fmt.Sprint(b)
}

// parseSize reads a byte count such as 1073741824, 512K, 512M, 1.5G, 2GiB
// or 1GB (K, M, G, T are powers of 1024 with or without "iB"/"B").
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := 1.0
	upper := strings.ToUpper(t)
	for _, u := range []struct {
		suffix string
		mult   float64
	}{{"TIB", 1 << 40}, {"GIB", 1 << 30}, {"MIB", 1 << 20}, {"KIB", 1 << 10},
		{"TB", 1 << 40}, {"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10},
		{"T", 1 << 40}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(upper, u.suffix) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || v < 0 {
		return 0, fmt.Errorf("not a size (write it like 512M, 2G or 1073741824)")
	}
	b := v * mult
	if b >= 1<<62 {
		return 0, fmt.Errorf("more memory than any machine has")
	}
	return int64(b), nil
}
