import Raster

/// A grid of frame thumbnails, left to right and top to bottom, on a dark backdrop: the
/// whole of a `vitrine render --frames` run at a glance.
public struct ContactSheet {
    /// Thumbnails per row.
    public let columns: Int
    /// Each frame is shrunk by this whole factor (box filter: the mean of factor x factor
    /// pixels), so thin lines and text stay legible rather than aliased.
    public let factor: Int
    /// Pixels between thumbnails and around the edge.
    public let gap = 8
    public let sheet: Surface
    private let thumbWidth: Int
    private let thumbHeight: Int
    private var count = 0
    private let capacity: Int

    /// A sheet for `frames` frames of `width` x `height`, each shrunk to at most about
    /// 320 pixels wide, `columns` per row (default: as many as keep the sheet roughly
    /// square, at most 8).
    public init(frames: Int, width: Int, height: Int, columns: Int? = nil) throws(RasterError) {
        let f = Swift.max(1, (width + 319) / 320)
        factor = f
        thumbWidth = width / f
        thumbHeight = height / f
        var c = columns ?? 1
        if columns == nil {
            while c < 8 && c * c * thumbWidth < frames * thumbHeight { c += 1 }
        }
        self.columns = Swift.max(1, Swift.min(c, Swift.max(1, frames)))
        let rows = (Swift.max(1, frames) + self.columns - 1) / self.columns
        capacity = self.columns * rows
        sheet = try Surface(
            width: gap + self.columns * (thumbWidth + gap), height: gap + rows * (thumbHeight + gap), format: .xrgb8888)
        sheet.fill(0xff20_2020)
    }

    /// Shrinks `frame` (32-bit or rgb565) into the next cell; frames past the grid's
    /// capacity are ignored.
    public mutating func add(_ frame: Surface) {
        guard count < capacity else { return }
        let cx = gap + (count % columns) * (thumbWidth + gap)
        let cy = gap + (count / columns) * (thumbHeight + gap)
        count += 1
        let f = factor, area = UInt32(f * f)
        for ty in 0..<thumbHeight {
            let out = sheet.row(cy + ty, as: UInt32.self) + cx
            for tx in 0..<thumbWidth {
                var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
                for sy in (ty * f)..<(ty * f + f) {
                    for sx in (tx * f)..<(tx * f + f) {
                        let p = Self.xrgb(frame, sx, sy)
                        r += (p >> 16) & 0xff
                        g += (p >> 8) & 0xff
                        b += p & 0xff
                    }
                }
                out[tx] = 0xff00_0000 | ((r + area / 2) / area) << 16 | ((g + area / 2) / area) << 8 | ((b + area / 2) / area)
            }
        }
    }

    private static func xrgb(_ s: Surface, _ x: Int, _ y: Int) -> UInt32 {
        if s.format == .rgb565 {
            let p = UInt32(s.row(y, as: UInt16.self)[x])
            let r = (p >> 11) & 0x1f, g = (p >> 5) & 0x3f, b = p & 0x1f
            return (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2)
        }
        return s.row(y, as: UInt32.self)[x]
    }
}
