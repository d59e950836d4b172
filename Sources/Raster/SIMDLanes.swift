internal import CLanes

/// 16-bit-lane helpers for the vectorized fast paths. Four 32-bit pixels are one
/// `SIMD16<UInt8>`; widened, each pixel's channels are four `UInt16` lanes, so a
/// product of two 8-bit values fits (SSE2's pmullw). Measured on x86-64 (SSE2 only,
/// the default target): these compile to the instructions pixman's SSE2 paths use,
/// where a plain loop over `UInt32` pixels vectorizes into slower 32-bit multiplies.
///
/// **No standard-library generic in here.** Every helper is built from what the
/// compiler cannot leave as a call: the lane initializers and subscripts and
/// `unsafeBitCast` (all `@_transparent`, inlined by the mandatory pass before any
/// optimizer decides anything), and the concrete `SIMD8<UInt16>` `&+`, `&-`, `&*` and
/// `SIMD16<UInt8>` `&+`, `|`, `&`, `SIMD4<UInt32>` and `SIMD8<UInt32>` `&*` (builtins
/// emitted into the client). Widening,
/// narrowing and shifts by 8 are written as byte shuffles (a lane-by-lane initializer
/// that LLVM folds into one shufflevector: punpcklbw/punpckhbw with zero, psrlw,
/// packuswb). The standard library's `init(truncatingIfNeeded:)`, `lowHalf`/`highHalf`
/// and the generic shift operators are lane-by-lane loops over `indices`: in the
/// release build four specializations of `SIMD8.init(truncatingIfNeeded:)`
/// were left as calls inside the over loop, several times pixman's time. `Tests/bench/gate` counts the
/// kernels' instructions, and the Performance article says how to see
/// the symbols in the binary (`nm`): there must be none.

/// Two pixels' bytes (lanes 0-7 of `v`) zero-extended to 16-bit lanes (punpcklbw).
@inline(__always)
func widenLow(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
    unsafeBitCast(
        SIMD16<UInt8>(v[0], 0, v[1], 0, v[2], 0, v[3], 0, v[4], 0, v[5], 0, v[6], 0, v[7], 0),
        to: SIMD8<UInt16>.self)
}

/// Two pixels' bytes (lanes 8-15 of `v`) zero-extended to 16-bit lanes (punpckhbw).
@inline(__always)
func widenHigh(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
    unsafeBitCast(
        SIMD16<UInt8>(v[8], 0, v[9], 0, v[10], 0, v[11], 0, v[12], 0, v[13], 0, v[14], 0, v[15], 0),
        to: SIMD8<UInt16>.self)
}

/// The low and high two pixels' bytes, zero-extended to 16 bits (punpcklbw/punpckhbw).
@inline(__always)
func widen(_ v: SIMD16<UInt8>) -> (low: SIMD8<UInt16>, high: SIMD8<UInt16>) {
    (widenLow(v), widenHigh(v))
}

/// Two widened pixels back to bytes: the low byte of every lane (every lane must
/// already be at most 255; LLVM masks and packs with packuswb).
@inline(__always)
func narrow(_ low: SIMD8<UInt16>, _ high: SIMD8<UInt16>) -> SIMD16<UInt8> {
    let l = unsafeBitCast(low, to: SIMD16<UInt8>.self), h = unsafeBitCast(high, to: SIMD16<UInt8>.self)
    return SIMD16<UInt8>(
        l[0], l[2], l[4], l[6], l[8], l[10], l[12], l[14], h[0], h[2], h[4], h[6], h[8], h[10], h[12], h[14])
}

/// Every 16-bit lane shifted right by 8, as a byte shuffle with zeros (psrlw $8).
@inline(__always)
func shiftRight8(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let b = unsafeBitCast(v, to: SIMD16<UInt8>.self)
    return unsafeBitCast(
        SIMD16<UInt8>(b[1], 0, b[3], 0, b[5], 0, b[7], 0, b[9], 0, b[11], 0, b[13], 0, b[15], 0),
        to: SIMD8<UInt16>.self)
}

/// The high 16 bits of each lane's 32-bit product (SSE2's pmulhuw): both vectors
/// zero-extended to 32-bit lanes by shuffles with zeros, multiplied, and the odd 16-bit
/// halves kept. LLVM folds the pattern into the one instruction when neither factor is
/// a constant it can see (see `MultiplierLanes`).
@inline(__always)
func multiplyHigh(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let a32 = unsafeBitCast(
        SIMD16<UInt16>(a[0], 0, a[1], 0, a[2], 0, a[3], 0, a[4], 0, a[5], 0, a[6], 0, a[7], 0),
        to: SIMD8<UInt32>.self)
    let b32 = unsafeBitCast(
        SIMD16<UInt16>(b[0], 0, b[1], 0, b[2], 0, b[3], 0, b[4], 0, b[5], 0, b[6], 0, b[7], 0),
        to: SIMD8<UInt32>.self)
    let p = unsafeBitCast(a32 &* b32, to: SIMD16<UInt16>.self)
    return SIMD8<UInt16>(p[1], p[3], p[5], p[7], p[9], p[11], p[13], p[15])
}

