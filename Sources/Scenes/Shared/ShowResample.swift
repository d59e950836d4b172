import Raster

/// Resampling a picture to another size, once per picture and size (never per frame).
///
/// Method: halve the picture (2x2 box average, rounded to nearest) along each axis
/// while it is at least twice the target size along that axis, then sample the result
/// bilinearly at the target's pixel centres (source position (x + 0.5) * sw / tw - 0.5,
/// clamped to the edge pixels, so edges stay opaque). Channels are averaged as stored
/// (premultiplied argb8888 averages correctly; xrgb8888 keeps alpha 0xff). The result
/// has the source's format. Only 32-bit pictures are resampled (`ShowAssets` hands out
/// argb8888 or xrgb8888); anything else is returned as it is.
enum ShowResample {
    /// `source` resampled to `width` x `height`; `source` itself when that is no surface
    /// (a side over `Surface.maxSide`) or its memory is refused: the layer then stretches
    /// the original as it draws, and the kiosk goes on.
    static func resample(_ source: Surface, width: Int, height: Int) -> Surface {
        guard source.format.bytesPerPixel == 4, width > 0, height > 0 else { return source }
        guard width <= Surface.maxSide, height <= Surface.maxSide else { return source }
        if source.width == width && source.height == height { return source }
        var s = source
        while s.width >= 2 * width || s.height >= 2 * height {
            guard let half = halve(s, x: s.width >= 2 * width, y: s.height >= 2 * height) else { return source }
            s = half
        }
        if s.width == width && s.height == height { return s }
        return bilinear(s, width: width, height: height) ?? source
    }

    /// `s` as an opaque xrgb8888 picture when it is argb8888 with every alpha 0xff (the
    /// same pixels; the compositor then copies it and lets it hide what is under it,
    /// instead of blending it over), else `s` itself. A scan once per resampled picture.
    static func opaqueIfPossible(_ s: Surface) -> Surface {
        guard s.format == .argb8888 else { return s }
        for y in 0..<s.height {
            let row = s.row(y, as: UInt32.self)
            for x in 0..<s.width where row[x] >> 24 != 0xff { return s }
        }
        // s's own size, valid; no memory for the copy: s as it is.
        guard let out = try? Surface(width: s.width, height: s.height, format: .xrgb8888) else { return s }
        for y in 0..<s.height {
            let src = s.row(y, as: UInt32.self)
            let dst = out.row(y, as: UInt32.self)
            for x in 0..<s.width { dst[x] = src[x] }
        }
        return out
    }

    /// `s` halved along x and/or y: each output pixel the rounded mean of its 2 or 4
    /// source pixels (an odd last column or row is averaged with itself); nil when its
    /// memory is refused (its size, half of a valid one rounded up, is valid).
    static func halve(_ s: Surface, x: Bool, y: Bool) -> Surface? {
        let w = x ? (s.width + 1) / 2 : s.width
        let h = y ? (s.height + 1) / 2 : s.height
        guard let out = try? Surface(width: w, height: h, format: s.format) else { return nil }
        let opaque = s.format == .xrgb8888
        for oy in 0..<h {
            let y0 = y ? 2 * oy : oy
            let y1 = y ? Swift.min(y0 + 1, s.height - 1) : y0
            let r0 = s.row(y0, as: UInt32.self)
            let r1 = s.row(y1, as: UInt32.self)
            let d = out.row(oy, as: UInt32.self)
            for ox in 0..<w {
                let x0 = x ? 2 * ox : ox
                let x1 = x ? Swift.min(x0 + 1, s.width - 1) : x0
                d[ox] = mean4(r0[x0], r0[x1], r1[x0], r1[x1], opaque: opaque)
            }
        }
        return out
    }

    /// Per channel (a + b + c + d + 2) / 4, two channels at a time in 16-bit lanes (the
    /// sums fit 10 bits, so no lane carries into the next): the same values as one
    /// channel at a time, four times fewer operations.
    @inline(__always)
    static func mean4(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, opaque: Bool) -> UInt32 {
        let m: UInt32 = 0x00ff_00ff
        let rb = ((a & m) + (b & m) + (c & m) + (d & m) &+ 0x0002_0002) >> 2 & m
        let ag = ((a >> 8 & m) + (b >> 8 & m) + (c >> 8 & m) + (d >> 8 & m) &+ 0x0002_0002) >> 2 & m
        let result = rb | ag << 8
        return opaque ? result | 0xff00_0000 : result
    }

    /// `s` sampled bilinearly at `width` x `height` pixel centres, edges clamped.
    /// Weights in 8 bits (the Architecture article, "Conventions"), positions in Q16.16. nil when `width` x
    /// `height` is no surface or its memory is refused.
    static func bilinear(_ s: Surface, width: Int, height: Int) -> Surface? {
        let all = Window(
            fullWidth: s.width, fullHeight: s.height, originX: 0, originY: 0, targetWidth: width,
            targetHeight: height, x: 0, y: 0, width: width, height: height)
        return bilinear(s, all)
    }

