package common

import (
	"kernelscope/learn"
)

// Memo keeps a panel's drawing until what it is drawn from changes: a
// frame redraws every panel, but most frames change one or two of them
// (a correct step moves the cursor of the α panel, a paused screen none),
// and drawing the others again costs more than the rest of the frame.
// The key must hold everything the drawing reads.
type Memo[K comparable] struct {
	key   K
	valid bool
	lines []string
}

// Get returns the drawing for key, drawing it when the kept one is for
// another key.
func (c *Memo[K]) Get(key K, draw func() []string) []string {
	if !c.valid || c.key != key {
		c.key, c.lines, c.valid = key, draw(), true
	}
	return c.lines
}

// PanelKey is the key of a panel that follows training.
type PanelKey struct {
	Trained
	W, H int
	Th   *Theme
}

// Trained says which state of training a drawing shows: a step, an undo,
// a reset, a rebuild (data, kernel, learner), an edit of the points, a
// change of the field, a raised cap or an error each change it.
type Trained struct {
	built, version, t, epochs int
	state                     learn.State
	failed                    bool
	shown                     learn.EnsembleMember // what the region shows of the averaged and voted perceptrons
	computing                 bool
	view                      learn.Rect
}

func TrainedOf(s Session) Trained {
	return Trained{
		built: s.Built(), version: s.Version(), t: s.Learner().T(), epochs: s.Learner().Config().Epochs,
		state: s.Learner().State(), failed: s.Err() != nil || s.Learner().Err() != nil,
		shown: s.Shown(), computing: s.Computing(), view: s.View(),
	}
}

func FnvString(h uint64, s string) uint64 {
	for i := range len(s) {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// NonEmpty is lines, or one empty line for none: what splitting the
// joined lines gives.
func NonEmpty(lines []string) []string {
	if len(lines) == 0 {
		return []string{""}
	}
	return lines
}

// FNV-1a, 64 bits (hash/fnv's, without its allocation).
const (
	FnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)
