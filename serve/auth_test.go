package serve

import (
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"kernelscope/class"
)

// TestFromListAllows: from= patterns matched against a client's address
// as sshd(8) documents them (AUTHORIZED_KEYS FILE FORMAT, from=; PATTERNS
// in ssh_config(5)) and as its addr_match_list (addrmatch.c) does.
func TestFromListAllows(t *testing.T) {
	for _, tc := range []struct {
		list, addr string
		want       bool
		why        string
	}{
		// An address matches itself only.
		{"127.0.0.1", "127.0.0.1", true, "the address itself"},
		{"127.0.0.1", "127.0.0.2", false, "another address"},
		{"::1", "::1", true, "IPv6 loopback"},
		{"0:0:0:0:0:0:0:1", "::1", true, "an address however it is written"},
		{"2001:DB8::1", "2001:db8::1", true, "IPv6 hex in either case"},
		{"127.0.0.1", "::1", false, "IPv4 never matches IPv6"},
		// "a from stanza may match IP addresses using CIDR
		// address/masklen notation" (sshd(8)).
		{"10.0.0.0/8", "10.200.3.4", true, "inside a /8"},
		{"10.0.0.0/8", "11.0.0.1", false, "outside a /8"},
		{"192.168.1.0/24", "192.168.1.255", true, "the block's last address"},
		{"192.168.1.0/24", "192.168.2.0", false, "the next block"},
		{"0.0.0.0/0", "203.0.113.9", true, "every IPv4 address"},
		{"0.0.0.0/0", "2001:db8::1", false, "an IPv4 block holds no IPv6 address"},
		{"10.0.0.1/32", "10.0.0.1", true, "a /32 is one address"},
		{"fd00::/8", "fd12:3456::1", true, "inside an IPv6 /8"},
		{"fd00::/8", "fe80::1", false, "outside an IPv6 /8"},
		{"2001:db8::/32", "2001:db8:ffff::9", true, "inside an IPv6 /32"},
		{"::/0", "::1", true, "every IPv6 address"},
		// "'*' (a wildcard that matches zero or more characters), or
		// '?' (a wildcard that matches exactly one character)"
		// (ssh_config(5)), over the address as text.
		{"*", "198.51.100.7", true, "* matches anything"},
		{"*", "::1", true, "* matches IPv6 too"},
		{"192.168.0.?", "192.168.0.7", true, "? is one character"},
		{"192.168.0.?", "192.168.0.17", false, "? is not two"},
		{"10.0.0.1?", "10.0.0.1", false, "? is not none"},
		{"10.*", "10.1.2.3", true, "a prefix and *"},
		{"10.*", "110.1.2.3", false, "the whole address must match"},
		{"*.1", "10.0.0.1", true, "* then a suffix"},
		{"*.1", "10.0.0.11", false, "the suffix at the end"},
		{"10.*.*.1", "10.20.30.1", true, "several *"},
		{"*1*1*1*1", "10.1.0.1", false, "more 1s than the address has"},
		{"*1*1*1", "10.1.0.1", true, "as many 1s as the address has"},
		{"FE80::*", "fe80::1", true, "a wildcard in upper case (sshd lowers patterns)"},
		// "Patterns within pattern-lists may be negated by preceding
		// them with an exclamation mark" (ssh_config(5)); a negated
		// match refuses wherever it stands (addr_match_list stops at it).
		{"10.0.0.0/8,!10.0.0.5", "10.0.0.5", false, "a negation after a match"},
		{"!10.0.0.5,10.0.0.0/8", "10.0.0.5", false, "a negation before a match"},
		{"!10.0.0.5,10.0.0.0/8", "10.0.0.6", true, "a negation that does not match"},
		{"*,!192.168.*", "192.168.1.1", false, "a negated wildcard"},
		{"*,!fd00::/8", "fd00::1", false, "a negated IPv6 block"},
		{"*,!fd00::/8", "2001:db8::1", true, "outside the negated block"},
		// "a negated match will never produce a positive result by
		// itself" (ssh_config(5)).
		{"!10.0.0.5", "192.0.2.1", false, "negations alone"},
		{"!10.0.0.5,!10.0.0.6", "10.0.0.7", false, "negations alone"},
		{"!10.0.0.5,!10.0.0.6,*", "10.0.0.7", true, "negations and a wildcard (ssh_config(5)'s remedy)"},
		// A list: any pattern may match.
		{"192.0.2.1,10.0.0.0/8,198.51.100.*", "198.51.100.20", true, "the third of three"},
		{"192.0.2.1,10.0.0.0/8", "172.16.0.1", false, "none of two"},
	} {
		l, err := parseFromList(tc.list)
		if err != nil {
			t.Errorf("%s: from=%q: %v", tc.why, tc.list, err)
			continue
		}
		if got := l.allows(netip.MustParseAddr(tc.addr)); got != tc.want {
			t.Errorf("%s: from=%q allows %s: %v, want %v", tc.why, tc.list, tc.addr, got, tc.want)
		}
	}
}

