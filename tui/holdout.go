package tui

// The held-out split (h, --test): rows of the data that training never
// visits, drawn hollow on the region, and scored beside the training
// accuracy, so that a σ small enough to reach 100 % on the training data
// is seen to fail on the rest (seed 003: "Overfitting?").

// toggleHoldout holds out lab.DefaultTestFraction of the rows (or the
// --test fraction the program started with), or puts them back; α starts
// again from 0 either way.
func (m *Model) toggleHoldout() {
	if err := m.s.ToggleHoldout(); err != nil {
		m.message = err.Error()
		return
	}
	what := "all rows are training data again: α reset"
	if o := m.s.Options(); o.Holdout.On() {
		what = o.HoldoutText() + ", drawn hollow (△ ▽); training never visits them: α reset"
	}
	m.afterDataChange(what)
}

// holdoutEditWhy says why points cannot be added or deleted while rows
// are held out.
const holdoutEditWhy = "rows are held out as test data: an added or deleted point would move rows across the split; h puts them back first"
