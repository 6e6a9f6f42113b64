//go:build !linux

package learn

// adviseHuge does nothing outside Linux.
func adviseHuge([]float64) {}
