package tui

import "kernelscope/tui/chart"

// chartInks are the charts' style prefixes, built once with the theme
// (package chart draws cells; the escape strings are looked up per ink
// change, never built in a View).
type chartInks struct {
	mono   bool
	prefix [chart.NumInks]string
}

func newChartInks(th *Theme) *chartInks {
	if th == nil || th.Mono {
		return &chartInks{mono: true}
	}
	return &chartInks{prefix: chart.DefaultStyles(th.Dark).Prefixes()}
}

// render writes a chart's grid, in colour unless the theme is color-free.
func (c *chartInks) render(g chart.Grid) string {
	if c == nil || c.mono {
		return g.Plain()
	}
	return g.Styled(&c.prefix)
}
