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
    /// An rgb565 frame widened to xrgb8888 (by Raster's convert) before shrinking.
    private var widened: Surface?

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
        var source = frame
        if frame.format.bytesPerPixel != 4 {
            if widened?.width != frame.width || widened?.height != frame.height {
                widened = try? Surface(width: frame.width, height: frame.height, format: .xrgb8888)
            }
            guard let widened, (try? widened.convert(from: frame)) != nil else { return }
            source = widened
        }
        let f = factor, area = UInt32(f * f)
        for ty in 0..<thumbHeight {
            let out = sheet.row(cy + ty, as: UInt32.self) + cx
            for tx in 0..<thumbWidth {
                var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
                for sy in (ty * f)..<(ty * f + f) {
                    for sx in (tx * f)..<(tx * f + f) {
                        let p = source.row(sy, as: UInt32.self)[sx]
                        r += (p >> 16) & 0xff
                        g += (p >> 8) & 0xff
                        b += p & 0xff
                    }
                }
                out[tx] = 0xff00_0000 | ((r + area / 2) / area) << 16 | ((g + area / 2) / area) << 8 | ((b + area / 2) / area)
            }
        }
    }
}
