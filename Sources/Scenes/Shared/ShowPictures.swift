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
/// out, within `budgetBytes` (the originals stay in `ShowAssets`' own, smaller cache:
/// only a resample that misses needs one). One `ShowPictures` lives as long as its show
/// (`ShowPlayback`), so a scene built again (a turn, and back) finds its pictures
/// resampled already: resampling a 1920x1080 wallpaper took most of a turn's rebuild.
///
/// Memory: a picture a live screen shows is held by its layer whatever the
/// cache does; the budget bounds what the cache keeps beyond that, for screens opened
/// again. It is two screens' worth of pixels (`fitBudget(width:height:)`: 3 MiB at
/// 800x480, 16 MiB at 1920x1080), three where the panel turns at run time
/// (`keepsBothOrientations`: the other orientation's screen, its wallpaper above all,
/// stays resampled, or every turn to it paid for resampling it again, several frames),
/// and the launch's pictures are let go when the doors have opened (`release(_:)`: a
/// cold start's doors never come back).
///
/// At rest (`settle(showing:)`, when a screen has gone) the cache keeps less: every
/// resampled picture it knows, those the screens in the tree show and those only kept,
/// within `restingBytes`, one screen's pixels (three screens' where the panel turns).
/// So the kiosk back home keeps its wallpaper and tiles, not the book and the card list
/// it has left: 15 MiB at 1920x1080 that the kiosk's 48 MiB budget has no room for. A
/// screen opened again resamples its pictures again, as the first time (a book's pages
/// a frame or more each); while a screen is up, the working budget above is what
/// bounds the cache, so the shelf's warm-up of a book still has its pictures ready.
public final class ShowPictures {
    let assets: ShowAssets
    /// Most bytes of resampled pixels kept (`stride * height` summed).
    private(set) var budgetBytes: Int
    /// Most bytes of resampled pixels, shown or kept, once `settle(showing:)` is done.
    private(set) var restingBytes: Int
    /// The panel turns at run time (a rotation source that can change it): the budget
    /// holds a screen more, for the other orientation's pictures. Set before the scene
    /// of the other size is built ahead; in force from the next `fitBudget`.
    public var keepsBothOrientations = false

    private struct Key: Hashable {
        var path: AssetPath
        var width: Int
        var height: Int
        /// Only the part an aspect-filling layer of the size shows (`layer(fill:)`), not
        /// all of the picture stretched.
        var cropped = false
        /// Made from the picture drawn at about the size (`ShowAssets.image(_:covering:)`:
        /// the launch's doors and background, home's wallpaper), not from its original.
        var drawnNear = false
        /// Dressed as a cover (`CoverDressing`): rounded, or rounded on a soft shadow.
        var dressing = Dressing.none
    }

    /// How a picture is dressed (`CoverDressing`).
    enum Dressing: Hashable {
        /// The colour a shadowed picture is laid on (black otherwise).
        var ground: UInt32 {
            if case .shadowed(let c) = self { return c }
            return 0xFF00_0000
        }

        /// As it is.
        case none
        /// Its corners rounded.
        case rounded
        /// Its corners rounded, on a soft shadow, laid on the opaque colour `ground`:
        /// larger by `CoverDressing.margin` on every side.
        case shadowed(on: UInt32)
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
    /// The originals' sizes, by path (`size(_:)`).
    private var sizes: [AssetPath: Size2D] = [:]
    private var bytes = 0
    private var uses = 0

    /// - Parameter budgetBytes: the resampled pictures kept, at most (default 3 MiB, two
    ///   800x480 screens; a scene sets it for its screen: `fitBudget(width:height:)`).
    public init(assets: ShowAssets, budgetBytes: Int = 3 << 20) {
        self.assets = assets
        self.budgetBytes = budgetBytes
        restingBytes = Swift.min(budgetBytes, 2 << 20)
    }

    /// Two screens' worth of pixels, screen-sized xrgb8888 (at least 2 MiB), for a
    /// `width` x `height` logical screen, three with `keepsBothOrientations`: the budget
    /// in force from now on (a turn keeps the pixel count); and at rest one screen's (at
    /// least 2 MiB), or the same three screens where the panel turns (the other
    /// orientation's wallpaper stays resampled). Drops pictures at once if the cache is
    /// over the budget.
    func fitBudget(width: Int, height: Int) {
        let screens = keepsBothOrientations ? 3 : 2
        let screen = Swift.max(1, width) * Swift.max(1, height) * 4
        budgetBytes = Swift.max(2 << 20, screens * screen)
        restingBytes = keepsBothOrientations ? budgetBytes : Swift.max(2 << 20, screen)
        evict(keeping: nil)
    }

