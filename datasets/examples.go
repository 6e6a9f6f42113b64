package datasets

import "kernelscope/learn"

// Examples converts points to the perceptron's training examples.
func Examples(pts []Point) []learn.Example {
	ex := make([]learn.Example, len(pts))
	for i, p := range pts {
		ex[i] = learn.Example{X1: p.X1, X2: p.X2, Y: p.Y}
	}
	return ex
}
