// Package controls is what the program trains on and with: the data (d D
// n N z Z S u h), the kernel (k K [ ] { } a t s) and the learner (l, the
// setting keys of the learner registry such as < > for C and λ, A for the
// averaged and voted perceptrons' functions). Each key is an action; a
// change goes to the lab session, and the program says what changed.
package controls

import (
	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/action"
	"kernelscope/tui/common"
)

// Session is what the controls read and change of the training session.
type Session interface {
	Options() lab.Options
	Learner() learn.Learner
	Kind() *learn.LearnerKind
	Name() string
	Generated() bool
	Yours() *lab.Options
	OnYours() bool
	YoursName() string
	UseYours() error
	UseBuiltin(b datasets.Builtin, keepConfig bool) error
	Regenerate(n int, noise float64, seed uint64) error
	Reseed() (regenerated bool, err error)
	Standardize() (string, error)
	ToggleHoldout() error
	SetConfig(cfg learn.Config) error
	KeepConfig(cfg learn.Config)
	Dual() learn.DualSolver
	Boxed() learn.Boxed
	Averaging() learn.Averaging
	EnsembleOn() bool
	CycleShown()
	Shown() learn.EnsembleMember
}

// Model is the controls: the session they change, the program they tell,
// and the kernel cycle k and K go through.
type Model struct {
	s       Session
	host    common.Host
	kernels kernelCycle
	keys    keys
	// Twin is the other learner of comparison mode (nil when it is off):
	// a setting key steps the setting either learner reads.
	Twin func() Session
	// Resolve is called when a setting changed for an SVM that had
	// converged: the program solves it again to the tolerance at once.
	Resolve func()
}

// New makes the controls of s; host says what changed.
func New(s Session, host common.Host) *Model {
	c := &Model{s: s, host: host, kernels: newKernelCycle(s.Options().Config.Kernel)}
	c.keys = newKeys(c)
	return c
}

// twin is the other learner of comparison mode, or nil.
func (c *Model) twin() Session {
	if c.Twin == nil {
		return nil
	}
	return c.Twin()
}

// NextKernel is the kernel after k in the program's k cycle (comparison
// mode compares two kernels with it).
func (c *Model) NextKernel(k learn.Kernel) learn.Kernel { return c.kernels.next(k, true) }

// DataActions are the data keys, in the full help's order.
func (c *Model) DataActions() action.List {
	k := c.keys
	return action.List{k.dataset, k.prevDataset, k.fewerPoints, k.morePoints, k.lessNoise, k.moreNoise, k.reseed, k.standardize, k.holdout}
}

// KernelActions are the kernel keys.
func (c *Model) KernelActions() action.List {
	k := c.keys
	return action.List{k.kernel, k.prevKernel, k.paramDown, k.paramUp, k.param2Down, k.param2Up, k.bias, k.tie, k.shuffle}
}

// LearnerActions are the learner keys: l, the setting keys, A.
func (c *Model) LearnerActions() action.List {
	k := c.keys
	out := action.List{k.learner}
	for _, p := range k.settings {
		out = append(out, p.down, p.up)
	}
	return append(out, k.ensemble)
}

// FewerPoints is n, which the quiz takes as its answer "no".
func (c *Model) FewerPoints() *action.Action { return c.keys.fewerPoints }

// Ensemble is A, which comparison mode holds.
func (c *Model) Ensemble() *action.Action { return c.keys.ensemble }
