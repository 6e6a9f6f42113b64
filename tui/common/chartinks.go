package common

import "kernelscope/tui/chart"

// ChartInks are the charts' style prefixes, built once with the theme
// (package chart draws cells; the escape strings are looked up per ink
// change, never built in a View).
type ChartInks struct {
	mono   bool
	prefix [chart.NumInks]string
}

func NewChartInks(th *Theme) *ChartInks {
	if th == nil || th.Mono {
		return &ChartInks{mono: true}
	}
	return &ChartInks{prefix: chart.DefaultStyles(th.dark).Prefixes()}
}

// Render writes a chart's grid, in colour unless the theme is color-free.
func (c *ChartInks) Render(g chart.Grid) string {
	if c == nil || c.mono {
		return g.Plain()
	}
	return g.Styled(&c.prefix)
}
