package main

import (
	"bufio"
	"bytes"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// The start of the program is guarded by what it allocates and links, not
// by how long it takes: the Go runtime's init trace
// (GODEBUG=inittrace=1) counts each package's allocations at start, and
// those counts are the same on a loaded machine as on an idle one.
//
// Measured (docs/bench/speed.md, "Starting"): every package initialised
// before main costs its page faults and its work, so a command that prints
// its version should start as a Go hello-world does.

// startCommands are the command lines whose start is guarded.
var startCommands = [][]string{
	{"--version"},
	{"trace", "--dataset", "worked4", "--format", "summary"},
}

// Limits on init-time work, per package and in all. A sync.OnceValue
// costs two small allocations (its state and its closure): a package of
// ours may hold a couple; a table, a map or a compiled expression built at
// start costs more and fails. The heavy packages (gonum/plot's fonts,
// LaTeX, PDF, gob) must do no more than ours, or better, not be linked.
const (
	maxPackageAllocs = 4
	maxPackageBytes  = 512
	// maxTotalBytes bounds what every package, the runtime's and the
	// libraries' included, allocates before main: 100 KB today (Go 1.26,
	// Charm's packages the most), against 410 KB when gonum/plot parsed
	// twelve fonts at start.
	maxTotalBytes = 160 << 10
)

// guarded reports whether package path's init is held to the per-package
// limits: kernelscope's own and the figure's heavy dependencies.
func guarded(path string) bool {
	for _, p := range []string{"kernelscope", "gonum.org/v1/plot", "codeberg.org/go-latex", "codeberg.org/go-fonts", "codeberg.org/go-pdf", "encoding/gob", "github.com/golang/freetype", "git.sr.ht/~sbinet/gg"} {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// initRecord is one line of the init trace:
// "init kernelscope/lab @2.6 ms, 0.043 ms clock, 5536 bytes, 47 allocs".
type initRecord struct {
	pkg           string
	bytes, allocs int
}

// parseInitTrace reads the init trace's lines out of stderr.
func parseInitTrace(t *testing.T, stderr []byte) []initRecord {
	t.Helper()
	var out []initRecord
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 11 || f[0] != "init" || f[8] != "bytes," || f[10] != "allocs" {
			continue
		}
		b, err1 := strconv.Atoi(f[7])
		a, err2 := strconv.Atoi(f[9])
		if err1 != nil || err2 != nil {
			t.Fatalf("cannot read the init trace line %q", sc.Text())
		}
		out = append(out, initRecord{pkg: f[1], bytes: b, allocs: a})
	}
	return out
}

// buildKernelscope builds the program as `go build` does by default, into
// a temporary directory.
func buildKernelscope(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the program")
	}
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		if gobin, err = exec.LookPath("go"); err != nil {
			t.Skip("no go command to build the program with")
		}
	}
	bin := filepath.Join(t.TempDir(), "kernelscope")
	cmd := exec.Command(gobin, "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestStartAllocatesLittle: the start of --version and of a worked4
// summary does next to no work in kernelscope's packages and in the
// figure's heavy dependencies (gonum/plot, its fonts, LaTeX, PDF): each
// allocates at most maxPackageAllocs objects and maxPackageBytes bytes at
// init, and all packages together at most maxTotalBytes.
func TestStartAllocatesLittle(t *testing.T) {
	bin := buildKernelscope(t)
	for _, args := range startCommands {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "NO_COLOR=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("kernelscope %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
		}
		recs := parseInitTrace(t, stderr.Bytes())
		if len(recs) < 10 {
			t.Fatalf("kernelscope %s: %d init trace lines; is GODEBUG=inittrace=1 still the runtime's?\n%s", strings.Join(args, " "), len(recs), stderr.Bytes())
		}
		total := 0
		for _, r := range recs {
			total += r.bytes
			if guarded(r.pkg) && (r.allocs > maxPackageAllocs || r.bytes > maxPackageBytes) {
				t.Errorf("kernelscope %s: package %s allocates %d bytes in %d allocations at start (at most %d bytes, %d allocations): build its tables on first use",
					strings.Join(args, " "), r.pkg, r.bytes, r.allocs, maxPackageBytes, maxPackageAllocs)
			}
		}
		if total > maxTotalBytes {
			t.Errorf("kernelscope %s: the packages allocate %d bytes at start in all, more than %d", strings.Join(args, " "), total, maxTotalBytes)
		}
	}
}

// TestDefaultBuildIsLean: the default `go build` keeps the linker's
// pruning of unused methods.
//
// The program used to link no C library at all, and started without the
// dynamic loader (this test forbade net, os/user and runtime/cgo). Serving
// a class over SSH (issue 26, charm.land/wish) needs net, whose resolver
// is cgo's wherever cgo is on, and wish's keygen imports os/user, so with a
// C compiler installed the default build links the C library
// dynamically. Measured here (go1.26.8, linux/amd64, hyperfine -N -w 20
// -r 300, --version): 2.2–2.5 ms before serve (static), 3.1–3.2 ms after
// (dynamic), 2.4 ms after when built with CGO_ENABLED=0 (static again);
// page faults 417–431, 531–561 and 464–498; the binary 12.6 MB before,
// 16.5 MB after (SSH's cryptography, net, log/slog). The 0.7–1 ms is the
// dynamic loader's: build with CGO_ENABLED=0 where start time matters
// (README, "Build").
func TestDefaultBuildIsLean(t *testing.T) {
	bin := buildKernelscope(t)
	f, err := elf.Open(bin)
	if err != nil {
		t.Skipf("not an ELF binary: %v", err)
	}
	defer f.Close()
	// A call of reflect.Value's Method or MethodByName anywhere in the
	// program (text/template runs one for every template it executes,
	// Cobra's version template among them) makes the linker keep every
	// exported method of every type that reaches an interface: the binary
	// was 17.7 MB with it, 12.5 MB without, and a larger binary faults in
	// more of itself at start.
	syms, err := f.Symbols()
	if err != nil {
		t.Skipf("no symbol table: %v", err)
	}
	for _, s := range syms {
		if s.Name == "reflect.Value.Method" || s.Name == "reflect.Value.MethodByName" {
			t.Errorf("the program calls %s (text/template's execution?): the linker then keeps every exported method", s.Name)
		}
	}
}