/// `t / 255` rounded, for t = x * a with 8-bit x and a, as pixman's SSE2 code does it:
/// (t + 128) * 257 >> 16 (paddw, pmulhuw): exactly pixman's `MUL_UN8`, (u + (u >> 8)) >> 8
/// with u = t + 128, for every t up to 65025. `k` is
/// `MultiplierLanes.current.pointee.div255`, read once before the loop.
@inline(__always)
func divideBy255(_ t: SIMD8<UInt16>, _ k: SIMD8<UInt16>) -> SIMD8<UInt16> {
    multiplyHigh(t &+ SIMD8(repeating: 128), k)
}

/// Each 32-bit lane `a[2i] * b[2i] + a[2i+1] * b[2i+1]`, the 16-bit lanes taken as
/// signed (SSE2's pmaddwd). On x86-64 the instruction itself, from `CLanes`: LLVM forms
/// pmaddwd from Swift code only for some shapes of the expression and then surrounds it
/// with shuffles. Elsewhere the same sums, lane by lane.
@inline(__always)
func multiplyAddPairs(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
    #if arch(x86_64)
    vitrine_multiply_add_pairs(a, b)
    #else
    let even = SIMD4<Int32>(Int32(a[0]), Int32(a[2]), Int32(a[4]), Int32(a[6]))
        &* SIMD4<Int32>(Int32(b[0]), Int32(b[2]), Int32(b[4]), Int32(b[6]))
    let odd = SIMD4<Int32>(Int32(a[1]), Int32(a[3]), Int32(a[5]), Int32(a[7]))
        &* SIMD4<Int32>(Int32(b[1]), Int32(b[3]), Int32(b[5]), Int32(b[7]))
    return even &+ odd
    #endif
}

/// Lane 0 in lanes 0-3 and lane 4 in lanes 4-7: a weight per pixel of a pair in its
/// four channels (pshuflw, pshufhw from `CLanes`; a lane initializer moves lanes one by
/// one on SSE2).
@inline(__always)
func splatLanes04(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
    #if arch(x86_64)
    vitrine_splat_lanes_0_4(v)
    #else
    SIMD8<UInt16>(v[0], v[0], v[0], v[0], v[4], v[4], v[4], v[4])
    #endif
}

/// Lane 2 in lanes 0-3 and lane 6 in lanes 4-7 (see `splatLanes04`).
@inline(__always)
func splatLanes26(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
    #if arch(x86_64)
    vitrine_splat_lanes_2_6(v)
    #else
    SIMD8<UInt16>(v[2], v[2], v[2], v[2], v[6], v[6], v[6], v[6])
    #endif
}

/// Lane 3 in lanes 0-3 and lane 7 in lanes 4-7: two widened pixels' alphas, each in
/// its pixel's four lanes (see `splatLanes04`). `ofProduct`: `v` was just made by a
/// multiply (`divideBy255`), which LLVM would rebuild to fold the shuffle into.
@inline(__always)
func splatLanes37(_ v: SIMD8<UInt16>, ofProduct: Bool = false) -> SIMD8<UInt16> {
    #if arch(x86_64)
    ofProduct ? vitrine_splat_lanes_3_7_of_product(v) : vitrine_splat_lanes_3_7(v)
    #else
    SIMD8<UInt16>(v[3], v[3], v[3], v[3], v[7], v[7], v[7], v[7])
    #endif
}

