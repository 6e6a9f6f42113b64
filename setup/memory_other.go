//go:build !linux

package setup

// physicalMemory is unknown here: the row cache takes its default cap.
func physicalMemory() uint64 { return 0 }
