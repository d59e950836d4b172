import FixedPoint
import Raster

/// One drawing operation of a frame, in back-to-front order: what a layer's contents
/// (or a group's cached picture) become, with the kernel chosen for its transform.
struct DrawItem {
    enum Operation {
        /// An opaque solid rectangle (SRC).
        case fill(UInt32)
        /// A translucent solid rectangle (OVER).
        case blend(UInt32)
        /// An opaque image at a whole-pixel offset, full opacity (SRC).
        case copy(Surface, x: Int, y: Int)
        /// An image at a whole-pixel offset (OVER, with opacity).
        case over(Surface, x: Int, y: Int, opacity: UInt8)
        /// An image through a destination-to-source matrix (bilinear, OVER, opacity).
        case transformed(Surface, Matrix3, opacity: UInt8)
        /// A `width` x `height` solid colour through an affine destination-to-source
        /// matrix (a turned colour layer): what `transformed` draws for a picture of
        /// that colour, its inside filled rather than resampled.
        case transformedFill(UInt32, width: Int, height: Int, Matrix3, opacity: UInt8)
        /// `below` (an opaque frame of the target's size) with an image drawn OVER it
        /// through an affine destination-to-source matrix, in one pass (`paintOverlay`).
        case transformedOver(Surface, Matrix3, opacity: UInt8, below: Surface)
    }

    var operation: Operation
    /// Pixels the operation may touch, already inside its clip and the target.
    var rect: PixelRect
    /// Pixels it covers with opaque colour (empty when none): what is under them there
    /// needn't be drawn.
    var opaque: PixelRect
    /// For a transformed opaque picture at full opacity: the pixels it covers with
    /// opaque colour, a convex polygon (what is under them needn't be drawn either).
    var interior: OpaqueInterior? = nil

    /// Runs the operation inside `clip` (already within `rect`).
    func draw(into target: Surface, clip: PixelRect) throws(RasterError) {
        switch operation {
        case .fill(let c): target.fill(c, clip: clip)
        case .blend(let c): try target.blend(c, clip: clip)
        case .copy(let s, let x, let y): try target.copy(from: s, x: x, y: y, clip: clip)
        case .over(let s, let x, let y, let o): try target.over(s, x: x, y: y, opacity: o, clip: clip)
        case .transformed(let s, let m, let o):
            try target.draw(s, destinationToSource: m, filter: .bilinear, opacity: o, clip: clip)
        case .transformedFill(let c, let w, let h, let m, let o):
            try target.fill(c, width: w, height: h, destinationToSource: m, opacity: o, clip: clip)
        case .transformedOver(let s, let m, let o, let below):
            try target.draw(s, destinationToSource: m, filter: .bilinear, opacity: o, over: below, clip: clip)
        }
    }

    /// Runs the operation on `spans` only (each within `rect`): the same pixels as
    /// `draw(into:clip:)` gives them.
    func draw(into target: Surface, spans: UnsafeBufferPointer<RowSpan>) throws(RasterError) {
        switch operation {
        case .fill(let c): target.fill(c, spans: spans)
        case .blend(let c): try target.blend(c, spans: spans)
        case .copy(let s, let x, let y): try target.copy(from: s, x: x, y: y, spans: spans)
        case .over(let s, let x, let y, let o): try target.over(s, x: x, y: y, opacity: o, spans: spans)
        case .transformed(let s, let m, let o):
            try target.draw(s, destinationToSource: m, filter: .bilinear, opacity: o, spans: spans)
        case .transformedFill(let c, let w, let h, let m, let o):
            try target.fill(c, width: w, height: h, destinationToSource: m, opacity: o, spans: spans)
        case .transformedOver(let s, let m, let o, let below):
            for span in spans {
                let clip = PixelRect(x: Int(span.x0), y: Int(span.y), width: span.count, height: 1).intersection(target.bounds)
                if !clip.isEmpty {
                    try target.draw(s, destinationToSource: m, filter: .bilinear, opacity: o, over: below, clip: clip)
                }
            }
        }
    }
}

/// A group's offscreen picture (a layer with opacity < 1 and sublayers, a 3D transform,
/// a rotated mask, or shouldRasterize): the layer and its sublayers composited once in
/// the layer's own space, then drawn as one image until something inside changes.
final class GroupCache {
    var surface: Surface?
    /// The picture's pixel (0, 0) is this point of the layer's own space.
    var originX = 0
    var originY = 0
    var items: [DrawItem] = []
    /// Whether every pixel of the picture is opaque (an opaque item covers it all), so
    /// that it hides what is under it like an xrgb8888 picture.
    var isOpaque = false
    /// Drawn between frames (`Layer.drawGroupAhead()`) since the last frame: that frame
    /// counts it as redrawn.
    var drawnAhead = false
}

/// A text or colour layer's contents turned into pixels, kept while unchanged.
///
/// A text picture keeps only its ink: the smallest rectangle holding every pixel that
/// is not transparent (`inkX`, `inkY` its place in the whole `width` x `height`
/// picture). Drawn at its place, it writes the bytes the whole picture writes (outside
/// the ink the whole picture is transparent, and a bilinear sample past a picture's
/// edge reads transparent too), and a row-wide label of a few words costs its words,
/// not its row, when turned or moved.
final class ContentCache {
    /// The picture: the ink alone for text, the whole picture for a colour.
    var surface: Surface
    var contents: LayerContents
    /// The whole picture's size, pixels (the layer's bounds rounded up).
    var width: Int
    var height: Int
    /// Where `surface` lies in the whole picture, pixels.
    var inkX: Int
    var inkY: Int

    init(surface: Surface, contents: LayerContents, width: Int, height: Int, inkX: Int = 0, inkY: Int = 0) {
        self.surface = surface
        self.contents = contents
        self.width = width
        self.height = height
        self.inkX = inkX
        self.inkY = inkY
    }

    /// Whether `surface` is the ink alone, not the whole picture.
    var isCut: Bool { inkX != 0 || inkY != 0 || surface.width != width || surface.height != height }

    /// The whole picture made again from the ink (a text layer in perspective), kept;
    /// nil without memory for it.
    func whole() -> Surface? {
        guard isCut else { return surface }
        if let w = wholeSurface { return w }
        guard let w = try? Surface(width: width, height: height, format: surface.format) else { return nil }
        w.fill(0)
        do { try w.copy(from: surface, x: inkX, y: inkY) } catch { return nil }
        wholeSurface = w
        return w
    }
    private var wholeSurface: Surface?

    /// `picture` cut down to its ink (nil: all transparent), and where the ink lies.
    /// A picture whose ink fills most of it is kept whole.
    static func ink(of picture: Surface) -> (surface: Surface, x: Int, y: Int)? {
        guard picture.format.bytesPerPixel == 4 else { return (picture, 0, 0) }
        var minX = picture.width, maxX = -1, minY = picture.height, maxY = -1
        for y in 0..<picture.height {
            let row = picture.row(y, as: UInt32.self)
            var first = -1, last = -1
            for x in 0..<picture.width where row[x] != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            minY = Swift.min(minY, y)
            maxY = y
            minX = Swift.min(minX, first)
            maxX = Swift.max(maxX, last)
        }
        guard maxX >= 0 else { return nil }
        let ink = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        if ink.area * 10 >= picture.width * picture.height * 9 { return (picture, 0, 0) }
        guard let cut = try? Surface(width: ink.width, height: ink.height, format: picture.format) else {
            return (picture, 0, 0)
        }
        do { try cut.copy(from: picture, x: -ink.x, y: -ink.y) } catch { return (picture, 0, 0) }
        return (cut, ink.x, ink.y)
    }
}