    /// Which pixels of a bilinear resample to make, and from which part of the picture:
    /// the picture sampled is `fullWidth` x `fullHeight` pixels, of which the surface at
    /// hand holds only the part from (`originX`, `originY`); the resample is
    /// `targetWidth` x `targetHeight` pixels, of which only `width` x `height` from
    /// (`x`, `y`) are made. Positions are those of the whole resample, so the pixels made
    /// are the same as the whole resample's there.
    struct Window {
        var fullWidth: Int
        var fullHeight: Int
        var originX: Int
        var originY: Int
        var targetWidth: Int
        var targetHeight: Int
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        /// The step between two target pixels in source pixels, Q16.16, along x and y.
        /// Truncated, as it always was, so that a picture resamples to the same pixels
        /// whether all of it is made or a window of it (the position of target pixel n is
        /// off by less than n / 65536 source pixels).
        var stepX: Int { (fullWidth << 16) / targetWidth }
        var stepY: Int { (fullHeight << 16) / targetHeight }

        /// The source column (or row) target pixel `o` samples from, Q16.16 in the whole
        /// picture, clamped to its edge pixels.
        static func position(_ o: Int, step: Int, max: Int) -> Int {
            Swift.min(Swift.max((2 * o + 1) * step / 2 - 0x8000, 0), max << 16)
        }

        /// The first and last whole-picture columns the window's pixels read.
        var columns: ClosedRange<Int> {
            let first = Self.position(x, step: stepX, max: fullWidth - 1) >> 16
            let last = Self.position(x + width - 1, step: stepX, max: fullWidth - 1) >> 16
            return first...Swift.min(last + 1, fullWidth - 1)
        }

        /// The first and last whole-picture rows the window's pixels read.
        var rows: ClosedRange<Int> {
            let first = Self.position(y, step: stepY, max: fullHeight - 1) >> 16
            let last = Self.position(y + height - 1, step: stepY, max: fullHeight - 1) >> 16
            return first...Swift.min(last + 1, fullHeight - 1)
        }
    }

    /// The pixels `w` names of a bilinear resample of the picture `s` is the part of
    /// (see `Window`), sampled at the target's pixel centres, edges clamped. Weights in
    /// 8 bits (the Architecture article), positions in Q16.16. nil when `w.width` x `w.height` is no
    /// surface (a side over `Surface.maxSide`) or its memory is refused.
    ///
    /// The columns' source positions and weights are worked out once, not per row, and
    /// each source row is lerped along x once and kept while the output rows still use it
    /// (two at a time: an enlarged picture's rows share their source rows); the vertical
    /// step is `lerpRows`. The same values as lerping four pixels for every output pixel.
    static func bilinear(_ s: Surface, _ w: Window) -> Surface? {
        guard let out = try? Surface(width: w.width, height: w.height, format: s.format) else { return nil }
        let opaque = s.format == .xrgb8888
        let n = w.width
        let maxX = w.fullWidth - 1
        let maxY = w.fullHeight - 1
        var x0s = [Int](repeating: 0, count: n), x1s = x0s
        var wxs = [UInt32](repeating: 0, count: n)
        for i in 0..<n {
            let fx = Window.position(w.x + i, step: w.stepX, max: maxX)
            x0s[i] = (fx >> 16) - w.originX
            x1s[i] = Swift.min((fx >> 16) + 1, maxX) - w.originX
            wxs[i] = UInt32((fx & 0xffff) >> 8)
        }
        var rows = [UInt32](repeating: 0, count: 2 * n)
        var rowOf = [-1, -1]
        rows.withUnsafeMutableBufferPointer { buffer in
            x0s.withUnsafeBufferPointer { x0 in
                x1s.withUnsafeBufferPointer { x1 in
                    wxs.withUnsafeBufferPointer { wx in
                        /// Source row `y` (whole-picture index) lerped along x.
                        func horizontal(_ y: Int) -> UnsafeMutablePointer<UInt32> {
                            if rowOf[0] == y { return buffer.baseAddress! }
                            if rowOf[1] == y { return buffer.baseAddress! + n }
                            let slot = rowOf[0] < rowOf[1] ? 0 : 1
                            rowOf[slot] = y
                            let h = buffer.baseAddress! + slot * n
                            let r = s.row(y - w.originY, as: UInt32.self)
                            for i in 0..<n { h[i] = lerp(r[x0[i]], r[x1[i]], wx[i]) }
                            return h
                        }
                        for oy in 0..<w.height {
                            let fy = Window.position(w.y + oy, step: w.stepY, max: maxY)
                            let y0 = fy >> 16
                            let y1 = Swift.min(y0 + 1, maxY)
                            let top = horizontal(y0)
                            let bottom = horizontal(y1)
                            lerpRows(
                                top, bottom, into: out.row(oy, as: UInt32.self), count: n,
                                weight: UInt32((fy & 0xffff) >> 8), opaque: opaque)
                        }
                    }
                }
            }
        }
        return out
    }

    /// a + (b - a) * w / 256 per channel, rounded to nearest (w in 0...255): two
    /// channels at a time in 16-bit lanes (255 * 256 + 128 fits), the same values as one
    /// channel at a time.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let m: UInt32 = 0x00ff_00ff
        let rb = ((a & m) &* (256 - w) &+ (b & m) &* w &+ 0x0080_0080) >> 8 & m
        let ag = ((a >> 8 & m) &* (256 - w) &+ (b >> 8 & m) &* w &+ 0x0080_0080) >> 8 & m
        return rb | ag << 8
    }
}
