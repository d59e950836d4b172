/// Straight-alpha <-> premultiplied conversion for 8-bit channels, as PNG stores
/// straight alpha and every Vitrine surface is premultiplied (the Architecture article).
///
/// Round trip: for a valid premultiplied channel `p <= a`, `premultiply(unpremultiply(p,
/// a), a) == p` exactly (for every a and p; the tests check all 32 896 pairs). Unpremultiply
/// picks u with |u - p*255/a| <= 1/2, so |u*a/255 - p| <= a/510 < 1/2 for a < 255, and
/// premultiply rounds to nearest; for a == 255 both are the identity.

/// `c * a / 255` rounded to nearest: `(c*a + 127) / 255` (c*a/255 is never exactly
/// halfway, 255 being odd, so the rounding has no ties).
@inline(__always)
func premultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
    (c &* a &+ 127) / 255
}

/// `c * 255 / a` rounded (halves down for odd a), clamped to 255; 0 when `a` is 0.
/// A channel above its alpha (invalid premultiplied input) clamps to 255.
@inline(__always)
func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
    a == 0 ? 0 : min(255, (c &* 255 &+ a / 2) / a)
}
