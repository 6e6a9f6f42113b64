package quiz

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/panels"
)

// The quiz's words: the question about the next step, the verdict on the
// step just taken, and the score. Each question has a long form and a
// short one; the question line takes the longest that fits the width.

// View is the quiz's line about the next step, in bold, the longest form
// that fits the width (the shortest when none does: the narration wraps
// it); "" when the quiz is off.
func (q *Model) View() string {
	if !q.on {
		return ""
	}
	return q.th.Bold.Render(q.questionLine(q.w))
}

// judgePerceptron judges both answers about step st (the sign against the
// prediction the tie rule made, the mistake against the update);
// judgeLast adds the reason (perceptronReason):
//
//	sign +1 ✗ wrong, mistake? yes ✓ right · sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg): mistake → α₁ += 1, new α = [1, 0, 0, 0]
//
// Under the tie rule mistake, f = 0 has no sign (y·f = 0 ≤ 0 is a mistake
// whatever the label), so the sign answer is not scored there.
func (q *Model) judgePerceptron(st learn.Step, mistake bool) string {
	tr := q.Truth(st)
	var sign string
	if tr.Sign == 0 {
		sign = "sign " + learn.Sign(q.sign) + " not scored (f = 0 has no sign under tie rule mistake)"
	} else {
		sign = q.judge(askSign, q.sign == tr.Sign, "sign "+learn.Sign(q.sign))
	}
	return sign + ", " + q.judge(askMistake, mistake == tr.Yes, q.s.Kind().Question().Noun+"? "+yesNo(mistake))
}

// perceptronReason is why step st went as it did: the decision on the
// sum (notation.Decision, as the step's line above writes it) and what it
// did to α.
func (q *Model) perceptronReason(st learn.Step) string {
	s := q.s
	did := "no " + s.Kind().Question().Noun + ", α stays"
	if u := notation.Update(s.Learner(), st); u != "" {
		// Called right after the step, so α is as it left it.
		did = strings.ReplaceAll(u, "\n", "; ")
	}
	return notation.Decision(s.Learner(), st) + ": " + did
}

// clipReason says what the pair update did to its two α, from its record:
//
//	pair (3, 4): α₃ 0 → 0.25, α₄ 0 → 0.25, both inside the box 0 ≤ α ≤ C = 1
//	pair (1, 2): α₁ 0.5 → 1 clipped at C = 1, α₂ 0 → 0.5
func clipReason(p learn.PairStep, c string) string {
	one := func(k int, a [2]float64, b learn.Bound) string {
		out := fmt.Sprintf("α%s %s → %s", learn.Sub(k+1), learn.Num(a[0]), learn.Num(a[1]))
		switch b {
		case learn.AtZero:
			out += " clipped at 0"
		case learn.AtC:
			out += " clipped at C = " + c
		}
		return out
	}
	out := fmt.Sprintf("pair (%d, %d): %s, %s", p.I+1, p.J+1, one(p.I, p.AlphaI, p.ClipI), one(p.J, p.AlphaJ, p.ClipJ))
	if p.ClipI == learn.Unclipped && p.ClipJ == learn.Unclipped {
		out += ", both inside the box 0 ≤ α ≤ C = " + c
	}
	return out
}

