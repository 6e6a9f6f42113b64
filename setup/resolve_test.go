package setup

import (
	"errors"
	"slices"
	"testing"

	"github.com/spf13/pflag"

	"kernelscope/lab"
	"kernelscope/learn"
)

// resolve binds a fresh flag set for use, parses args and resolves them.
func resolve(use Use, args ...string) (lab.Options, error) {
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	f := Bind(fs, "test", use)
	if err := fs.Parse(args); err != nil {
		return lab.Options{}, err
	}
	return f.Resolve()
}

// TestPresets: a dataset's preset is the default, and each explicit flag
// overrides its part of it, and only that.
func TestPresets(t *testing.T) {
	s, err := resolve(Train)
	if err != nil {
		t.Fatal(err)
	}
	// worked4: poly(d=2,c=0), no bias, tie neg (seed 003).
	if s.Dataset != DefaultDataset || s.Config.Kernel.Spec() != "poly(d=2,c=0)" || s.Config.Bias || s.Config.Tie != learn.TieNeg || len(s.Points) != 4 {
		t.Errorf("default: %s %s bias=%v tie=%v n=%d", s.Dataset, s.Config.Kernel.Spec(), s.Config.Bias, s.Config.Tie, len(s.Points))
	}
	s, err = resolve(Train, "--dataset", "worked4", "--tie", "mistake", "--degree", "3")
	if err != nil {
		t.Fatal(err)
	}
	if s.Config.Kernel.Spec() != "poly(d=3,c=0)" || s.Config.Tie != learn.TieMistake || s.Config.Bias {
		t.Errorf("overrides: %s tie=%v bias=%v", s.Config.Kernel.Spec(), s.Config.Tie, s.Config.Bias)
	}
	s, err = resolve(Train, "--dataset", "blobs", "--bias=false", "--n", "10")
	if err != nil {
		t.Fatal(err)
	}
	if s.Config.Bias || s.N != 10 || len(s.Points) != 10 || s.Config.Kernel.Spec() != "linear" {
		t.Errorf("blobs --bias=false --n 10: bias=%v n=%d points=%d", s.Config.Bias, s.N, len(s.Points))
	}
	if s.Config.RowCacheBytes < minRowCache {
		t.Errorf("row cache budget %d", s.Config.RowCacheBytes)
	}
}

// TestExportTakesDataFlagsOnly: export has the data flags and no training
// flags, a larger --n, and no training configuration.
func TestExportTakesDataFlagsOnly(t *testing.T) {
	fs := pflag.NewFlagSet("export", pflag.ContinueOnError)
	Bind(fs, "export", Export)
	var names []string
	fs.VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	if want := []string{"dataset", "data", "columns", "label", "positive", "n", "noise", "standardize", "seed"}; !slices.Equal(names, want) {
		t.Errorf("export's flags %v, want %v", names, want)
	}
	s, err := resolve(Export, "--dataset", "circles", "--n", "2000000")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Points) != 2_000_000 || s.Config.Kernel != nil {
		t.Errorf("export: %d points, config %+v", len(s.Points), s.Config)
	}
	_, err = resolve(Train, "--dataset", "circles", "--n", "2000000")
	var ue *UsageError
	if !errors.As(err, &ue) {
		t.Errorf("train --n 2000000: %v, want a usage error", err)
	}
}
