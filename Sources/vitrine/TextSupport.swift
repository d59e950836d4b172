import Compositor
import Scenes

/// The text rasterizer the runtime gives the compositor: FreeType and HarfBuzz through
/// Assets, DejaVu Sans from fonts-dejavu-core.
enum TextSupport {
    static func rasterizer() -> (any TextRasterizing)? { AssetsTextRasterizer() }
}
