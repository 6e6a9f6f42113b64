//go:build !amd64

package learn

// rffDot is the fused random-feature pass (rffDotGo's contract): pure Go
// off amd64.
var rffDot = rffDotGo
