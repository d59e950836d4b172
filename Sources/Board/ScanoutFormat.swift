import Raster

/// The spellings `format` accepts: the subset of `PixelFormat` a display scans out
/// (the Architecture article, "Conventions"). Only for parsing: boards carry a `PixelFormat`.
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
