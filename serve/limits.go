package serve

import (
	"fmt"
	"strings"
	"sync"

	"kernelscope/class"
)

// admission counts the sessions served, in all and per key, against the
// limits of the class. A place is a session, or a connection that holds
// none yet (logging in, or logged in without one: waiting), so that
// connections that open nothing cannot fill the room unseen. Sessions are
// limited per key, never per address: a class sits behind one NAT.
// Presenters are always let in (the lecturer is never locked out of a
// full room) and counted.
type admission struct {
	mu     sync.Mutex
	max    int
	perKey int
	total  int
	byKey  map[string]int
	// waiting is how many connections hold no session (the gate's count;
	// nil: none are counted).
	waiting func() int
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
	case a.total+a.waitingNow() >= a.max:
		return nil, fmt.Sprintf("the class is full: all %d places are taken; try again later", a.max)
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

// waitingNow is how many connections hold no session.
func (a *admission) waitingNow() int {
	if a.waiting == nil {
		return 0
	}
	return a.waiting()
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
