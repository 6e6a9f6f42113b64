package compare

import (
	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/region"
)

// twinKey is everything the twin is built from: when any of it changes
// (new data, another kernel, C), the twin is built again; a raised cap on
// passes (E) is not a reason to.
type twinKey struct {
	pts            *datasets.Point // the data: its first point and length
	n              int
	spec           string
	bias, shuffle  bool
	tie            learn.Tie
	seed           uint64
	learner        string
	params         string // every setting's value (learn.Params.Key)
	standardized   bool
	rowCacheBudget int64
}

func keyOf(o lab.Options) twinKey {
	k := twinKey{n: len(o.Points), spec: o.Config.Kernel.Spec(), bias: o.Config.Bias, shuffle: o.Config.Shuffle,
		tie: o.Config.Tie, seed: o.Config.Seed, learner: o.Config.Kind().Name, params: o.Config.Params.Key(),
		standardized: o.Standardized, rowCacheBudget: int64(o.Config.RowCacheBytes)}
	if len(o.Points) > 0 {
		k.pts = &o.Points[0]
	}
	return k
}

// twinOptions are the second learner's: the session's data and settings
// with the other learner, or with the kernel after this one in the k cycle.
func (v *Model) twinOptions() lab.Options {
	o := v.s.Options()
	if v.what == kernels {
		o.Config.Kernel = v.nextKernel(o.Config.Kernel)
		return o
	}
	o.Config.Learner = o.Config.Kind().Rival()
	return o
}

// Sync builds the second learner when comparison mode needs one for other
// data or settings than it has, and tells the program about it (the
// player steps it with the first, the narration tells both steps); the
// program calls it after every message.
func (v *Model) Sync() {
	if !v.on {
		v.host.SetTwin(nil, [2]string{}, "")
		return
	}
	o := v.twinOptions()
	if k := keyOf(o); k != v.key || !v.tried {
		v.key, v.tried = k, true
		if t, err := lab.NewSession(o); err != nil {
			v.twin, v.err = nil, err
		} else {
			// A new pane for a new twin: the drawing of the last one must
			// not be taken for this one's.
			v.twin, v.err = t, nil
			v.right = &region.RegionView{S: t, Th: v.left.Th}
		}
	}
	v.label, v.learner = paneLabel(o, v.what), paneLabel(o, learners)
	other := map[int]string{learners: "kernels", kernels: "learners"}[v.what]
	v.host.SetTwin(v.twin, [2]string{paneLabel(v.s.Options(), v.what), v.label},
		"comparing "+v.name()+" (| ends it, L compares "+other+")")
}

// Follow gives the twin the viewport and lattice of the left pane's
// learner, so that both regions are drawn on one grid; a large field
// comes back as a job (nil: none, or no twin).
func (v *Model) Follow() lab.FieldJob {
	if t := v.Twin(); t != nil {
		return t.Follow(v.s)
	}
	return nil
}
