package cli

import (
	"os"
	"testing"
)

// mainEnv, set to 1, makes the test binary the kernelscope command itself
// (TestMain), so that a test can start a command as a process of its own
// and send it signals, as a shell or a terminal does, without building the
// program.
const mainEnv = "KERNELSCOPE_TEST_MAIN"

// TestMain runs the tests, or, with mainEnv set, the command line it was
// given as main.go runs it: Run on the process's own arguments and
// streams, exiting with its code.
func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" {
		os.Exit(Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
