package serve

import (
	"fmt"
	"strings"
	"sync"

	"kernelscope/class"
)

// admission counts the sessions served, in all and per key, against the
// limits of the class. Sessions are limited per key, never per address: a
// class sits behind one NAT. Presenters are always let in (the lecturer is
// never locked out of a full room) and counted.
type admission struct {
	mu     sync.Mutex
	max    int
	perKey int
	total  int
	byKey  map[string]int
	// closed: the server is stopping, and lets no one in.
	closed bool
}

func newAdmission(max, perKey int) *admission {
	return &admission{max: max, perKey: perKey, byKey: map[string]int{}}
}

// classEnded is what every session is told when the server stops.
const classEnded = "the class has ended: the server is stopping"

// admit takes a place for a session that logged in with the key of
// fingerprint fp ("" without a key: limited only by the total) as role. It
// returns how to give the place back, or why there is none (a line for the
// student).
func (a *admission) admit(fp string, role class.Role) (release func(), refusal string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case a.closed:
		return nil, classEnded
	case role == class.Presenter:
	case a.total >= a.max:
		return nil, fmt.Sprintf("the class is full: %d sessions; try again later", a.total)
	case fp != "" && a.byKey[fp] >= a.perKey:
		if strings.HasPrefix(fp, "connection ") {
			return nil, fmt.Sprintf("this connection has %d sessions in the class already, the most one may have; close one and try again", a.byKey[fp])
		}
		return nil, fmt.Sprintf("this key is in the class %d times already, the most one key may be; close a session of it and try again", a.byKey[fp])
	}
	a.total++
	if fp != "" {
		a.byKey[fp]++
	}
	var once sync.Once
	return func() { once.Do(func() { a.release(fp) }) }, ""
}

func (a *admission) release(fp string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.total--
	if fp != "" {
		if a.byKey[fp]--; a.byKey[fp] <= 0 {
			delete(a.byKey, fp)
		}
	}
}

// close lets no one in from now on.
func (a *admission) close() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
}

// sessions is how many sessions are served.
func (a *admission) sessions() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.total
}
