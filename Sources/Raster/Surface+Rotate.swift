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
    /// rows and destination rows both stay in L1 while it is copied.
    private static let rotateTile = 32

    private func rotatePixels<T: FixedWidthInteger>(
        _ src: Surface, _ turn: QuarterTurn, _ r: PixelRect, _ path: KernelPath, _: T.Type, orMask: T
    ) {
        let sw = src.width, sh = src.height
        // Source position of destination pixel (dx, dy): sx = ax + bx*dx + cx*dy, and
        // likewise sy; for a quarter turn one of bx, cx is zero.
        let (ax, bx, cx, ay, by, cy): (Int, Int, Int, Int, Int, Int) =
            switch turn {
            case .clockwise90: (0, 0, 1, sh - 1, -1, 0)
            case .half: (sw - 1, -1, 0, sh - 1, 0, -1)
            case .clockwise270: (sw - 1, 0, -1, 0, 1, 0)
            }
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
                    for dy in ty..<ty1 { rowSpan(dy, tx, tx1) }
                    tx = tx1
                }
                ty = ty1
            }
        }
    }
}
