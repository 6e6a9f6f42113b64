package tui

import (
	"testing"

	"kernelscope/learn"
)

// TestModelsShareNoState: σ changed in one model is not the σ another
// model's k cycle gives (the cycle used to be a package variable).
func TestModelsShareNoState(t *testing.T) {
	a := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	b := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(a, "k", "]", "]", "k") // poly → rbf, σ 0.5 → 0.625 → 0.781, → sigmoid
	press(b, "k")                // poly → rbf
	k, ok := b.s.opts.Config.Kernel.(learn.RBF)
	if !ok || k.Sigma != 0.5 {
		t.Errorf("model b's k gives %v, want rbf(sigma=0.5), the registry's start", b.s.opts.Config.Kernel.Spec())
	}
	press(a, "K") // back to rbf in a: it remembers its own σ
	if k, ok := a.s.opts.Config.Kernel.(learn.RBF); !ok || k.Sigma != 0.781 {
		t.Errorf("model a's K gives %v, want rbf(sigma=0.781)", a.s.opts.Config.Kernel.Spec())
	}
}
