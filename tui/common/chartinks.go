package common

import "kernelscope/tui/chart"

// ChartInks are the charts' style prefixes, built once with the theme
// (package chart draws cells; the escape strings are looked up per ink
// change, never built in a View).
type ChartInks struct {
	Mono   bool
	Prefix [chart.NumInks]string
}

func NewChartInks(th *Theme) *ChartInks {
	if th == nil || th.Mono {
		return &ChartInks{Mono: true}
	}
	return &ChartInks{Prefix: chart.DefaultStyles(th.Dark).Prefixes()}
}

// Render writes a chart's grid, in colour unless the theme is color-free.
func (c *ChartInks) Render(g chart.Grid) string {
	if c == nil || c.Mono {
		return g.Plain()
	}
	return g.Styled(&c.Prefix)
}
