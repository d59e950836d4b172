import Raster

/// Pictures drawn by code rather than read from files (the built-in demo show's, in
/// ShowDemo): what `ShowAssets` asks of them. One owner (the event loop) calls it.
public protocol DrawnPictures: AnyObject {
    /// The picture at `path` at its natural size, kept within the source's budget, and a
    /// warning to log now (a path it does not draw: the placeholder, warned of once).
    func image(_ path: AssetPath) -> (picture: Surface, warning: String?)
    /// The picture at `path` drawn just large enough to cover `width` x `height` (at its
    /// design's aspect, at most its natural size), not kept, and a warning to log now;
    /// nil for a path it does not draw or a size that needs the natural one.
    func image(_ path: AssetPath, covering width: Int, _ height: Int) -> (picture: Surface, warning: String?)?
    /// The size of the picture at `path` from its design, pixels, without drawing it;
    /// nil for a path it does not draw.
    func size(_ path: AssetPath) -> (width: Int, height: Int)?
    /// Lets go of the pictures kept; each is drawn again, identically, when asked for.
    func removePictures()
    /// Pictures kept now.
    var count: Int { get }
}
