import Compositor

/// The text rasterizer the runtime gives the compositor (FreeType and HarfBuzz through
/// Assets, once they are wired in).
enum TextSupport {
    static func rasterizer() -> (any TextRasterizing)? { nil }
}
