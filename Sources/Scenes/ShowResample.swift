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
    static func resample(_ source: Surface, width: Int, height: Int) -> Surface {
        resample(source, width: width, height: height, window: PixelRect(width: width, height: height))
    }

    /// Only the part `window` (inside 0, 0, `width`, `height`) of `source` resampled to
    /// `width` x `height`: the same pixels as cutting it out of the whole resample, for
    /// the work of the window alone (an aspect-filled picture shows a part: home's
    /// wallpaper turned to a portrait 1080x1920 is 3413 pixels wide resampled whole; the
    /// rebuild after a turn spent three quarters of its 853 M instructions there).
    static func resample(_ source: Surface, width: Int, height: Int, window: PixelRect) -> Surface {
        guard source.format.bytesPerPixel == 4, width > 0, height > 0 else { return source }
        let whole = window == PixelRect(width: width, height: height)
        if source.width == width && source.height == height { return whole ? source : crop(source, window) }
        var s = source
        while s.width >= 2 * width || s.height >= 2 * height {
            s = halve(s, x: s.width >= 2 * width, y: s.height >= 2 * height)
        }
        if s.width == width && s.height == height { return whole ? s : crop(s, window) }
        return bilinear(s, width: width, height: height, window: window)
    }

    /// A copy of the part `r` of `s` (inside it).
    static func crop(_ s: Surface, _ r: PixelRect) -> Surface {
        let out = try! Surface(width: r.width, height: r.height, format: s.format)  // r non-empty
        try! out.copy(from: s, x: -r.x, y: -r.y)
        return out
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
        let out = try! Surface(width: s.width, height: s.height, format: .xrgb8888)  // s's own size: valid
        for y in 0..<s.height {
            let src = s.row(y, as: UInt32.self)
            let dst = out.row(y, as: UInt32.self)
            for x in 0..<s.width { dst[x] = src[x] }
        }
        return out
    }

    /// `s` halved along x and/or y: each output pixel the rounded mean of its 2 or 4
    /// source pixels (an odd last column or row is averaged with itself).
    static func halve(_ s: Surface, x: Bool, y: Bool) -> Surface {
        let w = x ? (s.width + 1) / 2 : s.width
        let h = y ? (s.height + 1) / 2 : s.height
        let out = try! Surface(width: w, height: h, format: s.format)  // half of a valid size, rounded up: >= 1
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
    /// Weights in 8 bits (DESIGN.md §2), positions in Q16.16.
    /// Only the pixels of `window` (inside 0, 0, `width`, `height`) are computed, into
    /// a surface of the window's size; the columns' source positions and weights once,
    /// not per row.
    static func bilinear(
        _ s: Surface, width: Int, height: Int, window: PixelRect? = nil
    ) -> Surface {
        let win = window ?? PixelRect(width: width, height: height)
        let out = try! Surface(width: win.width, height: win.height, format: s.format)  // resample checked both > 0
        let opaque = s.format == .xrgb8888
        let sx = (s.width << 16) / width
        let sy = (s.height << 16) / height
        let maxX = s.width - 1
        let maxY = s.height - 1
        var x0s = [Int](repeating: 0, count: win.width), x1s = x0s
        var wxs = [UInt32](repeating: 0, count: win.width)
        for i in 0..<win.width {
            let ox = win.x + i
            let fx = Swift.min(Swift.max((2 * ox + 1) * sx / 2 - 0x8000, 0), maxX << 16)
            x0s[i] = fx >> 16
            x1s[i] = Swift.min(x0s[i] + 1, maxX)
            wxs[i] = UInt32((fx & 0xffff) >> 8)
        }
        // Each source row lerped along x once, kept while output rows still use it (two
        // rows: an upscaled picture's rows share their source rows): the same values as
        // lerping both rows for every output row.
        var rows = [UInt32](repeating: 0, count: 2 * win.width)
        var rowOf = [-1, -1]
        rows.withUnsafeMutableBufferPointer { buffer in
            x0s.withUnsafeBufferPointer { x0 in
                x1s.withUnsafeBufferPointer { x1 in
                    wxs.withUnsafeBufferPointer { wx in
                        let n = win.width
                        func horizontal(_ y: Int) -> UnsafeMutablePointer<UInt32> {
                            if rowOf[0] == y { return buffer.baseAddress! }
                            if rowOf[1] == y { return buffer.baseAddress! + n }
                            // Replace the slot not holding the other row this output row needs.
                            let slot = rowOf[0] < rowOf[1] ? 0 : 1
                            rowOf[slot] = y
                            let h = buffer.baseAddress! + slot * n
                            let r = s.row(y, as: UInt32.self)
                            for i in 0..<n { h[i] = lerp(r[x0[i]], r[x1[i]], wx[i]) }
                            return h
                        }
                        for oy in win.y..<win.maxY {
                            let fy = Swift.min(Swift.max((2 * oy + 1) * sy / 2 - 0x8000, 0), maxY << 16)
                            let y0 = fy >> 16
                            let y1 = Swift.min(y0 + 1, maxY)
                            let wy = UInt32((fy & 0xffff) >> 8)
                            let top = horizontal(y0)
                            let bottom = horizontal(y1)
                            let d = out.row(oy - win.y, as: UInt32.self)
                            lerpRows(top, bottom, into: d, count: n, weight: wy, opaque: opaque)
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
