package seat

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/class"
	"kernelscope/lab"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// students are the class of the issue (23 of them), in the order they
// join: not the list's.
var students = []string{"zoe", "mallory", "Bob", "alice", "yusuf", "carol", "xena", "dave", "walter", "erin",
	"victor", "frank", "uma", "grace", "trent", "heidi", "sybil", "ivan", "rupert", "judy", "peggy", "niaj", "olivia"}

// fingerprint is a key's SHA256 fingerprint as ssh-keygen writes it
// (43 characters of base64), made up from the name.
func fingerprint(name string) string {
	return "SHA256:" + (name + strings.Repeat("x", 43))[:43]
}

// whoClass is a class with a presenter, a second presenter (never
// listed) and the students, each with a key of their own; the
// presenter's list is w×h (the screen but the key line), open.
func whoClass(t *testing.T, w, h int, names ...string) (*class.Class, *class.Seat, []*class.Seat, *Who) {
	t.Helper()
	c := class.New(lab.Options{})
	p := c.Join("lecturer", fingerprint("lecturer"), class.Presenter)
	c.Join("projector", fingerprint("lecturer"), class.Presenter)
	var fs []*class.Seat
	for _, n := range names {
		fs = append(fs, c.Join(n, fingerprint(n), class.Follower))
	}
	v := &Who{seat: p}
	v.keys = newWhoKeys(v)
	v.SetTheme(common.NewTheme(true, true, colorprofile.Ascii))
	v.SetSize(w, h)
	v.Toggle()
	return c, p, fs, v
}

// press answers k as the program does while the list is open (its keys
// synced first, as after every message): why is the reason a key that
// does nothing now gives; ok is false for a key not the list's.
func press(v *Who, k string) (why string, ok bool) {
	v.Keys().Sync()
	_, why, ok = v.Keys().Handle(tuitest.Key(k))
	return why, ok
}

// lines are the list's lines as a person reads them.
func lines(v *Who) []string { return strings.Split(ansi.Strip(v.View()), "\n") }

// shownNames are the names on the page shown, in order: the first word of
// each row between the column headings and the bottom edge.
func shownNames(v *Who) []string {
	var out []string
	for _, l := range lines(v)[3 : len(lines(v))-1] {
		if f := strings.Fields(strings.Trim(l, "│")); len(f) > 0 {
			out = append(out, f[0])
		}
	}
	return out
}

// header is the list's first line inside the box.
func header(v *Who) string { return strings.TrimSpace(strings.Trim(lines(v)[1], "│")) }

