/// Two rows of 32-bit pixels blended with one weight: `d[i] = a[i] + (b[i] - a[i]) * w /
/// 256` per channel, rounded to nearest, as (a * (256 - w) + b * w + 128) >> 8 (w in
/// 0...255; the sum fits 16 bits). With `opaque`, every result's alpha byte is 255
/// (an xrgb8888 picture). The vertical step of a bilinear resample (`ShowResample`),
/// whose rows share one weight: four pixels at a time in channel pairs (`evenBytes`,
/// `oddBytes`), the same values as one channel at a time.
public func lerpRows(
    _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, into d: UnsafeMutablePointer<UInt32>, count n: Int,
    weight w: UInt32, opaque: Bool
) {
    if opaque {
        lerpSpan(a, b, d, n, weight: w, opaque: true)
    } else {
        lerpSpan(a, b, d, n, weight: w, opaque: false)
    }
}

/// `lerpRows`; call it with a literal `opaque`.
@inline(__always)
func lerpSpan(
    _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt32>, _ n: Int,
    weight w: UInt32, opaque: Bool
) {
    let ar = UnsafeRawPointer(a), br = UnsafeRawPointer(b), dr = UnsafeMutableRawPointer(d)
    let wv = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: w))
    let iw = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 256 &- w))
    let half = SIMD8<UInt16>(repeating: 128)
    var i = 0
    while i &+ 4 <= n {
        let av = ar.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        let bv = br.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        let even = shiftRight8(evenBytes(av) &* iw &+ evenBytes(bv) &* wv &+ half)
        let odd = highByteOnly(oddBytes(av) &* iw &+ oddBytes(bv) &* wv &+ half)
        let v = joinChannels(even: even, odd: odd)
        dr.storeBytes(of: opaque ? opaqueAlpha(v) : v, toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        i &+= 4
    }
    let m: UInt32 = 0x00ff_00ff
    let alpha: UInt32 = opaque ? 0xff00_0000 : 0
    while i < n {
        let p = a[i], q = b[i]
        let rb = ((p & m) &* (256 &- w) &+ (q & m) &* w &+ 0x0080_0080) >> 8 & m
        let ag = ((p >> 8 & m) &* (256 &- w) &+ (q >> 8 & m) &* w &+ 0x0080_0080) >> 8 & m
        d[i] = (rb | ag << 8) | alpha
        i &+= 1
    }
}
