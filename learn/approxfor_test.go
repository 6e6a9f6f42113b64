package learn

import "testing"

// TestApproxFor: random Fourier features for the RBF kernel alone (the
// only one NewApproxMap builds them for), Nyström for every other kernel,
// sums and scaled RBF kernels included; D as asked.
func TestApproxFor(t *testing.T) {
	for _, c := range []struct {
		k    Kernel
		want Approx
	}{
		{RBF{Sigma: 0.5}, Approx{ApproxRFF, 64}},
		{Linear{}, Approx{ApproxNystrom, 64}},
		{Poly{D: 2, C: 1}, Approx{ApproxNystrom, 64}},
		{Sigmoid{Gamma: 1}, Approx{ApproxNystrom, 64}},
		{Sum{RBF{Sigma: 1}, Linear{}}, Approx{ApproxNystrom, 64}},
		{Scaled{A: 2, K: RBF{Sigma: 1}}, Approx{ApproxNystrom, 64}},
	} {
		got := ApproxFor(c.k, 64)
		if got != c.want {
			t.Errorf("ApproxFor(%s, 64) = %v, want %v", c.k.Spec(), got, c.want)
		}
		if _, err := NewApproxMap(got, c.k, []Vec{{0, 1, 0}, {0, 0, 1}}, 1); err != nil && got.Kind == ApproxRFF {
			t.Errorf("ApproxFor(%s) = %v, which NewApproxMap refuses: %v", c.k.Spec(), got, err)
		}
	}
}
