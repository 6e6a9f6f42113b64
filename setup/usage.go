package setup

import "fmt"

// A UsageError is a mistake in the command line, as opposed to bad data: the
// command exits with code 2 for it.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef formats a UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{fmt.Sprintf(format, args...)}
}
