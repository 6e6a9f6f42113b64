package tui

import "errors"

// Run opens the terminal program and returns when the user quits.
func Run(o Options) error {
	return errors.New("the terminal program is not built yet; use 'kernelscope trace'")
}
