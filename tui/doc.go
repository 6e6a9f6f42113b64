// Package tui is kernelscope's terminal program: the root model, which
// routes messages and lays the screen out, and the components it holds,
// each in a package of its own with its keys (region, panels, player,
// feature, compare, quiz, cv, edit, files, controls, seat). It runs on a
// local terminal (Run: its input behind package internal/inputguard), in
// a class served over SSH (NewSeated), and headless, driven by a script
// of keys, for record (Drive).
package tui
