// Package feature is the feature view (f): the training points as φ(xᵢ),
// or their projection onto w and the top kernel-PCA directions, with the
// boundary as the plane it is there (FeatureView), turned by the arrows
// and the mouse.
package feature