    /// A screen has gone (`root`: the layer tree left): lets go of kept pictures, least
    /// recently used first, until the resampled pictures that layers under `root` show
    /// and those only kept take `restingBytes` at most. Pictures shown stay (letting go
    /// of them would free nothing); pictures no layer shows go first even if something
    /// else still holds them. The show's originals go too (`ShowAssets.removePictures`:
    /// a resample that misses later decodes or draws its original again). Returns the
    /// bytes of resampled pictures let go.
    @discardableResult
    func settle(showing root: Layer) -> Int {
        assets.removePictures()
        // Pictures held for a screen still to come (`PictureFetch`) count as shown.
        var shown = Set(held.keys)
        Self.collectPictures(root, into: &shown)
        var total = 0
        var kept: [(key: Key, lastUse: Int, bytes: Int)] = []
        for (key, e) in entries {
            total += e.bytes
            if !shown.contains(ObjectIdentifier(e.surface)) { kept.append((key, e.lastUse, e.bytes)) }
        }
        kept.sort { $0.lastUse < $1.lastUse }
        var freed = 0
        for k in kept where total > restingBytes {
            entries[k.key] = nil
            bytes -= k.bytes
            total -= k.bytes
            freed += k.bytes
        }
        return freed
    }

    /// The pictures `layer` and the layers under it show (hidden ones too: home under
    /// another screen comes back without a resample).
    private static func collectPictures(_ layer: Layer, into set: inout Set<ObjectIdentifier>) {
        if case .image(let s) = layer.contents { set.insert(ObjectIdentifier(s)) }
        for sub in layer.sublayers { collectPictures(sub, into: &set) }
    }

    /// Forgets every resampled copy of the pictures at `paths` (a screen that will not
    /// come back: the launch doors once open). Layers still showing one keep it.
    func release(_ paths: [AssetPath]) {
        let gone = Set(paths)
        for (key, entry) in entries where gone.contains(key.path) {
            bytes -= entry.bytes
            entries[key] = nil
        }
    }

    /// The original picture (for its size).
    func original(_ path: AssetPath) -> Surface { assets.image(path) }

    /// The picture at `path` resampled to `width` x `height` pixels (at least 1 each):
    /// all of it stretched, or with `cropped` only the part an aspect-filling layer of
    /// that size shows (`layer(fill:)`).
    func picture(_ path: AssetPath, width: Int, height: Int, cropped: Bool = false, drawnNear: Bool = false) -> Surface {
        picture(path, width: width, height: height, cropped: cropped, drawnNear: drawnNear, dressing: .none)
    }

    /// The picture at `path` resampled to `width` x `height` pixels, dressed as a
    /// cover (`dressing`: rounded, or rounded on a shadow and so larger by the shadow's
    /// margin on every side); kept beside the plain one.
    func picture(_ path: AssetPath, width: Int, height: Int, dressing: Dressing) -> Surface {
        picture(path, width: width, height: height, cropped: false, drawnNear: false, dressing: dressing)
    }

    private func picture(
        _ path: AssetPath, width: Int, height: Int, cropped: Bool, drawnNear: Bool, dressing: Dressing
    ) -> Surface {
        let key = Key(
            path: path, width: Swift.max(1, width), height: Swift.max(1, height), cropped: cropped,
            drawnNear: drawnNear, dressing: dressing)
        uses += 1
        if var e = entries[key] {
            e.lastUse = uses
            entries[key] = e
            return e.surface
        }
        let surface: Surface
        if dressing != .none {
            let plain = picture(path, width: key.width, height: key.height, cropped: cropped, drawnNear: drawnNear)
            surface =
                dressing == .rounded
                ? CoverDressing.rounded(plain, radius: CoverDressing.radius(width: plain.width))
                : CoverDressing.shadowed(plain, on: dressing.ground)
        } else if cropped {
            // The part inside the screen of the picture resampled to the size that
            // fills, as a stretched layer there would show it; only that part is made
            // (a picture of any shape: a 69x1 one fills 33120x480 at 800x480).
            let screen = Rect2D(x: 0, y: 0, width: Double(key.width), height: Double(key.height))
            let fill = ScreenFit.fill(size(path), in: screen)
            let (fw, fh) = (fill.width.clampedInt, fill.height.clampedInt)
            let source = drawnNear ? assets.image(path, covering: fw, fh) : assets.image(path)
            surface = ShowResample.opaqueIfPossible(
                ShowResample.cover(
                    source, fillWidth: fw, fillHeight: fh, x: -fill.minX.clampedInt, y: -fill.minY.clampedInt,
                    width: key.width, height: key.height))
        } else {
            let source = drawnNear ? assets.image(path, covering: key.width, key.height) : assets.image(path)
            surface = ShowResample.opaqueIfPossible(ShowResample.resample(source, width: key.width, height: key.height))
        }
        made += 1
        madePixels += key.width * key.height
        let entry = Entry(surface: surface, lastUse: uses)
        entries[key] = entry
        bytes += entry.bytes
        evict(keeping: key)
        return surface
    }

