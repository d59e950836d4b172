import Assets
import Raster

/// Why a golden-image comparison failed. Every case is a failure: a recording too (so a
/// run with `VITRINE_RECORD=1` never passes by accident). `description` is the message
/// a test prints, with the paths to open.
public enum GoldenImageError: Error, Equatable, CustomStringConvertible {
    /// No golden at `golden` yet.
    case missing(golden: String)
    /// Record mode wrote `golden`.
    case recorded(golden: String)
    /// Same size and format, but `differingPixels` of `totalPixels` differ in some
    /// channel by more than `tolerance`; `largestDifference` is the largest difference of
    /// any channel of any pixel (in 8-bit levels). The actual image and the diff image
    /// were written to `actual` and `diff`.
    case mismatch(
        golden: String, differingPixels: Int, totalPixels: Int, largestDifference: Int, tolerance: Int,
        actual: String, diff: String)
    /// The golden and the actual image differ in size or format (as their PNGs decode:
    /// `.xrgb8888` without alpha, `.argb8888` with). The actual image was written to
    /// `actual`.
    case sizeOrFormat(golden: String, goldenSize: Size, actualSize: Size, actual: String)
    /// The golden could not be read or decoded, or an image could not be written.
    case io(ImageError)

    /// Width, height and pixel format, as messages show them: `20x10 xrgb8888`.
    public struct Size: Equatable, Sendable, CustomStringConvertible {
        public var width: Int
        public var height: Int
        public var format: PixelFormat

        public init(width: Int, height: Int, format: PixelFormat) {
            self.width = width
            self.height = height
            self.format = format
        }

        public var description: String { "\(width)x\(height) \(format)" }
    }

    public var description: String {
        switch self {
        case .missing(let golden):
            "golden image \(golden) does not exist; to record it, run the test with VITRINE_RECORD=1, "
                + "look at the image, then commit it"
        case .recorded(let golden):
            "recorded golden image \(golden); look at it, then run again without VITRINE_RECORD"
        case .mismatch(let golden, let count, let total, let largest, let tolerance, let actual, let diff):
            "golden image \(golden) differs: \(count) of \(total) pixels differ by more than \(tolerance) "
                + "(largest channel difference \(largest))\n  actual: \(actual)\n  diff:   \(diff)"
        case .sizeOrFormat(let golden, let g, let a, let actual):
            "golden image \(golden) differs: the golden is \(g), the actual image is \(a)\n  actual: \(actual)"
        case .io(let error):
            "golden image: \(error)"
        }
    }
}
