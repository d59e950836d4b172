import Raster

/// Per-pixel arithmetic for drawing glyph coverage in a solid colour. The same exact
/// rounding as Raster's kernels (pixman's `MUL_UN8`), repeated here because Raster keeps
/// its helpers internal.

/// `x * a / 255` for 8-bit `x` and `a`, rounded to nearest (ties up) exactly:
/// t = x*a + 128; (t + (t >> 8)) >> 8.
@inline(__always)
func glyphMulDiv255(_ x: UInt32, _ a: UInt32) -> UInt32 {
    let t = x &* a &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Each 8-bit channel of `p` times `a / 255`, rounded as `glyphMulDiv255`, two channels
/// at a time in 32-bit lanes.
@inline(__always)
func glyphMulDiv255x4(_ p: UInt32, _ a: UInt32) -> UInt32 {
    var rb = (p & 0x00ff_00ff) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
    var ag = ((p >> 8) & 0x00ff_00ff) &* a &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00ff_00ff)) & 0xff00_ff00
    return rb | ag
}

/// A straight-alpha `0xAARRGGBB` colour premultiplied: each colour channel times
/// alpha / 255, exactly rounded.
func premultiplied(_ color: UInt32) -> UInt32 {
    let a = color >> 24
    return (a << 24) | (glyphMulDiv255x4(color & 0x00ff_ffff, a) & 0x00ff_ffff)
}

extension GlyphMask {
    /// Composites this mask's coverage in `color` (premultiplied) OVER `surface`, the
    /// mask's top-left on (x, y), inside `clip` (already within the surface). Per
    /// pixel with coverage c and destination d, per channel:
    ///   s  = color * c / 255
    ///   d' = s + d * (255 - alpha(s)) / 255
    /// each division rounded to nearest exactly; pixels with c = 0 are left alone, and
    /// with c = 255 and an opaque colour they become the colour. With `opaqueDestination`
    /// (xrgb8888) the destination's alpha reads as 255, so the result stays opaque.
    ///
    /// Nothing outside `clip ∩ mask` is read or written; no allocation.
    func draw(into surface: Surface, x: Int, y: Int, clip: PixelRect, color: UInt32, opaqueDestination: Bool) {
        let r = clip.intersection(PixelRect(x: x, y: y, width: width, height: height))
        guard !r.isEmpty else { return }
        let alphaBits: UInt32 = opaqueDestination ? 0xff00_0000 : 0
        let w = width
        pixels.withUnsafeBufferPointer { coverage in
            let m = coverage.baseAddress!
            for dy in r.y..<r.maxY {
                let d = surface.row(dy, as: UInt32.self)
                let src = m + ((dy - y) * w + (r.x - x))
                for i in 0..<r.width {
                    let c = UInt32(src[i])
                    if c == 0 { continue }
                    let s = c == 255 ? color : glyphMulDiv255x4(color, c)
                    let sa = s >> 24
                    let dx = r.x + i
                    d[dx] = sa == 255 ? s : s &+ glyphMulDiv255x4(d[dx] | alphaBits, 255 &- sa)
                }
            }
        }
    }
}
