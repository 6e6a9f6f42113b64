package learn

// RowCacheStats reports, for tests and benchmarks of package learn_test, the
// bytes held for kernel rows (slabs included), the rows cached, and the rows
// computed so far (first computations and recomputations after eviction).
func RowCacheStats(p *Perceptron) (bytes int64, cached, computed int) {
	return p.rows.bytes(), p.rows.cached(), p.rows.computed
}

// asAvg and asBudget see a perceptron engine as the averaged and budget
// learners' kinds do, for tests that build the engine with New.
func asAvg(p *Perceptron) *AveragedPerceptron { return &AveragedPerceptron{Perceptron: p} }

func asBudget(p *Perceptron) *BudgetPerceptron { return &BudgetPerceptron{p} }

// budgetedName and averagingName say what a registered learner's name
// is, for tests that loop over names.
func budgetedName(name string) bool { return (Config{Learner: name}).Kind().Reads("budget") }

func averagingName(name string) bool { return name == "averaged" || name == "voted" }
