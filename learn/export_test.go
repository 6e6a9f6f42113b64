package learn

// RowCacheStats reports, for tests and benchmarks of package learn_test, the
// bytes held for kernel rows (slabs included), the rows cached, and the rows
// computed so far (first computations and recomputations after eviction).
func RowCacheStats(p *Perceptron) (bytes int64, cached, computed int) {
	return p.rows.bytes(), p.rows.cached(), p.rows.computed
}