    /// Resampled pictures made so far (cache misses), for tests: a frame that should
    /// find its pictures made ahead makes none.
    private(set) var made = 0
    /// Originals' sizes looked up so far (a size not known yet decodes its picture).
    private var sizesLookedUp = 0
    /// Decodes and resamples so far: resampled pictures made and originals' sizes looked
    /// up. A `PictureFetch` step that leaves it unchanged found everything made already.
    var work: Int { made + sizesLookedUp }
    /// Pixels of the resampled pictures made so far (their sizes summed).
    private(set) var madePixels = 0

    /// Pictures held for a screen still to come (`PictureFetch`), with how many holds
    /// each: `settle(showing:)` keeps them as it keeps the pictures shown (and `evict`
    /// never drops a picture something else holds).
    private var held: [ObjectIdentifier: Int] = [:]

    /// Holds `surface` until `letGo(_:)`.
    func hold(_ surface: Surface) { held[ObjectIdentifier(surface), default: 0] += 1 }

    /// Ends one hold of each of `surfaces`.
    func letGo(_ surfaces: [Surface]) {
        for s in surfaces {
            let id = ObjectIdentifier(s)
            guard let n = held[id] else { continue }
            held[id] = n > 1 ? n - 1 : nil
        }
    }

    /// Whether some resampled copy of the picture at `path` is cached (for tests).
    func isCached(_ path: AssetPath) -> Bool { entries.keys.contains { $0.path == path } }
    /// Bytes of resampled pixels the cache holds now.
    var cachedBytes: Int { bytes }

    /// Drops the least recently used pictures that only the cache holds until within the
    /// budget (never `keeping`). A picture something else holds too (a layer shows it)
    /// stays: dropping it would free nothing, and kept known it is counted at rest (home's
    /// wallpaper under a book) and found again when its screen is built anew. So the
    /// cache can be over its budget by pictures on screen, never by pictures only kept.
    private func evict(keeping key: Key?) {
        guard bytes > budgetBytes else { return }
        let order = entries.keys.filter { $0 != key }.sorted { entries[$0]!.lastUse < entries[$1]!.lastUse }
        for k in order where bytes > budgetBytes && isKnownUniquelyReferenced(&entries[k]!.surface) {
            bytes -= entries[k]!.bytes
            entries[k] = nil
        }
    }

    /// The size of the picture at `path`, in pixels. Remembered per path (a few bytes
    /// each), so that laying a screen out again never needs the original's pixels: only
    /// a resample that misses `entries` does.
    func size(_ path: AssetPath) -> Size2D {
        if let known = sizes[path] { return known }
        sizesLookedUp += 1
        let s = assets.size(path)
        let size = Size2D(width: Double(s.width), height: Double(s.height))
        sizes[path] = size
        return size
    }

    /// A layer showing the picture stretched over `frame` (its aspect ignored: doors).
    func layer(name: String, path: AssetPath, stretch frame: Rect2D, drawnNear: Bool = false) -> Layer {
        let layer = Layer(name: name, frame: frame)
        layer.contents = .image(
            picture(path, width: frame.width.clampedInt, height: frame.height.clampedInt, drawnNear: drawnNear))
        return layer
    }

    /// A layer showing the picture covering all of `rect`, aspect kept, centred: the
    /// layer is `rect`, its picture the part of the picture so scaled that lies inside
    /// `rect`. Only what shows is kept: a landscape wallpaper filling a portrait 1080x1920
    /// screen is 8 MB, where all of it at that height was 26 MB (more than the cache's
    /// budget, so every turn to portrait drew and resampled it again). A demo picture is
    /// drawn at about the size that fills (`drawnNear`), not at its design's size and
    /// brought down: drawing the larger picture and resampling it cost more than both.
    func layer(name: String, path: AssetPath, fill rect: Rect2D) -> Layer {
        let layer = Layer(name: name, frame: rect)
        layer.contents = .image(picture(path, filling: rect))
        return layer
    }

    /// The picture `layer(name:path:fill:)` shows for `rect`.
    func picture(_ path: AssetPath, filling rect: Rect2D) -> Surface {
        picture(path, width: rect.width.clampedInt, height: rect.height.clampedInt, cropped: true, drawnNear: true)
    }

    /// A layer showing the whole picture inside `rect`, aspect kept, centred.
    func layer(name: String, path: AssetPath, fit rect: Rect2D) -> Layer {
        layer(name: name, path: path, stretch: ScreenFit.fit(size(path), in: rect))
    }

    /// The picture `layer(name:path:fit:)` shows for `rect`.
    func picture(_ path: AssetPath, fitting rect: Rect2D) -> Surface {
        let frame = ScreenFit.fit(size(path), in: rect)
        return picture(path, width: frame.width.clampedInt, height: frame.height.clampedInt)
    }
}
