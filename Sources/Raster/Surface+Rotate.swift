import FixedPoint

extension Surface {
    /// Writes `source` turned by `turn` (see `QuarterTurn` for where each pixel lands)
    /// into this surface, inside `clip`: display rotation of a whole frame, or of the
    /// damaged rectangles only. Nearest pixel, no blending (SRC).
    ///
    /// This surface's size must be the turned size of `source`; both must have the same
    /// pixel size (32-bit to 32-bit, alpha set to 0xff into xrgb8888 as in `copy`; or
    /// rgb565 to rgb565).
    public func rotate(from source: Surface, turn: QuarterTurn, clip: PixelRect? = nil, path: KernelPath = .fast)
        throws(RasterError)
    {
        let (tw, th) = turn.turnedSize(width: source.width, height: source.height)
        guard tw == width, th == height else {
            throw RasterError.sizeMismatch(expected: PixelRect(width: tw, height: th), got: bounds)
        }
        guard format.bytesPerPixel == source.format.bytesPerPixel, format != .a8, source.format != .a8 else {
            throw RasterError.unsupportedFormat(source.format, role: "rotate source into \(format)")
        }
        let r = resolve(clip)
        guard !r.isEmpty else { return }
        if format.bytesPerPixel == 2 {
            rotatePixels(source, turn, r, path, UInt16.self, orMask: 0)
        } else {
            let orMask: UInt32 = format == .xrgb8888 && source.format == .argb8888
                || format == .argb8888 && source.format == .xrgb8888 ? 0xff00_0000 : 0
            rotatePixels(source, turn, r, path, UInt32.self, orMask: orMask)
        }
    }

    /// Edge length, in pixels, of the square tiles the fast path walks: a tile's source
    /// rows and destination rows both stay in L1 (and its pages in the TLB) while it is
    /// copied. 64 was the best of 32, 64 and 128 at 1920x1080 (`vitrine bench -w rotate90`).
    private static let rotateTile = 64

    private func rotatePixels<T: FixedWidthInteger & SIMDScalar>(
        _ src: Surface, _ turn: QuarterTurn, _ r: PixelRect, _ path: KernelPath, _: T.Type, orMask: T
    ) {
        // Source position of destination pixel (dx, dy): sx = ax + bx*dx + cx*dy, and
        // likewise sy: the turn's table run backwards. For a quarter turn one of bx, cx is
        // zero.
        let back = turn.map(sourceWidth: src.width, sourceHeight: src.height).inverse
        let (ax, bx, cx, ay, by, cy) = (back.tx, back.xx, back.xy, back.ty, back.yx, back.yy)
        let sBase = src.baseAddress, sStride = src.stride
        @inline(__always) func rowSpan(_ dy: Int, _ x0: Int, _ x1: Int) {
            let d = row(dy, as: T.self)
            // Source pixel address of (x0, dy) and its step per destination x, in elements.
            let sx0 = ax + bx * x0 + cx * dy, sy0 = ay + by * x0 + cy * dy
            var s = (sBase + sy0 * sStride).assumingMemoryBound(to: T.self) + sx0
            let step = by * (sStride / MemoryLayout<T>.stride) + bx
            for dx in x0..<x1 {
                d[dx] = s.pointee | orMask
                s += step
            }
        }
        switch path {
        case .reference:
            for dy in r.y..<r.maxY {
                let d = row(dy, as: T.self)
                for dx in r.x..<r.maxX {
                    let sx = ax + bx * dx + cx * dy, sy = ay + by * dx + cy * dy
                    d[dx] = src.row(sy, as: T.self)[sx] | orMask
                }
            }
        case .fast:
            if turn == .half {
                for dy in r.y..<r.maxY { rowSpan(dy, r.x, r.maxX) }
                return
            }
            let t = Surface.rotateTile
            var ty = r.y
            while ty < r.maxY {
                let ty1 = min(ty + t, r.maxY)
                var tx = r.x
                while tx < r.maxX {
                    let tx1 = min(tx + t, r.maxX)
                    // 4x4 blocks where the tile allows, the ragged right and bottom
                    // strips a row at a time.
                    let bx1 = tx + (tx1 - tx) & ~3, by1 = ty + (ty1 - ty) & ~3
                    var dy = ty
                    while dy < by1 {
                        var dx = tx
                        while dx < bx1 {
                            rotateBlock4(src, dx, dy, sx: ax + cx * dy, sy: ay + by * dx, by: by, cx: cx, orMask: orMask)
                            dx += 4
                        }
                        if bx1 < tx1 { for y in dy..<dy + 4 { rowSpan(y, bx1, tx1) } }
                        dy += 4
                    }
                    for y in by1..<ty1 { rowSpan(y, tx, tx1) }
                    tx = tx1
                }
                ty = ty1
            }
        }
    }

    /// Turns one 4x4 block of a quarter turn (90 or 270) in registers: destination pixels
    /// (dx ..< dx+4, dy ..< dy+4) from the source pixel (sx, sy) of (dx, dy), where a step
    /// right in the destination is `by` source rows and a step down is `cx` source columns.
    /// Four 4-pixel loads from consecutive source rows, transposed, four 4-pixel stores:
    /// 2-3 times faster than a pixel at a time down a source column.
    @inline(__always)
    private func rotateBlock4<T: FixedWidthInteger & SIMDScalar>(
        _ src: Surface, _ dx: Int, _ dy: Int, sx: Int, sy: Int, by: Int, cx: Int, orMask: T
    ) {
        // The block's source columns run from sx to sx + 3*cx; load from the leftmost.
        let c0 = cx > 0 ? sx : sx - 3
        let s0 = src.baseAddress + sy * src.stride + c0 * MemoryLayout<T>.stride
        let sStep = by * src.stride
        let r0 = UnsafeRawPointer(s0).loadUnaligned(as: SIMD4<T>.self)
        let r1 = UnsafeRawPointer(s0 + sStep).loadUnaligned(as: SIMD4<T>.self)
        let r2 = UnsafeRawPointer(s0 + 2 * sStep).loadUnaligned(as: SIMD4<T>.self)
        let r3 = UnsafeRawPointer(s0 + 3 * sStep).loadUnaligned(as: SIMD4<T>.self)
        // Destination row dy + k, pixel j, is source row j's pixel in column sx + k*cx:
        // element k of the loads going right (cx = 1), 3 - k going left. Constant
        // indices, so the transpose stays in registers.
        let mask = SIMD4<T>(repeating: orMask)
        let d0 = baseAddress + dy * stride + dx * MemoryLayout<T>.stride
        let c01 = SIMD4(r0[0], r1[0], r2[0], r3[0]) | mask
        let c1 = SIMD4(r0[1], r1[1], r2[1], r3[1]) | mask
        let c2 = SIMD4(r0[2], r1[2], r2[2], r3[2]) | mask
        let c3 = SIMD4(r0[3], r1[3], r2[3], r3[3]) | mask
        let (first, second, third, fourth) = cx > 0 ? (c01, c1, c2, c3) : (c3, c2, c1, c01)
        d0.storeBytes(of: first, as: SIMD4<T>.self)
        (d0 + stride).storeBytes(of: second, as: SIMD4<T>.self)
        (d0 + 2 * stride).storeBytes(of: third, as: SIMD4<T>.self)
        (d0 + 3 * stride).storeBytes(of: fourth, as: SIMD4<T>.self)
    }
}