// TestWhoPages: at 80×24 (the list 80×23, above the key line) the 23
// students of the issue are two pages, each student once, by name
// (case aside) then key, each line a student's name, short key and
// state; → and ← page, and say why they do nothing past either end. At
// 100×30 they are one page.
func TestWhoPages(t *testing.T) {
	_, _, fs, v := whoClass(t, 80, 23, students...)
	fs[1].SetAway(true) // mallory
	v.refresh()
	got := lines(v)
	if len(got) != 23 {
		t.Fatalf("the list is %d lines, want 23:\n%s", len(got), strings.Join(got, "\n"))
	}
	for i, l := range got {
		if w := ansi.StringWidth(l); w != 80 {
			t.Errorf("line %d is %d cells wide, want 80: %q", i, w, l)
		}
	}
	if h := header(v); h != "23 watching · by name · page 1/2" {
		t.Errorf("header %q", h)
	}
	want := slices.Clone(students)
	slices.SortFunc(want, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	first := shownNames(v)
	if len(first) != 19 {
		t.Errorf("the first page lists %d students, want 19 (23 lines less the edges, the header and the headings)", len(first))
	}
	if why, _ := press(v, "left"); why != "this is the first page" {
		t.Errorf("← on the first page: %q", why)
	}
	if why, _ := press(v, "right"); why != "" {
		t.Errorf("→ on the first page did nothing: %q", why)
	}
	if h := header(v); h != "23 watching · by name · page 2/2" {
		t.Errorf("after →: header %q", h)
	}
	all := append(first, shownNames(v)...)
	if !slices.Equal(all, want) {
		t.Errorf("the pages list\n%v\nwant every student once, by name:\n%v", all, want)
	}
	if why, _ := press(v, "pgdown"); why != "this is the last page" {
		t.Errorf("pgdn on the last page: %q", why)
	}
	press(v, "pgup")
	if h := header(v); !strings.HasSuffix(h, "page 1/2") {
		t.Errorf("after pgup: header %q", h)
	}

	screen := strings.Join(lines(v), "\n")
	for _, row := range []string{
		"alice    SHA256:alicexxx  following",
		"mallory  SHA256:malloryx  on their own",
	} {
		if !strings.Contains(screen, row) {
			t.Errorf("the list lacks the row %q:\n%s", row, screen)
		}
	}
	if strings.Contains(screen, fingerprint("alice")) || strings.Contains(screen, "lecturer") || strings.Contains(screen, "projector") {
		t.Errorf("the list gives a whole fingerprint, or a presenter:\n%s", screen)
	}

	v.SetSize(100, 29) // 100×30
	if h := header(v); h != "23 watching · by name · page 1/1" || len(shownNames(v)) != 23 {
		t.Errorf("at 100×30: header %q, %d students shown; want every one on one page", h, len(shownNames(v)))
	}
	for _, k := range []string{"left", "right"} {
		if why, _ := press(v, k); why == "" {
			t.Errorf("%s acts with one page", k)
		}
	}
}

// TestWhoPageKeptInRange: a list that gets shorter, or a screen that gets
// taller, shows its last page, not an empty one; a student who joins is
// listed at the next refresh.
func TestWhoPageKeptInRange(t *testing.T) {
	c, _, fs, v := whoClass(t, 80, 23, students...)
	press(v, "right")
	for _, f := range fs[:10] {
		f.Leave()
	}
	v.refresh()
	if h := header(v); h != "13 watching · by name · page 1/1" || len(shownNames(v)) != 13 {
		t.Errorf("after 10 left: header %q, %d shown", h, len(shownNames(v)))
	}
	c.Join("aaron", "", class.Follower)
	v.refresh()
	if got := shownNames(v); len(got) != 14 || got[0] != "aaron" || !strings.Contains(lines(v)[3], "(no key)") {
		t.Errorf("a student who joined, without a key: %v\n%s", got, strings.Join(lines(v), "\n"))
	}
}

// TestWhoScores: the quiz's scores are a column of the list ("quiz"
// while it is on, "last quiz" after), on the row of the student whose
// key scored; a student who scored and left is listed as left, and
// counted in the header apart from those watching. s sorts by score, best
// first, and back by name; with no scores it says why it does nothing.
func TestWhoScores(t *testing.T) {
	_, p, fs, v := whoClass(t, 80, 23, "ann", "bob", "cy", "dee")
	if why, _ := press(v, "s"); why != "no quiz scores to sort by: Q starts the quiz" {
		t.Errorf("s with no scores: %q", why)
	}
	if !p.StartQuiz() || !p.Ask(class.Truth{Sign: 1, Yes: true}, true) {
		t.Fatal("the quiz did not start")
	}
	round := p.Quiz().Round
	fs[0].Answer(round, class.Answer{Sign: -1, Yes: false}) // ann 0/2
	fs[1].Answer(round, class.Answer{Sign: 1, Yes: true})   // bob 2/2
	fs[3].Answer(round, class.Answer{Sign: 1, Yes: false})  // dee 1/2, then leaves
	p.Reveal(class.Truth{Sign: 1, Yes: true})
	fs[3].Leave()
	v.refresh()
	screen := strings.Join(lines(v), "\n")
	for _, want := range []string{"3 watching · 1 left · by name · page 1/1", "quiz", "ann   SHA256:annxxxxx  following   0/2", "dee   SHA256:deexxxxx  left        1/2"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the list lacks %q:\n%s", want, screen)
		}
	}
	if got := shownNames(v); !slices.Equal(got, []string{"ann", "bob", "cy", "dee"}) {
		t.Errorf("by name: %v", got)
	}
	if why, _ := press(v, "s"); why != "" {
		t.Fatalf("s with scores: %q", why)
	}
	if got := shownNames(v); !slices.Equal(got, []string{"bob", "dee", "ann", "cy"}) {
		t.Errorf("by score: %v, want bob 2/2, dee 1/2, ann 0/2, then cy (no score)", got)
	}
	if h := header(v); h != "3 watching · 1 left · by quiz score · page 1/1" {
		t.Errorf("header by score: %q", h)
	}
	if d := v.keys.order.Binding.Help().Desc; d != "sort by name" {
		t.Errorf("s's help by score: %q", d)
	}
	p.EndQuiz()
	v.refresh()
	if !strings.Contains(lines(v)[2], "last quiz") {
		t.Errorf("after the quiz: headings %q", lines(v)[2])
	}
	press(v, "s")
	if got := shownNames(v); !slices.Equal(got, []string{"ann", "bob", "cy", "dee"}) {
		t.Errorf("by name again: %v", got)
	}
}

