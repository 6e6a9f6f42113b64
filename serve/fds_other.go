//go:build !unix

package serve

// fdWarning says nothing where files are not limited as on Unix.
func fdWarning(int) string { return "" }
