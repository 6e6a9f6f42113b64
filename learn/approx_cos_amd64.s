#include "textflag.h"

// One block of four features at byte offset SI (see rffDotGo):
//	t = ca·x₁ + cb·x₂ + ph;  u = t + shift;  f = t − (u − shift);  s = f²
//	p = C₀ + s(C₁ + … + s·C₇);  z = scale·(p with sign flipped by u's last bit)
//	acc += w·z
// T, U, F, P are scratch registers, ACC the block's accumulator.
#define BLOCK(OFF, T, U, F, P, ACC) \
	VMULPD OFF(R9)(SI*1), Y0, T \
	VFMADD231PD OFF(R10)(SI*1), Y1, T \
	VADDPD OFF(R11)(SI*1), T, T \
	VADDPD Y3, T, U \
	VSUBPD Y3, U, F \
	VSUBPD F, T, F \
	VMULPD F, F, F \
	VMOVUPD ·rffConst+32(SB), P \
	VFMADD213PD ·rffConst+64(SB), F, P \
	VFMADD213PD ·rffConst+96(SB), F, P \
	VFMADD213PD ·rffConst+128(SB), F, P \
	VFMADD213PD ·rffConst+160(SB), F, P \
	VFMADD213PD ·rffConst+192(SB), F, P \
	VFMADD213PD ·rffConst+224(SB), F, P \
	VFMADD213PD ·rffConst+256(SB), F, P \
	VPSLLQ $63, U, U \
	VXORPD U, P, P \
	VMULPD Y2, P, P \
	VMOVUPD P, OFF(DI)(SI*1) \
	VFMADD231PD OFF(R8)(SI*1), P, ACC

// func rffDotAVX2(z, w, ca, cb, ph []float64, x1, x2, scale float64) float64
TEXT ·rffDotAVX2(SB), NOSPLIT, $0-152
	MOVQ z_base+0(FP), DI
	MOVQ z_len+8(FP), CX
	MOVQ w_base+24(FP), R8
	MOVQ ca_base+48(FP), R9
	MOVQ cb_base+72(FP), R10
	MOVQ ph_base+96(FP), R11
	VBROADCASTSD x1+120(FP), Y0
	VBROADCASTSD x2+128(FP), Y1
	VBROADCASTSD scale+136(FP), Y2
	VMOVUPD ·rffConst+0(SB), Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	SHLQ $3, CX
	XORQ SI, SI
	CMPQ SI, CX
	JGE done

loop:
	BLOCK(0, Y6, Y7, Y8, Y9, Y4)
	BLOCK(32, Y10, Y11, Y12, Y13, Y5)
	ADDQ $64, SI
	CMPQ SI, CX
	JLT loop

done:
	VADDPD Y5, Y4, Y4
	VEXTRACTF128 $1, Y4, X5
	VADDPD X5, X4, X4
	VUNPCKHPD X4, X4, X5
	VADDSD X5, X4, X4
	VZEROUPPER
	MOVSD X4, ret+144(FP)
	RET
