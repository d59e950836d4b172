/// Straight-alpha <-> premultiplied conversion for 8-bit channels: pictures are stored
/// with straight alpha (PNG) or none (JPEG), colours are written straight, and every
/// Vitrine surface is premultiplied.
///
/// Round trip: for a valid premultiplied channel `p <= a`, `premultiply(unpremultiply(p,
/// a), a) == p` exactly (for every a and p; the tests check all 32 896 pairs). Unpremultiply
/// picks u with |u - p*255/a| <= 1/2, so |u*a/255 - p| <= a/510 < 1/2 for a < 255, and
/// premultiply rounds to nearest; for a == 255 both are the identity.

/// `c * a / 255` rounded to nearest: `(c*a + 127) / 255` (c*a/255 is never exactly
/// halfway, 255 being odd, so the rounding has no ties; the same result as the kernels'
/// `mulDiv255`).
@inlinable @inline(__always)
public func premultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
    (c &* a &+ 127) / 255
}

/// `c * 255 / a` rounded (halves down for odd a), clamped to 255; 0 when `a` is 0.
/// A channel above its alpha (invalid premultiplied input) clamps to 255.
@inlinable @inline(__always)
public func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
    a == 0 ? 0 : Swift.min(255, (c &* 255 &+ a / 2) / a)
}

/// A straight-alpha `0xAARRGGBB` colour premultiplied: each colour channel times
/// alpha / 255, rounded as `premultiply(_:_:)`.
@inlinable
public func premultiplied(_ straight: UInt32) -> UInt32 {
    let a = straight >> 24
    if a == 255 { return straight }
    return a << 24 | premultiply(straight >> 16 & 0xff, a) << 16 | premultiply(straight >> 8 & 0xff, a) << 8
        | premultiply(straight & 0xff, a)
}
