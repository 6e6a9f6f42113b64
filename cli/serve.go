package cli

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"kernelscope/serve"
	"kernelscope/setup"
	"kernelscope/tui/common"
)

// runServe serves a class; tests put a recorder in its place.
var runServe = serve.Run

// newServeCmd is `kernelscope serve`: a class over SSH, the lecturer's run
// followed by every student in their own terminal.
func newServeCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "serve",
		Short: "Teach a class over SSH: students follow your run in their own terminals",
		Long: `Serve the terminal program over SSH to a class. Students connect with ssh and see the lecturer's run live, each drawn at the size and in the colours of their own terminal; any key of theirs that changes the run gives them a copy of their own to try things on ("on your own — j rejoins the lecture"), and j brings them back to the lecture.

A connection whose key is in --presenter-keys (an authorized_keys file: the lecturer's public keys) presents: its keys change the run everyone sees. Every other connection, with any key or none, follows. Followers write no file on this machine, run no command and read no file: only the terminal program is served. Without --presenter-keys nobody presents, and the class shows the run the flags below open.

The host key is made the first time, under the user's state directory unless --host-key says where; its fingerprint is printed at start, for students to check against what ssh shows them. SIGTERM or ctrl+c ends the class: every student is told, and serve exits 0.

` + exitCodes,
		Example: `
# the lecturer: present with your own key, serve the room's network
cat ~/.ssh/id_ed25519.pub > presenters.pub
kernelscope serve --listen 0.0.0.0:2222 --presenter-keys presenters.pub --dataset moons
# the lecturer's terminal (with that key alone, if ssh has several)
ssh -o IdentitiesOnly=yes -i ~/.ssh/id_ed25519 -p 2222 lecture-host
# each student
ssh -p 2222 lecture-host
`,
		Args: noArgs,
	}
	listen := c.Flags().String("listen", "127.0.0.1:2222", "the address to serve, HOST:PORT: 0.0.0.0:2222 for every network of this machine; port 0 picks a free one")
	hostKey := c.Flags().String("host-key", "", "the server's private key, made (ed25519) if missing (default: $XDG_STATE_HOME/kernelscope/ssh_host_ed25519, else ~/.local/state/kernelscope/ssh_host_ed25519)")
	presenterKeys := c.Flags().String("presenter-keys", "", "an authorized_keys file of the keys that present (one public key a line, as in ~/.ssh/id_ed25519.pub); without it nobody presents")
	maxSessions := c.Flags().Int("max-sessions", serve.DefaultMaxSessions, "the most places at once, a place being a session or a connection yet to open one; past it a student is told the class is full (presenters are always let in)")
	maxPerKey := c.Flags().Int("max-per-key", serve.DefaultMaxPerKey, "the most sessions of one key (per key, never per address: a class shares one NAT)")
	idle := c.Flags().Duration("idle", serve.DefaultIdle, "end a session whose student typed nothing for this long, while no presenter was there or typed either (a student watching a paused lecture is not idle)")
	maxTime := c.Flags().Duration("max-time", serve.DefaultMaxTime, "end any session after this long")
	colors := c.Flags().String("colors", "", "draw every student's terminal in these colours, whatever its TERM says: "+colorNames()+" (true: 24-bit; plink says xterm, which is 16); a student's NO_COLOR still wins, and C still tries the next (default: each terminal's own)")
	program := bindProgram(c, "serve") // the run the class starts on
	c.RunE = func(c *cobra.Command, _ []string) error {
		if err := checkListen(*listen); err != nil {
			return err
		}
		for _, l := range []struct {
			name string
			n    int
		}{{"max-sessions", *maxSessions}, {"max-per-key", *maxPerKey}} {
			if l.n < 1 {
				return setup.Usagef("--%s must be at least 1, not %d", l.name, l.n)
			}
		}
		for _, d := range []struct {
			name string
			v    string
			ok   bool
		}{{"idle", idle.String(), *idle > 0}, {"max-time", maxTime.String(), *maxTime > 0}} {
			if !d.ok {
				return setup.Usagef("--%s must be a time longer than 0, such as 45m or 4h, not %s", d.name, d.v)
			}
		}
		if c.Flags().Changed("presenter-keys") && *presenterKeys == "" {
			return setup.Usagef("--presenter-keys needs a file name")
		}
		start, display, err := program.resolve(c)
		if err != nil {
			return err
		}
		if c.Flags().Changed("colors") {
			cs, ok := common.ColorsNamed(*colors)
			if !ok {
				return setup.Usagef("--colors takes %s, not %q", colorNames(), *colors)
			}
			display.Colors = cs.Profile
		}
		keyPath := *hostKey
		if keyPath == "" {
			if keyPath, err = defaultHostKey(); err != nil {
				return err
			}
		}
		// SIGTERM (a service manager), ctrl+c and SIGHUP (the lecturer's
		// terminal closed) end the class; once they have, a second one
		// ends the program at once. SIGPIPE is ignored: the log may go
		// to a pipe (serve … | tee log) that a ctrl+c in that window
		// closes first, and a failed log write must never end the class
		// before it has told everyone (it died with 141, the students
		// left in the alternate screen). A log line that cannot be
		// written is lost; the class goes on, and ends cleanly.
		signal.Ignore(syscall.SIGPIPE)
		ctx, stop := signal.NotifyContext(c.Context(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
		defer stop()
		context.AfterFunc(ctx, stop)
		err = runServe(ctx, serve.Config{
			Listen:        *listen,
			HostKeyPath:   keyPath,
			PresenterKeys: *presenterKeys,
			MaxSessions:   *maxSessions,
			MaxPerKey:     *maxPerKey,
			Idle:          *idle,
			MaxTime:       *maxTime,
			Start:         start,
			Display:       display,
			Log:           c.ErrOrStderr(),
		}, c.OutOrStdout())
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		return nil
	}
	return c
}

// colorNames are the values of --colors: "true, 256, 16 or none".
func colorNames() string {
	var names []string
	for _, c := range common.Profiles {
		names = append(names, c.Name)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// checkListen checks that --listen is a HOST:PORT.
func checkListen(addr string) error {
	if _, port, err := net.SplitHostPort(addr); err == nil {
		if _, err := strconv.ParseUint(port, 10, 16); err == nil {
			return nil
		}
	}
	return setup.Usagef("--listen takes HOST:PORT, such as 127.0.0.1:2222 or 0.0.0.0:2222, not %q", addr)
}

// defaultHostKey is where serve keeps its host key unless --host-key says:
// the user's state directory (XDG_STATE_HOME, ~/.local/state without it),
// never the working tree, where it would end up in a commit.
func defaultHostKey() (string, error) {
	dir := os.Getenv("XDG_STATE_HOME")
	if !filepath.IsAbs(dir) {
		// The XDG spec: a relative path is invalid, and ignored.
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("serve: no home directory to keep the host key in (%v); give --host-key PATH", err)
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "kernelscope", "ssh_host_ed25519"), nil
}
