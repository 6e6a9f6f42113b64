// Package tuitest holds what the terminal program's tests share: keys as
// Bubble Tea sends them, the built-in datasets as the program opens them,
// golden files (go test -update rewrites them), a check that a view
// draws exactly its size, and a Host that records what a component says.
package tuitest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
)

// update rewrites the golden files instead of comparing with them.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// Key is the key press Bubble Tea sends for k, spelled as bubbles/key
// spells bindings: "space", "esc", "up", "enter", "ctrl+c", "+", "K".
func Key(k string) tea.KeyPressMsg {
	switch k {
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "delete":
		return tea.KeyPressMsg{Code: tea.KeyDelete}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// Builtin is the built-in dataset name with n points (0: its default), its
// default noise and seed 1, and its preset kernel, bias and tie rule, as
// the program opens it; training is capped at 100 passes.
func Builtin(t testing.TB, name string, n int) lab.Options {
	t.Helper()
	b, ok := datasets.Lookup(name)
	if !ok {
		t.Fatalf("no dataset %s", name)
	}
	k, err := learn.ParseKernel(b.Preset.Kernel)
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		n = b.DefaultN
	}
	return lab.Options{
		Dataset: name, N: n, Noise: b.DefaultNoise, Seed: 1,
		Points: b.Generate(n, b.DefaultNoise, 1),
		Config: learn.Config{Kernel: k, Bias: b.Preset.Bias, Tie: b.Preset.Tie, Epochs: 100, Seed: 1},
	}
}

// Session opens o as the program does, failing the test when it cannot.
func Session(t testing.TB, o lab.Options) *lab.Session {
	t.Helper()
	s, err := lab.NewSession(o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Golden compares got, colors stripped, with the file at path, or writes
// it there under -update.
func Golden(t testing.TB, path, got string) {
	t.Helper()
	GoldenRaw(t, path, ansi.Strip(got))
}

// GoldenRaw is Golden with the escape sequences kept.
func GoldenRaw(t testing.TB, path, got string) {
	t.Helper()
	got += "\n"
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if got != string(want) {
		t.Errorf("the view differs from %s (go test -update rewrites it):\n%s", path, got)
	}
}

// Fits checks that view is exactly w cells by h lines ("" when either is
// 0), and says which line is not.
func Fits(t testing.TB, view string, w, h int) {
	t.Helper()
	if w <= 0 || h <= 0 {
		if view != "" {
			t.Errorf("%d×%d: want nothing, got %q", w, h, view)
		}
		return
	}
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("%d×%d: %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if ansi.StringWidth(l) != w {
			t.Errorf("%d×%d: line %d is %d wide: %q", w, h, i, ansi.StringWidth(l), l)
			return
		}
	}
}

// Host is a common.Host that records what a component asks: the last
// message, whether it stopped the player, the configurations it asked
// for, which it applies to S (when set) as the program does, and the
// second learner it gave, with its labels and note, and the steps it
// took of S.
type Host struct {
	S       *lab.Session
	Said    string
	Stopped bool
	Configs []learn.Config
	Twin    *lab.Session
	Labels  [2]string
	Note    string
	Steps   int
}

func (h *Host) Say(msg string) { h.Said = msg }
func (h *Host) StopPlayer()    { h.Stopped = true }
func (h *Host) SetConfig(cfg learn.Config, what string) {
	h.Configs = append(h.Configs, cfg)
	if h.S == nil {
		return
	}
	if err := h.S.SetConfig(cfg); err != nil {
		h.Said = what + ": cannot train with it, nothing changed: " + err.Error()
		return
	}
	h.Said = what + ": α reset (α belongs to one learner, kernel, bias and tie rule)"
}

func (h *Host) SetTwin(twin *lab.Session, labels [2]string, note string) {
	h.Twin, h.Labels, h.Note = twin, labels, note
}

// Step takes a step of S as space does (the player stops first).
func (h *Host) Step() bool {
	h.Stopped = true
	if h.S == nil || !h.S.Step() {
		return false
	}
	h.Steps++
	return true
}

// RunField computes a field job, and the job it asks for next, here and
// now, as the program does off the UI path.
func RunField(job lab.FieldJob) {
	for job != nil {
		r := job()
		job = r.Owner().FieldReady(r)
	}
}

// Clipboard is the text a command copies to the clipboard with OSC 52,
// and false when it copies nothing.
func Clipboard(t testing.TB, cmd tea.Cmd) (string, bool) {
	t.Helper()
	if cmd == nil {
		return "", false
	}
	msg := cmd()
	want := tea.SetClipboard("")()
	if fmt.Sprintf("%T", msg) != fmt.Sprintf("%T", want) {
		return "", false
	}
	return fmt.Sprint(msg), true // the message is the text, as a string type
}
