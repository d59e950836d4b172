/// Per-pixel integer arithmetic shared by the kernels. Colours are 8-bit premultiplied
/// ARGB packed as `0xAARRGGBB`.

/// `x * a / 255` for 8-bit `x` and `a`, rounded to nearest (ties up) exactly:
/// t = x*a + 128; (t + (t >> 8)) >> 8. The same result as pixman's `MUL_UN8`.
@inline(__always)
func mulDiv255(_ x: UInt32, _ a: UInt32) -> UInt32 {
    let t = x &* a &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Each of the four 8-bit channels of `p` times `a / 255`, rounded as `mulDiv255`.
/// Two channels at a time in 32-bit lanes (pixman's `UN8x4_MUL_UN8`).
@inline(__always)
func mulDiv255x4(_ p: UInt32, _ a: UInt32) -> UInt32 {
    var rb = (p & 0x00ff_00ff) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
    var ag = ((p >> 8) & 0x00ff_00ff) &* a &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00ff_00ff)) & 0xff00_ff00
    return rb | ag
}

/// A premultiplied colour with every channel scaled by `opacity` / 255, rounded as
/// `mulDiv255` (what the kernels do to each source pixel for a layer's opacity).
public func scalePremultiplied(_ color: UInt32, by opacity: UInt8) -> UInt32 {
    opacity == 255 ? color : mulDiv255x4(color, UInt32(opacity))
}

/// Premultiplied `s` OVER `d`: s + d * (255 - alpha(s)) / 255, per channel, rounded as
/// `mulDiv255`. For valid premultiplied input no channel exceeds 255, so the add
/// doesn't carry between channels.
@inline(__always)
func overPixel(_ s: UInt32, _ d: UInt32) -> UInt32 {
    s &+ mulDiv255x4(d, 255 &- (s >> 24))
}

/// An xrgb8888 pixel to rgb565 by truncation (the top 5, 6 and 5 bits), as pixman's
/// `CONVERT_8888_TO_0565`.
@inline(__always)
func rgb565(_ p: UInt32) -> UInt16 {
    UInt16(truncatingIfNeeded: ((p >> 8) & 0xF800) | ((p >> 5) & 0x07E0) | ((p >> 3) & 0x001F))
}

/// An rgb565 pixel to opaque xrgb8888, each channel widened by bit replication
/// (r5 -> r5 r5[4:2]) so that 0x1f becomes 0xff and 0 stays 0.
@inline(__always)
func xrgb(from565 v: UInt16) -> UInt32 {
    let v = UInt32(v)
    let r = (v >> 11) & 0x1f, g = (v >> 5) & 0x3f, b = v & 0x1f
    return 0xff00_0000 | ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) | (b << 3 | b >> 2)
}
