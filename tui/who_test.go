package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/class"
)

// TestPresenterWhoList: the class, 23 students, on the
// presenter's screen. W lists them over the screen, one a line with the
// start of their key, a page at a time ("page 1/2" at 80×24, every one at
// 100×30), with a key line of the list's keys; → pages; a student who
// joins meanwhile is listed; esc and W close it, and any other key closes
// it without acting behind it (space takes no step).
func TestPresenterWhoList(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 80, 24)
	for i := range 23 {
		c.Join(fmt.Sprintf("student%02d", i+1), fmt.Sprintf("SHA256:key%02dxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", i+1), class.Follower)
	}
	p.settle()
	p.press("W")
	lines := strings.Split(screen(p.m), "\n")
	if len(lines) != 24 {
		t.Fatalf("the screen is %d lines, want 24", len(lines))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w != 80 {
			t.Errorf("line %d is %d cells, want 80: %q", i, w, l)
		}
	}
	for _, want := range []string{
		"23 watching · by name · page 1/2",
		"student01 SHA256:key01xxx following",
		"student19 SHA256:key19xxx following",
		"→ next page • esc/W close • ? all keys • q quit",
	} {
		if !shows(p.m, want) {
			t.Errorf("the list does not show %q:\n%s", want, screen(p.m))
		}
	}
	if shows(p.m, "student20") || shows(p.m, "more") || shows(p.m, "lines)") {
		t.Errorf("the first page shows more than fits, or cuts the list:\n%s", screen(p.m))
	}
	p.press("right")
	if !shows(p.m, "page 2/2") || !shows(p.m, "student23 SHA256:key23xxx") || shows(p.m, "student19") {
		t.Errorf("the second page:\n%s", screen(p.m))
	}
	c.Join("student24", "", class.Follower)
	p.settle()
	if !shows(p.m, "24 watching") || !shows(p.m, "student24 (no key)") {
		t.Errorf("a student who joined is not listed:\n%s", screen(p.m))
	}

	p.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	if !shows(p.m, "24 watching · by name · page 1/1") || !shows(p.m, "student01") || !shows(p.m, "student24") {
		t.Errorf("at 100×30 every student is on one page:\n%s", screen(p.m))
	}
	for _, close := range []string{"esc", "W", "space"} {
		p.press(close)
		if shows(p.m, "who is watching") {
			t.Errorf("%s left the list open:\n%s", close, screen(p.m))
		}
		p.press("W")
	}
	if p.step() != 0 {
		t.Errorf("space over the list took a step (at %d)", p.step())
	}
	p.press("?")
	if !shows(p.m, "keys (? or esc closes") {
		t.Errorf("? over the list does not show the help:\n%s", screen(p.m))
	}
	p.press("esc")
	if !shows(p.m, "24 watching · by name") {
		t.Errorf("closing the help does not show the list again:\n%s", screen(p.m))
	}
	// Down to a sliver of a terminal and back, with the list open.
	for _, size := range [][2]int{{1, 1}, {2, 3}, {20, 6}, {21, 7}, {40, 10}, {80, 24}} {
		p.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		p.press("right")
		if n := len(strings.Split(screen(p.m), "\n")); n != size[1] {
			t.Errorf("at %d×%d the screen is %d lines", size[0], size[1], n)
		}
	}
	if !shows(p.m, "page 2/2") {
		t.Errorf("back at 80×24:\n%s", screen(p.m))
	}
	p.press("q") // q quits over the list, as over the help
	if !p.m.quitting {
		t.Error("q over the list did not quit")
	}
}

// TestFollowerNoWhoList: W is the presenter's; a follower's W says so.
func TestFollowerNoWhoList(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	seatIn(t, c, "lecturer", class.Presenter, 80, 24)
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	f.press("W")
	if !shows(f.m, "W lists who is watching, on the presenter's screen") || shows(f.m, "who is watching (W") {
		t.Errorf("a follower's W:\n%s", screen(f.m))
	}
}
