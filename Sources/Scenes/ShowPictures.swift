import Assets
import Compositor
import Raster
import Show

/// The show's pictures at the sizes the screens draw them: each picture is resampled
/// once to the whole-pixel size of its layer (`ShowResample`), so that a frame draws it
/// with a plain copy or over at a whole-pixel position instead of a bilinear stretch
/// (faster, and a large picture shrunk a lot is averaged instead of aliased).
///
/// A resampled picture with no transparent pixel is kept as xrgb8888, so frames copy it
/// and draw nothing under it. Resampled pictures are kept, least recently used first
/// out, within `budgetBytes` (the originals stay in `ShowAssets`' own cache). One
/// `ShowPictures` lives as long as its show (`ShowPlayback`), so a scene built again (a
/// turn, and back) finds its pictures resampled already: resampling a 1920x1080
/// wallpaper took most of a turn's rebuild.
public final class ShowPictures {
    let assets: ShowAssets
    let budgetBytes: Int

    private struct Key: Hashable {
        var path: AssetPath
        var width: Int
        var height: Int
    }

    private struct Entry {
        var surface: Surface
        var lastUse: Int
        var bytes: Int { surface.stride * surface.height }
    }

    /// The book the shelf was last centred on (`ShelfScreen`): a scene built again for a
    /// new orientation resumes the shelf there. Kept here since this object outlives scenes.
    var shelfBook: String?
    /// The book last opened and where its back control goes (`BookScreen`): a scene
    /// built again on that book (a turn) keeps it. Kept here for the same reason.
    var bookReturn: (id: String, back: ShowTarget)?
    /// The card list open, with what it remembers (`CardListState`): a scene built again
    /// for a new orientation goes on with it. Kept here for the same reason.
    var cardList: CardListState?
    /// A text engine for measuring long texts (a card's detail), made on first use; nil
    /// when no font can be loaded.
    private(set) lazy var textEngine: TextEngine? = {
        let engine = TextEngine()
        return (try? engine.defaultFont()) != nil ? engine : nil
    }()

    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    private var uses = 0

    /// - Parameter budgetBytes: the resampled pictures kept, at most (48 MB: both
    ///   orientations' wallpapers at 1920x1080 and every tile).
    public init(assets: ShowAssets, budgetBytes: Int = 48 << 20) {
        self.assets = assets
        self.budgetBytes = budgetBytes
    }

    /// The original picture (for its size).
    func original(_ path: AssetPath) -> Surface { assets.image(path) }

    /// The picture at `path` resampled to `width` x `height` pixels (at least 1 each).
    func picture(_ path: AssetPath, width: Int, height: Int) -> Surface {
        let key = Key(path: path, width: Swift.max(1, width), height: Swift.max(1, height))
        uses += 1
        if var e = entries[key] {
            e.lastUse = uses
            entries[key] = e
            return e.surface
        }
        let surface = ShowResample.opaqueIfPossible(
            ShowResample.resample(assets.image(path), width: key.width, height: key.height))
        let entry = Entry(surface: surface, lastUse: uses)
        entries[key] = entry
        bytes += entry.bytes
        evict(keeping: key)
        return surface
    }

    /// Drops the least recently used pictures until within the budget (never `keeping`).
    private func evict(keeping key: Key) {
        while bytes > budgetBytes, entries.count > 1 {
            guard let oldest = entries.filter({ $0.key != key }).min(by: { $0.value.lastUse < $1.value.lastUse })
            else { return }
            bytes -= oldest.value.bytes
            entries[oldest.key] = nil
        }
    }

    /// The size of the picture at `path`, in pixels.
    func size(_ path: AssetPath) -> Size2D {
        let s = assets.image(path)
        return Size2D(width: Double(s.width), height: Double(s.height))
    }

    /// A layer showing the picture stretched over `frame` (its aspect ignored: doors).
    func layer(name: String, path: AssetPath, stretch frame: Rect2D) -> Layer {
        let layer = Layer(name: name, frame: frame)
        layer.contents = .image(picture(path, width: frame.width.clampedInt, height: frame.height.clampedInt))
        return layer
    }

    /// A layer showing the picture covering all of `rect`, aspect kept, centred (the
    /// parts beyond `rect` are cut by whatever clips it: the screen, a masking parent).
    func layer(name: String, path: AssetPath, fill rect: Rect2D) -> Layer {
        layer(name: name, path: path, stretch: ScreenFit.fill(size(path), in: rect))
    }

    /// A layer showing the whole picture inside `rect`, aspect kept, centred.
    func layer(name: String, path: AssetPath, fit rect: Rect2D) -> Layer {
        layer(name: name, path: path, stretch: ScreenFit.fit(size(path), in: rect))
    }
}
