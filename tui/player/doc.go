// Package player steps the run by itself: autoplay at a speed, a run to
// convergence or to the end of a pass in chunks that let keys through,
// and the frames (Frames) that cap what is drawn at --fps while training
// keeps its speed.
package player
