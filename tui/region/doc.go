// Package region draws the decision region: the field f over the plane in
// half blocks, its boundary, the training points and support vectors,
// the axes, the keyboard cursor's probe, and the overlays (the update
// view's bump, the averaged and voted perceptrons' boundaries, the
// approximate boundary f̃ of random features).
package region
