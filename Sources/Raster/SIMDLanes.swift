/// 16-bit-lane helpers for the vectorized fast paths. Four 32-bit pixels are one
/// `SIMD16<UInt8>`; widened, each pixel's channels are four `UInt16` lanes, so a
/// product of two 8-bit values fits (SSE2's pmullw). Measured on x86-64 (SSE2 only,
/// the default target): these compile to the same instructions pixman's SSE2 paths use,
/// where a plain loop over `UInt32` pixels vectorizes into slower 32-bit multiplies.

/// The low and high two pixels' bytes, zero-extended to 16 bits (punpcklbw/punpckhbw).
@inline(__always)
func widen(_ v: SIMD16<UInt8>) -> (low: SIMD8<UInt16>, high: SIMD8<UInt16>) {
    (SIMD8<UInt16>(truncatingIfNeeded: v.lowHalf), SIMD8<UInt16>(truncatingIfNeeded: v.highHalf))
}

/// Two widened pixels back to bytes; every lane must already be at most 255.
@inline(__always)
func narrow(_ low: SIMD8<UInt16>, _ high: SIMD8<UInt16>) -> SIMD16<UInt8> {
    SIMD16<UInt8>(
        lowHalf: SIMD8<UInt8>(truncatingIfNeeded: low), highHalf: SIMD8<UInt8>(truncatingIfNeeded: high))
}

/// Each of two widened pixels' alpha (lanes 3 and 7) in all four of its lanes
/// (pshuflw/pshufhw).
@inline(__always)
func splatAlpha(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
    SIMD8(v[3], v[3], v[3], v[3], v[7], v[7], v[7], v[7])
}

/// `t / 255` rounded, for t = x * a with 8-bit x and a: the lane-wise `mulDiv255`.
/// Computed as ((t + 128) * 257) >> 16, which is the same value for every t up to
/// 65025 and which LLVM turns into one pmulhuw (a high-half multiply).
@inline(__always)
func div255(_ t: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let u = SIMD8<UInt32>(truncatingIfNeeded: t &+ 128)
    return SIMD8<UInt16>(truncatingIfNeeded: (u &* 257) &>> 16)
}

/// Eight bytes zero-extended to 16-bit lanes, written as a byte shuffle with zeros
/// (punpcklbw). Used in large loops where the standard library's generic
/// `init(truncatingIfNeeded:)` is left as a call by the inliner.
@inline(__always)
func widen8(_ v: SIMD8<UInt8>) -> SIMD8<UInt16> {
    let b = SIMD16<UInt8>(v[0], 0, v[1], 0, v[2], 0, v[3], 0, v[4], 0, v[5], 0, v[6], 0, v[7], 0)
    return unsafeBitCast(b, to: SIMD8<UInt16>.self)
}

/// `div255` with shifts only: (u + (u >> 8)) >> 8 with u = t + 128.
@inline(__always)
func div255Shifts(_ t: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let u = t &+ 128
    return (u &+ (u &>> 8)) &>> 8
}
