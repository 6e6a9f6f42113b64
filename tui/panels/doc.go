// Package panels are the panels beside the region: α, the Gram matrix
// with Mercer's check and its spectrum, the chart of mistakes per pass,
// the narration of the last step in the notes' notation, and the status
// line. Each reads the lab session through the narrow Session interface.
package panels
