import Raster

/// The spellings `format` accepts: the subset of `PixelFormat` a display scans out
/// (DESIGN.md §2, "Pixel formats"). Only for parsing: boards carry a `PixelFormat`.
enum ScanoutFormat: String, CaseIterable {
    case xrgb8888
    case rgb565

    var pixelFormat: PixelFormat {
        switch self {
        case .xrgb8888: .xrgb8888
        case .rgb565: .rgb565
        }
    }
}
