package lab

import (
	"fmt"
	"slices"

	"kernelscope/learn"
)

// shownDefault is what the region first shows for learner l: the
// function it predicts with.
func shownDefault(l learn.Learner) learn.EnsembleMember {
	if a, ok := l.(learn.Averaging); ok {
		return a.Predicts()
	}
	return learn.FinalMember
}

// EnsembleOn reports whether the region shows the averaged and voted
// perceptrons' three functions: they need every vector since the start,
// so not once the undo history has dropped the oldest mistakes.
func (s *Session) EnsembleOn() bool {
	p := s.Averaging()
	return p != nil && p.UndoFloor() == 0
}

// EnsembleValues are the three functions at the field's lattice: the
// final f, the average f̄ and the vote V/T, caught up with the learner.
// The slices are the session's: read them before the next call.
func (s *Session) EnsembleValues() (vals [numMembers][]float64, err error) {
	p, fd := s.Averaging(), s.field
	if p == nil || fd == nil {
		return vals, fmt.Errorf("no field")
	}
	if s.ens == nil || s.ensField != fd {
		pts := make([]learn.Vec, 0, fd.W*fd.H)
		for row := range fd.H {
			for c := range fd.W {
				pts = append(pts, p.Embed(fd.Point(c, row)))
			}
		}
		s.ens, s.ensField = learn.NewEnsemble(pts), fd
	}
	if err := s.ens.Update(p); err != nil {
		return vals, err
	}
	for k := range s.ensVals {
		s.ensVals[k] = slices.Grow(s.ensVals[k][:0], len(fd.Values))[:len(fd.Values)]
	}
	vals[learn.FinalMember] = fd.Values
	vals[learn.AveragedMember], vals[learn.VotedMember] = s.ensVals[0], s.ensVals[1]
	s.ens.Averaged(vals[learn.AveragedMember])
	s.ens.Vote(vals[learn.VotedMember])
	return vals, nil
}
