package tui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kernelscope/learn"
)

// TestUpdateView: U titles the region with the term the last mistake
// added to f, η·yᵢ·K(xᵢ, x) (seed 001), as the narration wrote that
// mistake (t, i and yᵢ); U again shows f. (The bump's pixels, in yᵢ's hue
// beside the ghost of the boundary before, are package region's test.)
func TestUpdateView(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	// "t=pass, i=example: … ≠ yᵢ = ±1 ✗ … [step T]"
	mistake := regexp.MustCompile(`t=\d+, i=(\d+): .* ≠ y\S+ = ([+−]1) ✗.*\[step (\d+)\]`)
	var last []string
	for mistakes := 0; mistakes < 3; {
		press(m, "space")
		if got := mistake.FindStringSubmatch(flat(m)); got != nil {
			last = got
			mistakes++
		}
	}
	i, _ := strconv.Atoi(last[1])
	y := 1
	if last[2] == "−1" {
		y = -1
	}
	press(m, "U")
	title := strings.SplitN(screen(m), "\n", 2)[0]
	want := "the last mistake (step " + last[3] + ") added " + learn.Num(float64(y)) + "·K(x" + learn.Sub(i) + ", x)"
	if !strings.Contains(title, want) {
		t.Errorf("title %q lacks %q", title, want)
	}
	if !screenSays(m, "the term a mistake adds to f, η·yᵢ·K(xᵢ, x), with the boundary now and, faint, the boundary before it") {
		t.Errorf("U does not say what it shows:\n%s", screen(m))
	}
	press(m, "U")
	if strings.Contains(screen(m), "U: the last mistake") {
		t.Error("U again should show f again")
	}
}

func itoa(n int) string { return learn.Num(float64(n)) }
