package lab

// Bump is the term one mistake adds to f (seed 001: a mistake on xᵢ sets
// αᵢ ← αᵢ + η, so f gains η·yᵢ·K(xᵢ, x)): the last mistake's, or, before
// any, the one a mistake on the next example would add.
type Bump struct {
	I    int     // the example
	Coef float64 // η·yᵢ: the change of cᵢ
	T    int     // the step of the last mistake; 0 for the next example
}

// BumpOf finds the update view's bump; ok is false when there is neither a
// last mistake in the narration nor a next example (training stopped
// before any mistake).
func (s *Session) BumpOf() (b Bump, ok bool) {
	eta := s.p.Config().Param("eta")
	for k := len(s.steps) - 1; k >= 0; k-- {
		st := s.steps[k].Step
		if st.T <= s.p.T() && st.Mistake {
			return Bump{I: st.I, Coef: eta * float64(st.Y), T: st.T}, true
		}
	}
	if i := s.p.Next(); i >= 0 && i < s.p.N() {
		return Bump{I: i, Coef: eta * float64(s.p.Y(i))}, true
	}
	return Bump{}, false
}