// TestWhoNames: a name cut by the class (a 20 000-character one) is
// listed as the class keeps it, and a name of wide characters takes at
// most class.MaxName cells: the other columns keep their place.
func TestWhoNames(t *testing.T) {
	long, wide := strings.Repeat("n", 20000), strings.Repeat("名", 40)
	_, _, _, v := whoClass(t, 80, 23, long, wide, "al")
	screen := lines(v)
	if want := strings.Repeat("n", class.MaxName-1) + "…  SHA256:"; !strings.Contains(screen[4], want) {
		t.Errorf("the long name's row %q, want it to start %q", screen[4], want)
	}
	for _, l := range screen[3:6] {
		if i := strings.Index(l, "SHA256:"); ansi.StringWidth(l[:i]) != 1+class.MaxName+whoGap {
			t.Errorf("the key column starts at cell %d, want %d: %q", ansi.StringWidth(l[:i]), 1+class.MaxName+whoGap, l)
		}
	}
}

// TestWhoAnySize: the list draws exactly its size, from 0×0 up, and its
// keys act at any size, with any number of students.
func TestWhoAnySize(t *testing.T) {
	for _, n := range []int{0, 1, 23} {
		_, _, _, v := whoClass(t, 0, 0, students[:n]...)
		for w := 0; w <= 82; w += 1 + w/8 {
			for h := 0; h <= 31; h++ {
				v.SetSize(w, h)
				for _, k := range []string{"right", "left", "s", "pgdown"} {
					press(v, k)
				}
				got := v.View()
				if h == 0 {
					if got != "" {
						t.Errorf("%d students at %d×0: %q", n, w, got)
					}
					continue
				}
				ls := strings.Split(got, "\n")
				if len(ls) != h {
					t.Errorf("%d students at %d×%d: %d lines", n, w, h, len(ls))
				}
				for i, l := range ls {
					if cw := ansi.StringWidth(l); cw != w {
						t.Errorf("%d students at %d×%d: line %d is %d cells", n, w, h, i, cw)
					}
				}
			}
		}
	}
}

// TestWhoHelp: the list's one-line help offers only the keys that act now
// (the program's help line shows the enabled ones), and esc and W close
// the list.
func TestWhoHelp(t *testing.T) {
	_, _, _, v := whoClass(t, 80, 23, students...)
	enabled := func() []string {
		v.Keys().Sync()
		var out []string
		for _, b := range v.Keys().ShortHelp() {
			if b.Enabled() {
				out = append(out, fmt.Sprintf("%s %s", b.Help().Key, b.Help().Desc))
			}
		}
		return out
	}
	if got, want := enabled(), []string{"→ next page", "esc/W close"}; !slices.Equal(got, want) {
		t.Errorf("on the first of two pages, with no scores: %q, want %q", got, want)
	}
	press(v, "right")
	if got, want := enabled(), []string{"← prev page", "esc/W close"}; !slices.Equal(got, want) {
		t.Errorf("on the last page: %q, want %q", got, want)
	}
	for _, k := range []string{"esc", "W"} {
		if _, ok := press(v, k); !ok || v.Open() {
			t.Errorf("%s left the list open", k)
		}
		v.Toggle()
	}
	if _, ok := press(v, "space"); ok {
		t.Error("the list answers space")
	}
}

// TestWhoNarrow: in a narrow terminal the key's column goes first (the
// names taking back its room), then the state's; a name is cut last, and
// the title drops what the key line says.
func TestWhoNarrow(t *testing.T) {
	long := strings.Repeat("n", 40)
	_, _, _, v := whoClass(t, 40, 11, "al", long)
	screen := strings.Join(lines(v), "\n")
	if strings.Contains(screen, "SHA256") || !strings.Contains(screen, "│al"+strings.Repeat(" ", 27)+"following│") {
		t.Errorf("at 40 columns, want the names and states without keys:\n%s", screen)
	}
	if want := strings.Repeat("n", 26) + "…  following"; !strings.Contains(screen, want) {
		t.Errorf("at 40 columns the long name takes the key's room: want %q in\n%s", want, screen)
	}
	v.SetSize(24, 8)
	screen = strings.Join(lines(v), "\n")
	if strings.Contains(screen, "following") || !strings.Contains(screen, "╭─ who is watching ───") || !strings.Contains(screen, strings.Repeat("n", 21)+"…") {
		t.Errorf("at 24 columns, want the names alone, under a short title:\n%s", screen)
	}
}
