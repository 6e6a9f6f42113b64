//go:build !race

package tui

// raceDetector is off (see race_test.go).
const raceDetector = false
