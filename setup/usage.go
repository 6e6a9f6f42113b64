package setup

import "fmt"

// A UsageError is a mistake in the command line, as opposed to bad data: the
// command exits with code 2 for it.
type UsageError struct {
	Msg string
	// Err is the error the mistake showed up as, if any: a
	// *datasets.ColumnError for --columns that do not fit the file.
	Err error
}

func (e *UsageError) Error() string { return e.Msg }

// Unwrap returns Err.
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef formats a UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}
