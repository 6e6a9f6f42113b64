package datasets

// worked4 is XOR on the corners of the square, the kernel perceptron example
// of lecture notes seed 003 (table "x1 x2 y", trained with K(u, v) = (u·v)²
// and sign(0) = −1).
var worked4 = []Point{
	{X1: 1, X2: 1, Y: 1},
	{X1: -1, X2: 1, Y: -1},
	{X1: -1, X2: -1, Y: 1},
	{X1: 1, X2: -1, Y: -1},
}

// worked3 is the training set D = {((2, −1), 1), ((2, 1), 1), ((1, 3), −1)}
// of lecture notes seed 004, trained on x̃ = (1, x1, x2) with sig(0) = 1.
var worked3 = []Point{
	{X1: 2, X2: -1, Y: 1},
	{X1: 2, X2: 1, Y: 1},
	{X1: 1, X2: 3, Y: -1},
}