/// The two pixels at `a` and the two at `b` (unaligned), interleaved: a's first, b's
/// first, a's second, b's second (movq, movq, punpckldq from `CLanes`).
@inline(__always)
func loadInterleaved(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> SIMD16<UInt8> {
    #if arch(x86_64)
    vitrine_load_interleaved(a, b)
    #else
    let x = a.loadUnaligned(as: SIMD2<UInt32>.self), y = b.loadUnaligned(as: SIMD2<UInt32>.self)
    return unsafeBitCast(SIMD4<UInt32>(x[0], y[0], x[1], y[1]), to: SIMD16<UInt8>.self)
    #endif
}

/// Every 16-bit lane shifted left by 8, as a byte shuffle with zeros (psllw $8).
@inline(__always)
func shiftLeft8(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let b = unsafeBitCast(v, to: SIMD16<UInt8>.self)
    return unsafeBitCast(
        SIMD16<UInt8>(0, b[0], 0, b[2], 0, b[4], 0, b[6], 0, b[8], 0, b[10], 0, b[12], 0, b[14]),
        to: SIMD8<UInt16>.self)
}

// Channel pairs: the over kernels keep four pixels in two vectors of 16-bit lanes
// without unpacking them, as pixman's scalar `UN8x4` code does in 32 bits: the even
// bytes (blue, red) in one, the odd bytes (green, alpha) in the other. Splitting is a
// mask and a shift, joining a blend: no unpack or pack shuffles, which share two
// execution ports with the shifts on the x86-64 cores measured (AMD EPYC), where the
// unpacking form spent more time than pixman on the same instruction count.

/// Each pixel's blue and red bytes in 16-bit lanes (pand 0x00ff).
@inline(__always)
func evenBytes(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
    unsafeBitCast(
        SIMD16<UInt8>(v[0], 0, v[2], 0, v[4], 0, v[6], 0, v[8], 0, v[10], 0, v[12], 0, v[14], 0),
        to: SIMD8<UInt16>.self)
}

/// Each pixel's green and alpha bytes in 16-bit lanes (psrlw $8).
@inline(__always)
func oddBytes(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
    unsafeBitCast(
        SIMD16<UInt8>(v[1], 0, v[3], 0, v[5], 0, v[7], 0, v[9], 0, v[11], 0, v[13], 0, v[15], 0),
        to: SIMD8<UInt16>.self)
}

/// Each pixel's alpha byte (byte 3) in both of its 16-bit lanes: the byte moved down
/// (psrld $24), then times 0x10001 in 32-bit lanes (pslld, paddd) rather than a second
/// shuffle, which LLVM would merge with the first into one it lowers to nine.
@inline(__always)
func alphaLanes(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
    let a = SIMD16<UInt8>(v[3], 0, 0, 0, v[7], 0, 0, 0, v[11], 0, 0, 0, v[15], 0, 0, 0)
    return unsafeBitCast(
        unsafeBitCast(a, to: SIMD4<UInt32>.self) &* SIMD4(repeating: 0x10001), to: SIMD8<UInt16>.self)
}

/// Each pixel's odd-lane value (lane 1 of its pair: alpha, after `oddBytes`) in both
/// of its lanes (pshuflw/pshufhw).
@inline(__always)
func splatOddLanes(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
    SIMD8(v[1], v[1], v[3], v[3], v[5], v[5], v[7], v[7])
}

/// Four pixels' 16-bit lanes (each at most 255), `a`'s two then `b`'s, back to their
/// bytes (packuswb, from `CLanes` on x86-64).
@inline(__always)
func packPixels(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD16<UInt8> {
    #if arch(x86_64)
    vitrine_pack_pixels(a, b)
    #else
    let x = unsafeBitCast(a, to: SIMD16<UInt8>.self), y = unsafeBitCast(b, to: SIMD16<UInt8>.self)
    return SIMD16<UInt8>(
        x[0], x[2], x[4], x[6], x[8], x[10], x[12], x[14], y[0], y[2], y[4], y[6], y[8], y[10], y[12], y[14])
    #endif
}

/// Each lane's high byte, its low byte cleared (pand 0xff00).
@inline(__always)
func highByteOnly(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let o = unsafeBitCast(v, to: SIMD16<UInt8>.self)
    return unsafeBitCast(
        SIMD16<UInt8>(0, o[1], 0, o[3], 0, o[5], 0, o[7], 0, o[9], 0, o[11], 0, o[13], 0, o[15]),
        to: SIMD8<UInt16>.self)
}

/// Four pixels from their channel pairs: `even` holds blue and red in its lanes' low
/// bytes, `odd` green and alpha in their high bytes (low bytes zero), each channel's
/// sum at most 255; added in 16-bit lanes (paddw). The caller adds each pair's two parts
/// (what shows through, the source) before this add, so that LLVM cannot prove the
/// two halves' bits disjoint: where it can, it turns the add into an OR and the OR into
/// a two-vector byte shuffle, which it lowers to five packs and unpacks.
@inline(__always)
func joinChannels(even: SIMD8<UInt16>, odd: SIMD8<UInt16>) -> SIMD16<UInt8> {
    unsafeBitCast(even &+ odd, to: SIMD16<UInt8>.self)
}

/// Every pixel's alpha byte set to 255 (an xrgb8888 source read as opaque).
@inline(__always)
func opaqueAlpha(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
    SIMD16<UInt8>(v[0], v[1], v[2], 255, v[4], v[5], v[6], 255, v[8], v[9], v[10], 255, v[12], v[13], v[14], 255)
}

/// Eight bytes zero-extended to 16-bit lanes, written as a byte shuffle with zeros
/// (punpcklbw).
@inline(__always)
func widen8(_ v: SIMD8<UInt8>) -> SIMD8<UInt16> {
    let b = SIMD16<UInt8>(v[0], 0, v[1], 0, v[2], 0, v[3], 0, v[4], 0, v[5], 0, v[6], 0, v[7], 0)
    return unsafeBitCast(b, to: SIMD8<UInt16>.self)
}

/// Asks for the cache line holding `p` before it is read (prefetcht0 on x86-64, prfm
/// on arm64), from `CLanes`: any address, as it never faults.
@inline(__always)
func prefetch(_ p: UnsafeRawPointer) { vitrine_prefetch(p) }
