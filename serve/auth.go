package serve

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"strconv"
	"strings"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"kernelscope/class"
	"kernelscope/internal/safetext"
)

// Who may connect: anyone. A key proves who a student is (its fingerprint
// names the seat, and limits it), but every key is let in, and so is a
// client without one (keyboard-interactive, asking nothing). Only the
// presenter keys change the shared run.
//
// A client offers its keys one by one and the first one accepted is the
// one it logs in with: a lecturer with several keys connects with the
// presenter key alone (ssh -o IdentitiesOnly=yes -i KEY), or the server
// sees the first of the others, a follower's.

// presenter is one line of the presenter keys file: a key, and the
// addresses it presents from.
type presenter struct {
	key  gossh.PublicKey
	from *fromList // nil: any address
}

// presenters are the keys that present, one a line of the file.
type presenters []presenter

// readPresenters reads an authorized_keys file: one key a line, blank
// lines and # comments skipped. Of the options sshd(8) reads before a key,
// from= is enforced (see fromList), and those that take away only what the
// class never grants (classDoes) are accepted; any other is an error, as
// are a file that cannot be read, a line that is not a key, and a file
// without keys: a lecturer who gave one meant to present, and meant each
// option to do what sshd does with it.
func readPresenters(path string) (presenters, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--presenter-keys: %w", err)
	}
	var keys presenters
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20) // an RSA key with options is long, not a megabyte
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, _, options, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("--presenter-keys %s: line %d is not a public key (%v); the file is in authorized_keys format, a line like the one in ~/.ssh/id_ed25519.pub", path, n, err)
		}
		from, err := keyOptions(options)
		if err != nil {
			return nil, fmt.Errorf("--presenter-keys %s: line %d: %w", path, n, err)
		}
		keys = append(keys, presenter{key: key, from: from})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("--presenter-keys %s: %w", path, err)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("--presenter-keys %s holds no public key; put the lecturer's in it (cat ~/.ssh/id_ed25519.pub > %s)", path, path)
	}
	return keys, nil
}

// classDoes are the options, named as sshd(8) reads them (in any case),
// that take away only what no session here is given: port, agent and X11
// forwarding, and running ~/.ssh/rc. restrict is all of these, and no-pty
// too: a session here is a terminal or nothing, so a restricted key
// presents as any presenter does, with no forwarding and no rc. pty
// grants the terminal every session here has (sshd's "restrict,pty" is
// the usual way to say exactly what the class does). On a presenter key
// they change nothing, and are accepted.
var classDoes = map[string]bool{
	"no-port-forwarding":  true,
	"no-agent-forwarding": true,
	"no-x11-forwarding":   true,
	"no-user-rc":          true,
	"restrict":            true,
	"pty":                 true,
}

// keyOptions reads the options of a presenter key's line, as
// gossh.ParseAuthorizedKey splits them (name, or name="value"), and
// returns its from= list (nil: none). Any option the server would not do
// as sshd does is an error naming it: command=, environment=, permitopen=,
// principals=, cert-authority, no-pty, pty, the forwardings a restrict
// took away given back, and any name sshd does not know.
func keyOptions(options []string) (*fromList, error) {
	var from *fromList
	for _, opt := range options {
		name, value, hasValue := strings.Cut(opt, "=")
		switch lower := strings.ToLower(name); {
		case lower == "from":
			if from != nil {
				return nil, errors.New("from= is given twice; join its patterns in one from=\"…\", separated by commas")
			}
			list, ok := unquote(value)
			if !hasValue || !ok {
				return nil, fmt.Errorf("from= needs a quoted pattern list, as in from=\"10.0.0.0/8\"; found %s", safetext.Name(opt))
			}
			l, err := parseFromList(list)
			if err != nil {
				return nil, fmt.Errorf("from=%q: %w; write from= as a comma-separated list of addresses (10.1.2.3), CIDR blocks (10.0.0.0/8, fd00::/8) and wildcards (192.168.1.*), each negated by a leading !", list, err)
			}
			from = l
		case classDoes[lower] && !hasValue:
			// Accepted: the class does so anyway.
		default:
			shown := safetext.Name(name)
			if hasValue {
				shown += "=…"
			}
			return nil, fmt.Errorf("option %s is not supported by kernelscope serve (only from= is enforced, and no-port-forwarding, no-agent-forwarding, no-X11-forwarding, no-user-rc and restrict are what the class does anyway); remove it from the line", shown)
		}
	}
	return from, nil
}

