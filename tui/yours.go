package tui

import (
	"fmt"

	"kernelscope/internal/safetext"
)

// The user's own data: a --data file, or points added and deleted by hand.
// It heads the d/D cycle, so switching datasets never loses it, and the
// session knows whether its edits were saved.

// useYours switches back to the user's own data with the configuration
// last used on it.
func (s *session) useYours() error {
	if s.yours == nil {
		return fmt.Errorf("no data of yours yet: add points with o and x, or open a file with --data")
	}
	edited := s.yoursEdited
	if err := s.apply(*s.yours); err != nil {
		return err
	}
	s.raw = nil
	s.onYours, s.edited = true, edited
	return nil
}

// yoursName is what the d/D cycle calls the user's data.
func (s *session) yoursName() string {
	if s.yours == nil {
		return ""
	}
	name := "your points"
	if s.yours.File != "" {
		name = "your file " + safetext.Clean(s.yours.File)
	} else if s.yours.Dataset != "" {
		name = "your points (from " + s.yours.Dataset + ")"
	}
	if s.unsaved {
		name += ", unsaved"
	}
	return name
}

// wouldReplaceYours reports whether editing the current data would replace
// unsaved edits of other data: editing makes the current data yours.
func (s *session) wouldReplaceYours() bool {
	return !s.onYours && s.unsaved && s.yours != nil
}

// edit records that the points were changed by hand: the data becomes
// yours (heading the d/D cycle) with edits no save has written yet.
func (s *session) edit() {
	s.edited, s.onYours, s.unsaved, s.yoursEdited = true, true, true, true
	s.editVersion++
	y := s.opts
	s.yours = &y
}

// saved records that a save wrote the points of edit version v.
func (s *session) saved(v int) {
	if v == s.editVersion {
		s.unsaved = false
	}
}
