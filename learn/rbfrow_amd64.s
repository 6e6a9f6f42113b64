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

// func rbfRowAVX512(dst, f, z0, z1, z2 *float64, n int, x0, x1, x2, c, w float64, consts *[13][4]float64, table *float64) int
//
// rbfRowAVX2's loop on eight lanes: the same operations, in the same order,
// on blocks of eight points; constants broadcast from the first of each
// group of four.
TEXT ·rbfRowAVX512(SB), NOSPLIT, $0-112
	MOVQ dst+0(FP), DI
	MOVQ f+8(FP), R8
	MOVQ z0+16(FP), R9
	MOVQ z1+24(FP), R10
	MOVQ z2+32(FP), R11
	MOVQ n+40(FP), CX
	MOVQ consts+88(FP), DX
	MOVQ table+96(FP), BX
	VBROADCASTSD x0+48(FP), Z15
	VBROADCASTSD x1+56(FP), Z14
	VBROADCASTSD x2+64(FP), Z13
	VBROADCASTSD c+72(FP), Z12
	VBROADCASTSD w+80(FP), Z11
	XORQ SI, SI

loop512:
	LEAQ 8(SI), AX
	CMPQ AX, CX
	JGT  done512

	VMOVUPD (R9)(SI*8), Z0
	VSUBPD  Z0, Z15, Z0
	VMULPD  Z0, Z0, Z0
	VMOVUPD (R10)(SI*8), Z1
	VSUBPD  Z1, Z14, Z1
	VMULPD  Z1, Z1, Z1
	VADDPD  Z1, Z0, Z0
	VMOVUPD (R11)(SI*8), Z1
	VSUBPD  Z1, Z13, Z1
	VMULPD  Z1, Z1, Z1
	VADDPD  Z1, Z0, Z0
	VMULPD  Z12, Z0, Z0

	VCMPPD.BCST $0x1d, 288(DX), Z0, K1
	VCMPPD.BCST $0x12, 320(DX), Z0, K2
	KANDB       K2, K1, K1
	KMOVB       K1, AX
	CMPQ        AX, $255
	JNE         done512

	VMULPD.BCST 0(DX), Z0, Z1
	VADDPD.BCST 32(DX), Z1, Z1
	VSUBPD.BCST 32(DX), Z1, Z2
	VPSUBQ.BCST 32(DX), Z1, Z3

	VPANDQ.BCST 352(DX), Z3, Z4
	VPSUBQ      Z4, Z3, Z3
	VPSLLQ      $46, Z3, Z3
	VPADDQ.BCST 384(DX), Z3, Z3

	VMULPD.BCST 64(DX), Z2, Z5
	VSUBPD      Z5, Z0, Z5
	VMULPD.BCST 96(DX), Z2, Z2
	VSUBPD      Z2, Z5, Z5

	VMULPD.BCST 128(DX), Z5, Z6
	VADDPD.BCST 160(DX), Z6, Z6
	VMULPD      Z6, Z5, Z6
	VADDPD.BCST 192(DX), Z6, Z6
	VMULPD      Z6, Z5, Z6
	VADDPD.BCST 224(DX), Z6, Z6
	VMULPD      Z6, Z5, Z6
	VADDPD.BCST 256(DX), Z6, Z6
	VMULPD      Z6, Z5, Z6
	VADDPD.BCST 256(DX), Z6, Z6

	KXNORB     K3, K3, K3
	VGATHERQPD (BX)(Z4*8), K3, Z8
	VMULPD     Z6, Z8, Z8
	VMULPD     Z3, Z8, Z8

	TESTQ DI, DI
	JZ    nostore512
	VMOVUPD Z8, (DI)(SI*8)

nostore512:
	TESTQ R8, R8
	JZ    next512
	VMULPD  Z11, Z8, Z9
	VADDPD  (R8)(SI*8), Z9, Z9
	VMOVUPD Z9, (R8)(SI*8)

next512:
	ADDQ $8, SI
	JMP  loop512

done512:
	VZEROUPPER
	MOVQ SI, ret+104(FP)
	RET