// unquote is an option's value without its double quotes, which sshd
// requires around it; a quote inside it (\", as sshd writes one) is a
// character no address holds, and is left to the value's own reader.
func unquote(v string) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	return v[1 : len(v)-1], true
}

// fromList is a from="pattern-list" option, read as sshd(8) reads one
// (AUTHORIZED_KEYS FILE FORMAT, and PATTERNS in ssh_config(5)): a
// comma-separated list of patterns, each an address, an address/masklen
// CIDR block, or a pattern with * (any characters, none too) and ? (one
// character); a leading ! negates one. sshd matches the client's host
// name as well as its address; this server looks up no names, so a
// pattern matches the client's IP address only, and one that could match
// only a name is refused when the file is read (it would never match).
type fromList struct {
	text     string // as written, for messages
	patterns []fromPattern
}

// fromPattern is one pattern of a from= list: an address or a CIDR block
// (prefix valid), else a wildcard over the address's text (glob).
type fromPattern struct {
	negated bool
	prefix  netip.Prefix
	glob    string
}

// addressText are the characters of an address as text (IPv4 dotted
// quads, IPv6 hex groups in either case); with * and ? they are all a
// wildcard over an address may hold.
const addressText = "0123456789abcdefABCDEF.:"

// parseFromList reads a from= pattern list. As sshd's addr_match_list
// (addrmatch.c) does, it refuses an empty pattern, and a CIDR block whose
// mask length is too long for its address or whose address has bits set
// past the mask ("Inconsistent mask length"); it also refuses what sshd
// would take as a wildcard that never matches an address: a / that is no
// CIDR block, a host name.
func parseFromList(text string) (*fromList, error) {
	l := &fromList{text: text}
	for _, s := range strings.Split(text, ",") {
		p := fromPattern{negated: strings.HasPrefix(s, "!")}
		s = strings.TrimPrefix(s, "!")
		switch {
		case s == "":
			return nil, errors.New("an empty pattern (two commas together, a comma at an end, or a ! alone)")
		case strings.Contains(s, "/"):
			prefix, err := parseCIDR(s)
			if err != nil {
				return nil, err
			}
			p.prefix = prefix
		case strings.ContainsAny(s, "*?"):
			if strings.Trim(s, addressText+"*?") != "" { // left over: a character no address has
				return nil, fmt.Errorf("%q is a host name pattern, and kernelscope serve matches the client's address only (it looks up no names)", s)
			}
			// An address is written in lower case (RFC 5952), as sshd's
			// match_hostname lowers the pattern.
			p.glob = strings.ToLower(s)
		default:
			addr, err := netip.ParseAddr(s)
			if err != nil {
				return nil, fmt.Errorf("%q is not an address, a CIDR block or a wildcard over an address, and kernelscope serve matches the client's address only (it looks up no names)", s)
			}
			if addr.Zone() != "" {
				return nil, fmt.Errorf("%q names an interface after its %%, and kernelscope serve matches the address alone; remove the %% and what follows", s)
			}
			p.prefix = netip.PrefixFrom(addr, addr.BitLen())
		}
		l.patterns = append(l.patterns, p)
	}
	return l, nil
}

// allows reports whether the list lets a client at ip present (a nil list
// allows any address). As in sshd's addr_match_list, every pattern is
// tried, and a negated pattern that matches refuses, wherever it stands;
// else a pattern that matches allows. So order does not matter, and a
// list of negations alone allows no one ("a negated match will never
// produce a positive result by itself", ssh_config(5)). An address that
// is not known (not TCP) matches nothing, as in sshd.
func (l *fromList) allows(ip netip.Addr) bool {
	if l == nil {
		return true
	}
	if !ip.IsValid() {
		return false
	}
	// IPv4 clients of a dual-stack listener arrive as ::ffff:a.b.c.d;
	// sshd, too, matches them as the IPv4 address they are.
	ip = ip.Unmap().WithZone("")
	text := ip.String()
	ok := false
	for _, p := range l.patterns {
		if !p.matches(ip, text) {
			continue
		}
		if p.negated {
			return false
		}
		ok = true
	}
	return ok
}

// matches reports whether the pattern, negation aside, matches ip
// (written as text).
func (p fromPattern) matches(ip netip.Addr, text string) bool {
	if p.prefix.IsValid() {
		return p.prefix.Contains(ip) // false across IPv4 and IPv6
	}
	return wildcard(p.glob, text)
}

