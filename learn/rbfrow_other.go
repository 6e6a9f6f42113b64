//go:build !amd64

package learn

// useSIMD is false: outside amd64 every RBF row takes the scalar path.
var useSIMD = false

func rbfRowVec(dst, f, z0, z1, z2 []float64, j int, x Vec, c, w float64) int { return 0 }

func axpyVec(f, row []float64, w float64) int { return 0 }