// TestFromListAddress: a client's address as the server sees it: IPv4
// through a dual-stack listener (::ffff:a.b.c.d) is the IPv4 address, as
// in sshd; an IPv6 zone is not part of it; no address (a connection that
// is not TCP) matches nothing, even *; no from= allows any address.
func TestFromListAddress(t *testing.T) {
	l, err := parseFromList("10.0.0.0/8,fe80::/10,*")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		addr net.Addr
		want bool
	}{
		{&net.TCPAddr{IP: net.ParseIP("10.1.2.3"), Port: 5000}, true},
		{&net.TCPAddr{IP: net.ParseIP("::ffff:10.1.2.3"), Port: 5000}, true},
		{&net.TCPAddr{IP: net.ParseIP("fe80::1"), Zone: "eth0", Port: 5000}, true},
		{&net.UnixAddr{Name: "/run/x.sock", Net: "unix"}, false},
		{nil, false},
		{(*net.TCPAddr)(nil), false},
	} {
		if got := l.allows(remoteIP(tc.addr)); got != tc.want {
			t.Errorf("from=%q allows %v: %v, want %v", l.text, tc.addr, got, tc.want)
		}
	}
	only, err := parseFromList("!10.1.2.3,10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	if only.allows(remoteIP(&net.TCPAddr{IP: net.ParseIP("::ffff:10.1.2.3")})) {
		t.Error("a negated IPv4 address lets its IPv4-mapped form in")
	}
	var none *fromList
	if !none.allows(netip.Addr{}) || !none.allows(netip.MustParseAddr("192.0.2.1")) {
		t.Error("a key without from= does not present from everywhere")
	}
}

// TestFromListErrors: a from= list that sshd refuses (an empty pattern, a
// mask too long, bits set past the mask: addr_match_list's -2) is an
// error, and so is one that sshd would read as a wildcard never matching
// an address (this server matches no host names).
func TestFromListErrors(t *testing.T) {
	for _, tc := range []struct{ list, want string }{
		{"", "an empty pattern"},
		{"10.0.0.1,", "an empty pattern"},
		{"10.0.0.1,,10.0.0.2", "an empty pattern"},
		{"!", "an empty pattern"},
		{"10.0.0.0/99", `"10.0.0.0/99" is not a CIDR block: the mask length of an IPv4 address is a number from 0 to 32`},
		{"10.0.0.0/33", "from 0 to 32"},
		{"fd00::/129", "the mask length of an IPv6 address is a number from 0 to 128"},
		{"10.0.0.0/", "is not a CIDR block"},
		{"10.0.0.0/08", "is not a CIDR block"},
		{"10.0.0.0/-1", "is not a CIDR block"},
		{"10.0.0/8", `"10.0.0" is not an IP address`},
		{"10.0.0.*/8", "is not a CIDR block"},
		{"10.1.0.0/8", `"10.1.0.0/8" has address bits set past its 8-bit mask; the block it is in is 10.0.0.0/8`},
		{"fd00::1/8", "the block it is in is fd00::/8"},
		{"*.example.org", `"*.example.org" is a host name pattern`},
		{"lecturer.example.org", `"lecturer.example.org" is not an address`},
		{"10.0.0.256", "is not an address"},
		{"10.0.0.1, 10.0.0.2", `" 10.0.0.2" is not an address`},
		{"!!10.0.0.1", "is not an address"},
		{"10.0.0.1\x1b[2J", `"10.0.0.1\x1b[2J" is not an address`},
		{"fe80::1%eth0", `"fe80::1%eth0" names an interface after its %, and kernelscope serve matches the address alone; remove the % and what follows`},
		{"fe80::%eth0/64", `"fe80::%eth0/64" is not a CIDR block`},
	} {
		_, err := parseFromList(tc.list)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("from=%q: %v; want an error with %q", tc.list, err, tc.want)
		}
	}
}