// parseCIDR reads an address/masklen block, refusing, as sshd's
// addr_pton_cidr does, a mask longer than the address and an address
// with bits set past the mask ("10.1.0.0/8" is a typo for 10.0.0.0/8 or
// for 10.1.0.0/16, and sshd will not guess which).
func parseCIDR(s string) (netip.Prefix, error) {
	a, m, _ := strings.Cut(s, "/")
	addr, err := netip.ParseAddr(a)
	if err != nil || addr.Zone() != "" {
		return netip.Prefix{}, fmt.Errorf("%q is not a CIDR block: %q is not an IP address", s, a)
	}
	bits, err := strconv.Atoi(m)
	if err != nil || bits < 0 || bits > addr.BitLen() || m != strconv.Itoa(bits) {
		return netip.Prefix{}, fmt.Errorf("%q is not a CIDR block: the mask length of an %s address is a number from 0 to %d", s, family(addr), addr.BitLen())
	}
	prefix := netip.PrefixFrom(addr, bits)
	if prefix.Masked() != prefix {
		return netip.Prefix{}, fmt.Errorf("%q has address bits set past its %d-bit mask; the block it is in is %s", s, bits, prefix.Masked())
	}
	return prefix, nil
}

// family names an address's kind.
func family(addr netip.Addr) string {
	if addr.Is4() {
		return "IPv4"
	}
	return "IPv6"
}

// wildcard reports whether s matches pattern, whose * matches any
// characters (none too) and ? any one, as sshd's match_pattern (match.c)
// does; both are ASCII (an address, and a pattern over one). After a
// mismatch it goes back to the last *, which takes one more character:
// a match takes at most len(pattern)·len(s) steps, however many *.
func wildcard(pattern, s string) bool {
	p, i := 0, 0
	star, taken := -1, 0 // the last * of pattern, and where in s its match ends
	for i < len(s) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, taken = p, i
			p++
		case p < len(pattern) && (pattern[p] == '?' || pattern[p] == s[i]):
			p, i = p+1, i+1
		case star >= 0:
			taken++
			p, i = star+1, taken
		default:
			return false
		}
	}
	return strings.TrimLeft(pattern[p:], "*") == ""
}

// remoteIP is the IP address of a connection's remote end (the zero
// Addr when addr is not an IP address and port, as a Unix socket's).
func remoteIP(addr net.Addr) netip.Addr {
	if a, ok := addr.(interface{ AddrPort() netip.AddrPort }); ok {
		return a.AddrPort().Addr().Unmap().WithZone("")
	}
	return netip.Addr{}
}

// role is what a connection that logged in with key (nil: none) from addr
// may do: present when a line of the file lists key and that line's
// from=, if it has one, allows addr's IP address (like sshd, which tries
// the next line when a from= refuses); follow otherwise.
func (p presenters) role(key ssh.PublicKey, addr net.Addr) class.Role {
	ip := remoteIP(addr)
	for _, k := range p {
		if ssh.KeysEqual(key, k.key) && k.from.allows(ip) {
			return class.Presenter
		}
	}
	return class.Follower
}

// denied says why a connection that logged in with key from addr follows
// although key is a presenter key: no from= of the lines that list it
// allows addr. It is "" when key presents, or is not a presenter key.
func (p presenters) denied(key ssh.PublicKey, addr net.Addr) (reason string) {
	ip := remoteIP(addr)
	var refusing []string
	for _, k := range p {
		if !ssh.KeysEqual(key, k.key) {
			continue
		}
		if k.from.allows(ip) {
			return ""
		}
		refusing = append(refusing, fmt.Sprintf("from=%q", k.from.text))
	}
	if len(refusing) == 0 {
		return ""
	}
	where := "an address that is not IP"
	if ip.IsValid() {
		where = ip.String()
	}
	verb := "does"
	if len(refusing) > 1 {
		verb = "do"
	}
	return fmt.Sprintf("key %s is a presenter key, but %s %s not allow %s: follows", fingerprint(key), strings.Join(refusing, " and "), verb, where)
}

// fingerprint names a key as ssh-keygen -l does ("" for none).
func fingerprint(key ssh.PublicKey) string {
	if key == nil {
		return ""
	}
	return gossh.FingerprintSHA256(key)
}

// anyKey lets every key in; anyone lets a client without a key in,
// asking it nothing.
func anyKey(ssh.Context, ssh.PublicKey) bool { return true }

func anyone(ctx ssh.Context, _ gossh.KeyboardInteractiveChallenge) bool {
	connOf(ctx).loggedInWithoutKey()
	return true
}
