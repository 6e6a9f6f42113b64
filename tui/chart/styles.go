package chart

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Styles is a lipgloss style per ink. Only what a style writes before its
// text is used (see Prefixes), so colours and attributes count; padding,
// borders and widths do not.
type Styles [NumInks]lipgloss.Style

// DefaultStyles are the charts' inks on a dark or light background, from
// the Okabe–Ito palette (colourblind-safe), as the TUI's theme: blue for
// validation, orange (vermillion on light backgrounds, where orange is
// faint) for training, bluish green for test, reddish purple for
// mistakes, and a bold marker for the best value.
func DefaultStyles(isDark bool) Styles {
	ld := lipgloss.LightDark(isDark)
	fg := func(light, dark string) lipgloss.Style {
		return lipgloss.NewStyle().Foreground(ld(lipgloss.Color(light), lipgloss.Color(dark)))
	}
	var s Styles
	s[inkAxis] = fg("#777777", "#8A8A8A")
	s[inkLabel] = fg("#777777", "#8A8A8A")
	s[inkValid] = fg("#0072B2", "#56B4E9")
	s[inkTrain] = fg("#D55E00", "#E69F00")
	s[inkTest] = fg("#009E73", "#009E73")
	// The error bars: validation's hue, paler, so they read as its spread
	// and not as a series of their own.
	s[inkSpread] = fg("#8FB9D8", "#3A7CA5")
	s[inkBest] = fg("#CC79A7", "#F0E442").Bold(true)
	s[inkBars] = fg("#CC79A7", "#CC79A7")
	return s
}

// Prefixes are the escape sequences the styles write before their text,
// for Grid.Styled. Build them once (at start, or when the background or
// colour profile changes), not per frame.
func (s Styles) Prefixes() [NumInks]string {
	// A private-use rune marks where the text goes.
	const marker = "\uE000"
	var p [NumInks]string
	for i, st := range s {
		p[i], _, _ = strings.Cut(st.Render(marker), marker)
	}
	return p
}