// writePresenters writes lines as a presenter keys file.
func writePresenters(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "presenters.pub")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// authorized is key's authorized_keys line, without its newline.
func authorized(key gossh.Signer) string {
	return strings.TrimSpace(string(gossh.MarshalAuthorizedKey(key.PublicKey())))
}

// TestReadPresentersOptions: the options that take away only what the
// class never grants are accepted, in any case; from= is read; any other
// option, a from= that is not a quoted list, and a bad pattern are errors
// that name the file, the line and the option, and say what to do.
func TestReadPresentersOptions(t *testing.T) {
	key := authorized(newKey(t))
	for _, opts := range []string{
		"no-port-forwarding",
		"no-agent-forwarding,no-X11-forwarding,no-user-rc",
		"No-Port-Forwarding,NO-X11-FORWARDING",
		"restrict",
		"restrict,pty",
		`restrict,from="10.0.0.0/8"`,
		`FROM="192.168.0.0/16,!192.168.7.*"`,
		`from="10.0.0.1",no-agent-forwarding`,
	} {
		path := writePresenters(t, "# the lecturer", "", opts+" "+key)
		p, err := readPresenters(path)
		if err != nil || len(p) != 1 {
			t.Errorf("%s: %d keys, %v; want it read", opts, len(p), err)
			continue
		}
		if has := p[0].from != nil; has != strings.Contains(strings.ToLower(opts), "from=") {
			t.Errorf("%s: from= read: %v", opts, has)
		}
	}

	for _, tc := range []struct{ opts, want string }{
		{`command="/bin/date"`, "option command=… is not supported"},
		{`environment="A=b"`, "option environment=…"},
		{`permitopen="localhost:80"`, "option permitopen=…"},
		{`permitlisten="8080"`, "option permitlisten=…"},
		{`principals="alice"`, "option principals=…"},
		{`tunnel="1"`, "option tunnel=…"},
		{`expiry-time="20301231"`, "option expiry-time=…"},
		{"cert-authority", "option cert-authority is"},
		{"no-pty", "option no-pty is"},
		{"agent-forwarding", "option agent-forwarding is"},
		{"X11-forwarding", "option X11-forwarding is"},
		{"user-rc", "option user-rc is"},
		{"port-forwarding", "option port-forwarding is"},
		{"verify-required", "option verify-required is"},
		{"no-touch-required", "option no-touch-required is"},
		{`no-pty,COMMAND="x"`, "option no-pty is"},
		{`restrict="yes"`, "option restrict=… is"},
		{"made-up", "option made-up is"},
		{"from", `from= needs a quoted pattern list, as in from="10.0.0.0/8"; found from`},
		{"from=10.0.0.1", "from= needs a quoted pattern list"},
		{`from="10.0.0.1",from="10.0.0.2"`, "from= is given twice"},
		{`from="10.0.0.0/99"`, `from="10.0.0.0/99": "10.0.0.0/99" is not a CIDR block`},
		{`from="*.example.org"`, "is a host name pattern"},
		{`from=""`, "an empty pattern"},
	} {
		path := writePresenters(t, "# the lecturer", "", authorized(newKey(t)), tc.opts+" "+key)
		_, err := readPresenters(path)
		if err == nil {
			t.Errorf("%s: read, want an error with %q", tc.opts, tc.want)
			continue
		}
		msg := err.Error()
		for _, want := range []string{"--presenter-keys " + path + ": line 4: ", tc.want} {
			if !strings.Contains(msg, want) {
				t.Errorf("%s: %q lacks %q", tc.opts, msg, want)
			}
		}
		if strings.HasPrefix(tc.want, "option ") && !strings.HasSuffix(msg, "remove it from the line") {
			t.Errorf("%s: %q does not say to remove it", tc.opts, msg)
		}
		if strings.HasPrefix(tc.want, "from=") && !strings.Contains(msg, "write from= as") && !strings.Contains(msg, "as in from=") && !strings.Contains(msg, "join its patterns") {
			t.Errorf("%s: %q does not say how to write from=", tc.opts, msg)
		}
		if strings.Contains(msg, "\n") {
			t.Errorf("%s: the error is more than one line: %q", tc.opts, msg)
		}
	}
}

