package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/setup"
)

// This file is what the command line says when it is used wrong: flag and
// argument mistakes reworded for people (all *setup.UsageError, exit 2), and
// how errors are shown.

// usagef is a usage error about command c: "trace: unknown flag colour (see
// 'kernelscope trace --help')". The root command goes without the prefix,
// which would only repeat the program's name.
func usagef(c *cobra.Command, format string, args ...any) error {
	return hinted(c, "", format, args...)
}

// hinted is usagef with a hint before the pointer to --help: "trace:
// unexpected argument "moons" (to use that dataset: --dataset moons; see
// 'kernelscope trace --help')".
func hinted(c *cobra.Command, hint, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if c.HasParent() {
		msg = strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" ") + ": " + msg
	}
	if hint != "" {
		hint += "; "
	}
	return setup.Usagef("%s (%ssee '%s --help')", msg, hint, c.CommandPath())
}

// flagError rewords pflag's errors for people; every command uses it.
func flagError(c *cobra.Command, err error) error {
	var (
		notExist *pflag.NotExistError
		needs    *pflag.ValueRequiredError
		invalid  *pflag.InvalidValueError
	)
	switch {
	case errors.As(err, &notExist):
		if short := notExist.GetSpecifiedShortnames(); short != "" {
			// -dataset is read as the shorthands -d -a -t …: say what was meant.
			name, _, _ := strings.Cut(short, "=")
			if c.Flags().Lookup(name) != nil {
				return usagef(c, "flags start with two dashes: --%s, not -%s", name, name)
			}
			return usagef(c, "unknown flag -%s", safetext.Name(short))
		}
		name := notExist.GetSpecifiedName()
		// The whole tree: the one running may hold only this command
		// (rootFor).
		if owners := flagOwners(newRoot(), name); len(owners) > 0 {
			return hinted(c, "--"+name+" is a flag of "+andList(owners), "unknown flag %s", name)
		}
		return usagef(c, "unknown flag %s", safetext.Name(name))
	case errors.As(err, &needs):
		return usagef(c, "--%s needs a value", needs.GetFlag().Name)
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		return hinted(c, wantOf(f), "invalid value %q for --%s", invalid.GetValue(), f.Name)
	}
	return usagef(c, "%v", err)
}

// flagOwners lists the commands that take flag name, by name: "kernelscope"
// (the root), "trace". A hidden flag is one a command refuses (svm's --eta).
func flagOwners(root *cobra.Command, name string) []string {
	var owners []string
	walk(root, func(c *cobra.Command) {
		if f := c.Flags().Lookup(name); f != nil && !f.Hidden {
			owners = append(owners, c.Name())
		}
	})
	return owners
}

// andList writes "a", "a and b", "a, b and c".
func andList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// wantOf says what a flag's value must look like, by its type.
func wantOf(f *pflag.Flag) string {
	switch f.Value.Type() {
	case "bool":
		return "want true or false, or the flag alone"
	case "int":
		return "want a whole number"
	case "uint64":
		return "want a whole number ≥ 0"
	case "float64":
		return "want a number"
	}
	return "not a value of the right kind"
}

// usageArgs makes every argument mistake a usage error, Cobra's own
// commands' (completion, help) included.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	if check == nil {
		return nil
	}
	return func(c *cobra.Command, args []string) error {
		err := check(c, args)
		var ue *setup.UsageError
		if err == nil || errors.As(err, &ue) {
			return err
		}
		if len(args) > 0 {
			return usagef(c, "unexpected argument %q", args[0])
		}
		return usagef(c, "%v", err)
	}
}

// noArgs is the arguments check of a command that takes only flags.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	hint := "flags start with --"
	if _, ok := datasets.Lookup(args[0]); ok && c.Flags().Lookup("dataset") != nil {
		hint = "to use that dataset: --dataset " + args[0]
	}
	return hinted(c, hint, "unexpected argument %q", args[0])
}

// rootArgs: a word after kernelscope that is not a command. It is most
// likely a typo of a command, a dataset or file meant as data, or a flag
// written without its dashes; the message says which it looks like.
func rootArgs(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	return setup.Usagef("unknown command %q (%s)", args[0], unknownHint(c.Root(), args[0]))
}

// unknownHint is the likeliest meaning of an unknown command word.
func unknownHint(root *cobra.Command, word string) string {
	if _, ok := datasets.Lookup(word); ok {
		return "to open that dataset: kernelscope --dataset " + word
	}
	if strings.HasSuffix(strings.ToLower(word), ".csv") || isFile(word) {
		return "to open a data file: kernelscope --data FILE"
	}
	if s := root.SuggestionsFor(word); len(s) > 0 {
		return "did you mean 'kernelscope " + s[0] + "'?"
	}
	if root.Flags().Lookup(word) != nil {
		return "did you mean --" + word + "?"
	}
	return "commands: " + strings.Join(commandNames(root), ", ") + "; see 'kernelscope --help'"
}

func isFile(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && !fi.IsDir()
}

// commandNames lists the commands a user can run.
func commandNames(root *cobra.Command) []string {
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	return names
}

// errorHandler says an error once: styled as fang styles it on a terminal,
// one line "kernelscope: …" otherwise, for logs and scripts; a message that
// starts by naming kernelscope ("kernelscope needs a terminal …") is not
// prefixed again.
func errorHandler(styled bool) fang.ErrorHandler {
	return func(w io.Writer, styles fang.Styles, err error) {
		if !styled {
			msg := err.Error()
			if !strings.HasPrefix(msg, "kernelscope ") {
				msg = "kernelscope: " + msg
			}
			fmt.Fprintln(w, msg)
			return
		}
		fmt.Fprintln(w, styles.ErrorHeader.String())
		// No title case: the message may start with a flag or a symbol.
		fmt.Fprintln(w, styles.ErrorText.UnsetTransform().Render(err.Error()))
		fmt.Fprintln(w)
	}
}
