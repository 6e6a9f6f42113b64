package setup

import (
	"errors"
	"fmt"
	"strings"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
)

// This file is --columns, --label and --positive: which columns of a wider
// --data file (iris's four measurements and its species) are x₁, x₂ and y,
// or x₁ alone for points on a line, and which label is +1. The datasets package reads them
// (datasets.ReadCSVColumns); here the flags are checked, and a selection
// that does not fit the file is said as a mistake in the flag that made it.

// columnFlags are the flags that pick columns, in the order of their help.
var columnFlags = []string{"columns", "label", "positive"}

// pickColumns reads --columns, --label and --positive; zero when none is
// given, and then --data is read as rows x1,x2,y, as it always was.
func (f *Flags) pickColumns() (datasets.Columns, error) {
	var c datasets.Columns
	if f.set("columns") {
		parts := strings.Split(f.columns, ",")
		if len(parts) != 1 && len(parts) != 2 {
			return c, Usagef("--columns %s: want two columns, x₁ and x₂, as 3,4 or petal_length,petal_width; or one, for points on a line (1-D), as 3", safetext.Name(f.columns))
		}
		// One column is the one coordinate of points on a line: x₂ = 0
		// (seed 003, "Non-linear features: 1D input").
		c.OneD = len(parts) == 1
		for i, dst := range []*datasets.Column{&c.X1, &c.X2}[:len(parts)] {
			col, err := datasets.ParseColumn(parts[i])
			if err != nil {
				return c, Usagef("--columns %s: %v", safetext.Name(f.columns), err)
			}
			*dst = col
		}
	}
	if f.set("label") {
		if strings.Contains(f.label, ",") {
			return c, Usagef("--label %s: want one column, the one that holds the labels", safetext.Name(f.label))
		}
		col, err := datasets.ParseColumn(f.label)
		if err != nil {
			return c, Usagef("--label: %v", err)
		}
		c.Label = col
	}
	if f.set("positive") {
		if strings.TrimSpace(f.positive) == "" {
			return c, Usagef("--positive needs a value: the label to read as +1, such as versicolor")
		}
		c.Positive, c.HasPositive = f.positive, true
	}
	return c, nil
}

// firstColumnFlag is the first of the column flags given, for a message.
func (f *Flags) firstColumnFlag() string {
	for _, name := range columnFlags {
		if f.set(name) {
			return name
		}
	}
	return columnFlags[0]
}

// columnsUsage turns a *datasets.ColumnError from reading file with cols
// into a usage error that names the flag at fault, the one that picked the
// column, and for labels that need --positive, says so with the labels the
// file holds. Other errors are returned as they are.
func columnsUsage(file string, cols datasets.Columns, err error) error {
	var ce *datasets.ColumnError
	if !errors.As(err, &ce) {
		return err
	}
	var flag string
	switch ce.Part {
	case datasets.PartX1, datasets.PartX2:
		switch {
		case cols.OneD:
			flag = "--columns " + safetext.Name(cols.X1.String())
		case cols.X1 != (datasets.Column{}) || cols.X2 != (datasets.Column{}):
			flag = "--columns " + safetext.Name(cols.X1.String()+","+cols.X2.String())
		}
	case datasets.PartLabel:
		if cols.Label != (datasets.Column{}) {
			flag = "--label " + safetext.Name(cols.Label.String())
		}
	case datasets.PartPositive:
		flag = "--positive " + safetext.Name(cols.Positive)
	}
	msg := safetext.Name(file) + ": " + ce.Error()
	if flag != "" {
		msg = flag + ": " + msg
	}
	if ce.Part == datasets.PartLabel && !cols.HasPositive && len(ce.Values) > 0 {
		msg += "; to learn one of them against the rest, add --positive LABEL, e.g. --positive " + example(ce.Values[0])
	}
	return &UsageError{Msg: msg, Err: err}
}

// example writes a label as a --positive value to paste into a shell:
// bare if it can be, else in single quotes; "VALUE" if it holds
// characters a terminal would act on, or is too long to paste.
func example(v string) string {
	switch {
	case safetext.Name(v) != v || len(v) > 64: // hidden characters, or most of a line
		return "VALUE"
	case v != "" && strings.Trim(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-/:@%") == "":
		return v
	}
	return fmt.Sprintf("'%s'", strings.ReplaceAll(v, "'", `'\''`))
}
