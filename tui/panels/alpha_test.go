package panels

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// TestAlphaGoldens: the α panel alone: moons after 30 steps (the rows
// around x₃₁, the example about to be visited), the same listing the
// support vectors only, and the SVM on worked3 at C = 0.1 (both α at C,
// bars full), each at a wide, a narrow and a tiny size.
func TestAlphaGoldens(t *testing.T) {
	t.Parallel()
	moons := &AlphaView{S: trained(t, tuitest.Builtin(t, "moons", 0), 30), Th: theme()}
	golden(t, "alpha_moons", moons, [2]int{64, 14}, [2]int{40, 8}, [2]int{16, 3})
	moons.onlySV = true
	golden(t, "alpha_moons_onlysv", moons, [2]int{64, 14}, [2]int{40, 8})
	svm := &AlphaView{S: trained(t, svmOptions(t, "worked3", 0.1), -1), Th: theme()}
	golden(t, "alpha_worked3_svm", svm, [2]int{72, 6}, [2]int{44, 6}, [2]int{20, 4})
}

// TestAlphaSVMBounds: the α panel marks support vectors at C ⊞ ⊟, as many
// as the learner has, splits them in its title, and draws α = C as a bar
// that fills its column (the panel's inner width less the 36 cells of
// text). worked3 at C = 0.1 holds both α at C.
func TestAlphaSVMBounds(t *testing.T) {
	t.Parallel()
	s := trained(t, svmOptions(t, "worked3", 0.1), -1)
	free, bound := s.SVCounts()
	if bound == 0 {
		t.Fatalf("no support vector at C = 0.1 (free %d)", free)
	}
	a := &AlphaView{S: s, Th: theme()}
	a.SetSize(60, 8)
	alpha := ansi.Strip(a.View())
	if got := strings.Count(alpha, common.GlyphPosBound) + strings.Count(alpha, common.GlyphNegBound); got != bound {
		t.Errorf("α panel shows %d support vectors at C, want %d:\n%s", got, bound, alpha)
	}
	if !strings.Contains(alpha, fmt.Sprintf("%d free, %d at C = 0.1", free, bound)) {
		t.Errorf("α panel title does not split the support vectors:\n%s", alpha)
	}
	iw, _ := common.Inner(a.w, a.h)
	if barW := iw - 36; !strings.Contains(alpha, strings.Repeat("█", barW)) {
		t.Errorf("no full bar (%d cells) for α = C:\n%s", barW, alpha)
	}
}

// TestOnlySV: V lists the support vectors alone and says so in the title
// and through the host; V again lists every example.
func TestOnlySV(t *testing.T) {
	t.Parallel()
	s := trained(t, tuitest.Builtin(t, "worked4", 0), 8) // α₁ = 1, the rest 0 (seed 003)
	a := &AlphaView{S: s, Th: theme()}
	a.SetSize(60, 10)
	host := &tuitest.Host{}
	v := a.OnlySVAction(host)
	row := regexp.MustCompile(`(?m)^│[ ▶] +\d+ `)
	rows := func() int { return len(row.FindAllString(ansi.Strip(a.View()), -1)) }
	if rows() != 4 {
		t.Fatalf("every example: %d rows listed, want 4:\n%s", rows(), ansi.Strip(a.View()))
	}
	v.Do(tuitest.Key("V"))
	view := ansi.Strip(a.View())
	if !a.onlySV || host.Said != "α panel: the support vectors only" || !strings.Contains(view, " α  SV 1/4, only SVs (V: all) ") || rows() != 1 {
		t.Errorf("V: %q, %d rows:\n%s", host.Said, rows(), view)
	}
	v.Do(tuitest.Key("V"))
	if a.onlySV || host.Said != "α panel: every example" || rows() != 4 {
		t.Errorf("V again: %q, %d rows", host.Said, rows())
	}
}

// TestAlphaAnySize: the panel draws exactly its size, every example or the
// support vectors only, the perceptron or the SVM.
func TestAlphaAnySize(t *testing.T) {
	t.Parallel()
	a := &AlphaView{S: trained(t, tuitest.Builtin(t, "moons", 0), 30), Th: theme()}
	fitsEverySize(t, "the α panel", a, 70, 16)
	a.onlySV = true
	fitsEverySize(t, "the α panel of SVs", a, 70, 16)
	fitsEverySize(t, "the SVM's α panel", &AlphaView{S: trained(t, svmOptions(t, "moons", 0), -1), Th: theme()}, 70, 16)
}

// TestAlphaForgetronSums: the Forgetron's α is the sum of its elements'
// weights σ (Dekel et al. 2008), and the α panel's title says so ("= Σσ",
// as before the learner registry); the perceptron's α counts steps of η
// and its title does not.
func TestAlphaForgetronSums(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "moons", 0)
	o.Config.Learner = "forgetron"
	a := &AlphaView{S: trained(t, o, 30), Th: theme()}
	a.SetSize(64, 8)
	if title := strings.Split(ansi.Strip(a.View()), "\n")[0]; !strings.Contains(title, "α  = Σσ  SV") {
		t.Errorf("the Forgetron's α panel title %q does not say α = Σσ", title)
	}
	p := &AlphaView{S: trained(t, tuitest.Builtin(t, "moons", 0), 30), Th: theme()}
	p.SetSize(64, 8)
	if title := strings.Split(ansi.Strip(p.View()), "\n")[0]; strings.Contains(title, "Σσ") {
		t.Errorf("the perceptron's α panel title %q says Σσ", title)
	}
}
