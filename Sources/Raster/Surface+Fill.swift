internal import CLanes

extension Surface {
    /// Replaces every pixel in `clip` (default: all) with `color` (SRC: no blending).
    ///
    /// - Parameter color: premultiplied `0xAARRGGBB`. Stored as it is in argb8888; with
    ///   the top byte set to 0xff in xrgb8888; truncated to 5-6-5 bits in rgb565 (the
    ///   alpha byte is ignored there); as its alpha byte alone in a8.
    public func fill(_ color: UInt32, clip: PixelRect? = nil, path: KernelPath = .fast) {
        let r = resolve(clip)
        guard !r.isEmpty else { return }
        switch format {
        case .xrgb8888: fillRows(r, value: color | 0xff00_0000, path: path)
        case .argb8888: fillRows(r, value: color, path: path)
        case .rgb565: fillRows(r, value: rgb565(color), path: path)
        case .a8: fillRows(r, value: UInt8(truncatingIfNeeded: color >> 24), path: path)
        }
    }

    private func fillRows<T: FixedWidthInteger>(_ r: PixelRect, value: T, path: KernelPath) {
        // Whole rows of a gap-free surface are one block: one fill for all of them.
        if path == .fast && r.x == 0 && r.width == width && stride == rowBytes {
            fillSpan(row(r.y, as: T.self), value, count: r.area)
            return
        }
        for y in r.y..<r.maxY {
            let p = row(y, as: T.self) + r.x
            switch path {
            case .reference:
                for i in 0..<r.width { p[i] = value }
            case .fast:
                fillSpan(p, value, count: r.width)
            }
        }
    }
}

/// `count` copies of `value` from `p`. 32-bit values through glibc's `wmemset`
/// (`vitrine_fill32`), which picks the widest stores the CPU has, as `memset` does; the
/// others as a loop the compiler vectorizes with 16-byte stores.
@inline(__always)
private func fillSpan<T: FixedWidthInteger>(_ p: UnsafeMutablePointer<T>, _ value: T, count: Int) {
    if T.self == UInt32.self {
        vitrine_fill32(UnsafeMutableRawPointer(p).assumingMemoryBound(to: UInt32.self), UInt32(truncatingIfNeeded: value), count)
    } else {
        p.update(repeating: value, count: count)
    }
}