// TestPresentersRole: a presenter key presents from an address its from=
// allows and follows from any other, and denied says why; a key on two
// lines presents if either allows the address (sshd tries the next line
// when a from= refuses); other keys, and no key, follow without a reason.
func TestPresentersRole(t *testing.T) {
	lecturer, assistant, student := newKey(t), newKey(t), newKey(t)
	path := writePresenters(t,
		`from="10.0.0.0/8" `+authorized(lecturer),
		`from="192.168.1.*,!192.168.1.13" `+authorized(lecturer),
		authorized(assistant),
	)
	p, err := readPresenters(path)
	if err != nil {
		t.Fatal(err)
	}
	at := func(ip string) net.Addr { return &net.TCPAddr{IP: net.ParseIP(ip), Port: 40000} }
	fp := gossh.FingerprintSHA256(lecturer.PublicKey())
	for _, tc := range []struct {
		key    gossh.PublicKey
		addr   net.Addr
		want   class.Role
		denied string
	}{
		{lecturer.PublicKey(), at("10.9.8.7"), class.Presenter, ""},
		{lecturer.PublicKey(), at("192.168.1.20"), class.Presenter, ""},
		{lecturer.PublicKey(), at("::ffff:10.9.8.7"), class.Presenter, ""},
		{lecturer.PublicKey(), at("127.0.0.1"), class.Follower,
			"key " + fp + ` is a presenter key, but from="10.0.0.0/8" and from="192.168.1.*,!192.168.1.13" do not allow 127.0.0.1: follows`},
		{lecturer.PublicKey(), at("192.168.1.13"), class.Follower, `do not allow 192.168.1.13: follows`},
		{lecturer.PublicKey(), &net.UnixAddr{Name: "@x", Net: "unix"}, class.Follower, "do not allow an address that is not IP: follows"},
		{assistant.PublicKey(), at("127.0.0.1"), class.Presenter, ""},
		{assistant.PublicKey(), nil, class.Presenter, ""},
		{student.PublicKey(), at("10.9.8.7"), class.Follower, ""},
		{nil, at("10.9.8.7"), class.Follower, ""},
	} {
		if got := p.role(tc.key, tc.addr); got != tc.want {
			t.Errorf("%s from %v: %s, want %s", fingerprint(tc.key), tc.addr, got, tc.want)
		}
		got := p.denied(tc.key, tc.addr)
		if (tc.denied == "") != (got == "") || !strings.Contains(got, tc.denied) {
			t.Errorf("%s from %v: denied %q, want %q", fingerprint(tc.key), tc.addr, got, tc.denied)
		}
	}

	one, err := readPresenters(writePresenters(t, `from="10.0.0.0/8" `+authorized(lecturer)))
	if err != nil {
		t.Fatal(err)
	}
	want := "key " + fp + ` is a presenter key, but from="10.0.0.0/8" does not allow 127.0.0.1: follows`
	if got := one.denied(lecturer.PublicKey(), at("127.0.0.1")); got != want {
		t.Errorf("denied %q, want %q", got, want)
	}
}

// FuzzFromList: any from= list either is refused or matches addresses
// without a panic, and a list read is all address characters.
func FuzzFromList(f *testing.F) {
	for _, s := range []string{"10.0.0.0/8", "!10.0.0.5,*", "fe80::*", "192.168.0.?", "*,!fd00::/8", "10.1.0.0/8", "", "a*b", "::%0", "fe80::1%eth0"} {
		f.Add(s)
	}
	addrs := []netip.Addr{netip.MustParseAddr("10.0.0.5"), netip.MustParseAddr("fd00::1"), netip.MustParseAddr("127.0.0.1"), {}}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := parseFromList(s)
		if err != nil {
			return
		}
		if strings.Trim(s, addressText+"*?!,/") != "" {
			t.Errorf("from=%q read, with characters no address has", s)
		}
		for _, a := range addrs {
			if l.allows(a) && !a.IsValid() {
				t.Errorf("from=%q allows no address", s)
			}
		}
	})
}
