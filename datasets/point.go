package datasets

// Point is one labelled example in the plane. Y is −1 or +1.
type Point struct {
	X1, X2 float64
	Y      int
}
