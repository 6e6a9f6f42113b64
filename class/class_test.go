package class

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"kernelscope/lab"
	"kernelscope/learn"
)

// TestJoinCapsName: a seat's name is cleaned of what must not reach a
// terminal, then cut to MaxName characters at a rune boundary, the last
// an ellipsis; every place the class gives it (the seat's Member, the
// state the seat publishes, a quiz score) gives the capped name.
func TestJoinCapsName(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"short", "alice", "alice"},
		{"exactly MaxName", strings.Repeat("b", MaxName), strings.Repeat("b", MaxName)},
		{"one too many", strings.Repeat("c", MaxName+1), strings.Repeat("c", MaxName-1) + "…"},
		{"20 000 characters", strings.Repeat("d", 20000), strings.Repeat("d", MaxName-1) + "…"},
		// Multi-byte runes are cut between runes, never inside one.
		{"runes", strings.Repeat("é", 40), strings.Repeat("é", MaxName-1) + "…"},
		{"wide runes", strings.Repeat("名", 40), strings.Repeat("名", MaxName-1) + "…"},
		// Control characters go first: they neither count nor survive.
		{"escapes", "\x1b[2J\x1b[31mmallory\x07", "[2J[31mmallory"},
		{"escapes then long", "\x1b" + strings.Repeat("\x00", 50) + strings.Repeat("e", MaxName), strings.Repeat("e", MaxName)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := New(lab.Options{})
			s := c.Join(tc.in, "SHA256:k", Presenter)
			got := s.Member().Name
			if got != tc.want {
				t.Errorf("Join(%s).Member().Name = %s, want %q", head(tc.in), head(got), tc.want)
			}
			if n := utf8.RuneCountInString(got); n > MaxName || !utf8.ValidString(got) {
				t.Errorf("the name kept is %d characters (valid UTF-8: %v), want at most %d", n, utf8.ValidString(got), MaxName)
			}
			if ms := s.Members(); len(ms) != 1 || ms[0].Name != tc.want {
				t.Errorf("Members() names %s, want %q", head(ms[0].Name), tc.want)
			}
			if st, ok := s.Publish(lab.Options{}, lab.SessionMark{}, learn.EnsembleMember(0)); !ok || st.By != tc.want {
				t.Errorf("the published state is by %s, want %q", head(st.By), tc.want)
			}
		})
	}
	// A quiz's score is by the capped name too.
	c := New(lab.Options{})
	p := c.Join("lecturer", "SHA256:lecturer", Presenter)
	f := c.Join(strings.Repeat("x", 20000), "", Follower)
	if !p.StartQuiz() || !p.Ask(Truth{Yes: true}, true) {
		t.Fatal("the presenter could not start the quiz")
	}
	f.Answer(p.Quiz().Round, Answer{Yes: true})
	p.Reveal(Truth{Yes: true})
	sc := p.EndQuiz()
	if want := strings.Repeat("x", MaxName-1) + "…"; len(sc) != 1 || sc[0].Name != want {
		t.Errorf("%d scores, the first by %s; want one, by %q", len(sc), head(sc[0].Name), want)
	}
}

// head is s quoted, its first 40 characters and its length when longer,
// so that a failure does not print a name of 20 000 characters.
func head(s string) string {
	r := []rune(s)
	if len(r) <= 40 {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q… (%d characters)", string(r[:40]), len(r))
}