// cText is the SVM's C as people write it (∞ for the hard margin).
func cText(s Session) string {
	if sv := s.Boxed(); sv != nil {
		return notation.C(sv.C())
	}
	return ""
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// score writes the score: "score 5/7 (sign 3/4, mistake 2/3)".
func (q *Model) score() string {
	right, asked := q.total()
	var parts []string
	for kind, name := range q.kinds {
		if q.asked[kind] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d/%d", name, q.right[kind], q.asked[kind]))
		}
	}
	s := fmt.Sprintf("score %d/%d", right, asked)
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

// total is the answers right and asked, of every kind.
func (q *Model) total() (right, asked int) {
	for kind := range q.asked {
		right, asked = right+q.right[kind], asked+q.asked[kind]
	}
	return right, asked
}

// prompt is what to press now, about the next example (long: with the
// sum written out, or the pair and the box).
func (q *Model) prompt(long bool) string {
	s := q.s
	if q.role == following && q.answered {
		return q.given(long)
	}
	if sv := s.Pairs(); sv != nil {
		i, j := sv.NextPair()
		if i < 0 {
			return "will the next pair update clip an α at 0 or C? y or n"
		}
		if long {
			return fmt.Sprintf("pair (%d, %d) next: will α%s or α%s clip at 0 or C = %s? y or n",
				i+1, j+1, learn.Sub(i+1), learn.Sub(j+1), cText(s))
		}
		return fmt.Sprintf("pair (%d, %d): clips at 0 or C? y or n", i+1, j+1)
	}
	x := "x" + learn.Sub(s.Learner().Next()+1)
	switch {
	case q.phase == askMistake && long:
		return "you said sign " + learn.Sign(q.sign) + ": " + fmt.Sprintf(s.Kind().Question().Long, x) + " y or n"
	case q.phase == askMistake:
		return "you said " + learn.Sign(q.sign) + ": " + s.Kind().Question().Short + " y or n"
	case long && s.Learner().Offset() != 0:
		// The offset learned step by step (logistic regression's w₀).
		return fmt.Sprintf("sign of f(%s) = w₀ + Σ αₖ yₖ K(xₖ, %s)? + or −", x, x)
	case long:
		return fmt.Sprintf("sign of f(%s) = Σ αₖ yₖ K(xₖ, %s)? + or −", x, x)
	}
	return "sign of f(" + x + ")? + or −"
}

// questionLine is the quiz's line about the next step, the longest form
// that fits w cells: the step, the example, the question and the score;
// or, once training has stopped, how it ended and the final score.
//
//	QUIZ step 5 · x₁ = (1, 1), y₁ = +1 · sign of f(x₁) = Σ αₖ yₖ K(xₖ, x₁)? + or − · score 7/8
func (q *Model) questionLine(w int) string {
	s := q.s
	right, asked := q.total()
	short := fmt.Sprintf("score %d/%d", right, asked)
	var forms []string
	switch i := s.Learner().Next(); {
	case !q.live():
		end := panels.Brief(s)
		forms = []string{
			"QUIZ over: " + end + " · final " + q.score() + " · r resets α to be quizzed again, Q leaves",
			"QUIZ over: " + end + " · final " + q.score(),
			"QUIZ over · final " + q.score(),
			"QUIZ over · " + short,
		}
	case s.Pairs() != nil:
		head := fmt.Sprintf("QUIZ iteration %d · ", s.Learner().T()+1)
		for _, long := range []bool{true, false} {
			forms = append(forms, head+q.prompt(long)+" · "+q.score(), head+q.prompt(long)+" · "+short)
		}
	case i >= 0:
		l := s.Learner() // its examples are the training points, in order
		x, sub := l.X(i), learn.Sub(i+1)
		step := fmt.Sprintf("QUIZ step %d · ", l.T()+1)
		head := step + fmt.Sprintf("x%s = (%s, %s), y%s = %s · ", sub, learn.Num(x.X1), learn.Num(x.X2), sub, learn.Sign(l.Y(i)))
		for _, long := range []bool{true, false} {
			forms = append(forms, head+q.prompt(long)+" · "+q.score(), head+q.prompt(long)+" · "+short)
		}
		if q.role == following && q.answered {
			// The example is on screen above; the answer given is what
			// the student looks for.
			forms = append(forms, step+q.prompt(true)+" · "+short, step+q.prompt(false)+" · "+short)
		}
	default:
		return "QUIZ · " + short
	}
	for _, f := range forms {
		if ansi.StringWidth(f) <= w {
			return f
		}
	}
	return forms[len(forms)-1]
}
