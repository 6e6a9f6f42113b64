//go:build race

package tui

// raceDetector is on: the race-checked run in CI is about five times slower,
// so the longest random tests send fewer messages there; the plain run of
// `go test ./...` sends them all.
const raceDetector = true
