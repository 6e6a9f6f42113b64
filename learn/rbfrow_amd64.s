#include "textflag.h"

// func rbfRowAVX2(dst, f, z0, z1, z2 *float64, n int, x0, x1, x2, c, w float64, consts *[13][4]float64, table *float64) int
//
// For each block of four points j: v = expFast(((x0−z0)² + (x1−z1)²) + (x2−z2)²)·c)
// lane by lane, with expFast's operations in expFast's order (rbfrow.go);
// dst[j] = v if dst != nil; f[j] = f[j] + w·v if f != nil. Stops before the
// first block with an argument outside [expMinArg, expMax] or NaN.
//
// consts (32 bytes each): 0 invL, 32 shift, 64 ln2hi, 96 ln2lo, 128 1/120,
// 160 1/24, 192 1/6, 224 1/2, 256 1, 288 minArg, 320 maxArg, 352 mask 63,
// 384 1023<<52.
TEXT ·rbfRowAVX2(SB), NOSPLIT, $0-112
	MOVQ dst+0(FP), DI
	MOVQ f+8(FP), R8
	MOVQ z0+16(FP), R9
	MOVQ z1+24(FP), R10
	MOVQ z2+32(FP), R11
	MOVQ n+40(FP), CX
	MOVQ consts+88(FP), DX
	MOVQ table+96(FP), BX
	VBROADCASTSD x0+48(FP), Y15
	VBROADCASTSD x1+56(FP), Y14
	VBROADCASTSD x2+64(FP), Y13
	VBROADCASTSD c+72(FP), Y12
	VBROADCASTSD w+80(FP), Y11
	XORQ SI, SI

loop:
	LEAQ 4(SI), AX
	CMPQ AX, CX
	JGT  done

	// d² = ((x0−z0)² + (x1−z1)²) + (x2−z2)², then the argument d²·c
	VMOVUPD (R9)(SI*8), Y0
	VSUBPD  Y0, Y15, Y0
	VMULPD  Y0, Y0, Y0
	VMOVUPD (R10)(SI*8), Y1
	VSUBPD  Y1, Y14, Y1
	VMULPD  Y1, Y1, Y1
	VADDPD  Y1, Y0, Y0
	VMOVUPD (R11)(SI*8), Y1
	VSUBPD  Y1, Y13, Y1
	VMULPD  Y1, Y1, Y1
	VADDPD  Y1, Y0, Y0
	VMULPD  Y12, Y0, Y0

	// every lane within [minArg, maxArg] (ordered: NaN fails), else stop
	VCMPPD    $0x1d, 288(DX), Y0, Y2
	VCMPPD    $0x12, 320(DX), Y0, Y3
	VANDPD    Y3, Y2, Y2
	VMOVMSKPD Y2, AX
	CMPQ      AX, $15
	JNE       done

	// t = x·invL + shift; kf = t − shift; k = bits(t) − bits(shift)
	VMULPD 0(DX), Y0, Y1
	VADDPD 32(DX), Y1, Y1
	VSUBPD 32(DX), Y1, Y2
	VPSUBQ 32(DX), Y1, Y3

	// j = k & 63; 2^m's bits = ((k − j) << 46) + (1023 << 52)
	VPAND  352(DX), Y3, Y4
	VPSUBQ Y4, Y3, Y3
	VPSLLQ $46, Y3, Y3
	VPADDQ 384(DX), Y3, Y3

	// r = (x − kf·ln2hi) − kf·ln2lo
	VMULPD 64(DX), Y2, Y5
	VSUBPD Y5, Y0, Y5
	VMULPD 96(DX), Y2, Y2
	VSUBPD Y2, Y5, Y5

	// p = 1 + r·(1 + r·(1/2 + r·(1/6 + r·(1/24 + r·(1/120)))))
	VMULPD 128(DX), Y5, Y6
	VADDPD 160(DX), Y6, Y6
	VMULPD Y6, Y5, Y6
	VADDPD 192(DX), Y6, Y6
	VMULPD Y6, Y5, Y6
	VADDPD 224(DX), Y6, Y6
	VMULPD Y6, Y5, Y6
	VADDPD 256(DX), Y6, Y6
	VMULPD Y6, Y5, Y6
	VADDPD 256(DX), Y6, Y6

	// v = (table[j]·p)·2^m
	VPCMPEQQ   Y7, Y7, Y7
	VXORPD     Y8, Y8, Y8
	VGATHERQPD Y7, (BX)(Y4*8), Y8
	VMULPD     Y6, Y8, Y8
	VMULPD     Y3, Y8, Y8

	TESTQ DI, DI
	JZ    nostore
	VMOVUPD Y8, (DI)(SI*8)

nostore:
	TESTQ R8, R8
	JZ    next
	VMULPD  Y11, Y8, Y9
	VADDPD  (R8)(SI*8), Y9, Y9
	VMOVUPD Y9, (R8)(SI*8)

next:
	ADDQ $4, SI
	JMP  loop

done:
	VZEROUPPER
	MOVQ SI, ret+104(FP)
	RET

// func axpyAVX2(f, row *float64, n int, w float64)
//
// f[k] = f[k] + w·row[k] for k < n rounded down to a multiple of 8, four
// lanes at a time, a product then a sum as axpy's scalar loop rounds them.
TEXT ·axpyAVX2(SB), NOSPLIT, $0-32
	MOVQ f+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSD w+24(FP), Y15
	ANDQ $-8, CX
	XORQ AX, AX

axpyloop:
	CMPQ    AX, CX
	JGE     axpydone
	VMULPD  (SI)(AX*8), Y15, Y0
	VMULPD  32(SI)(AX*8), Y15, Y1
	VADDPD  (DI)(AX*8), Y0, Y0
	VADDPD  32(DI)(AX*8), Y1, Y1
	VMOVUPD Y0, (DI)(AX*8)
	VMOVUPD Y1, 32(DI)(AX*8)
	ADDQ    $8, AX
	JMP     axpyloop

axpydone:
	VZEROUPPER
	RET
