import Raster

/// The compositor's damage as wl_surface.damage_buffer rectangles: clipped to the
/// buffer, empty ones dropped, and more than `limit` merged into their bounding box (a
/// compositor gains nothing from dozens of tiny rectangles).
///
/// A frame that repainted nothing (the kiosk's clock moved, the picture did not: the
/// launch's doors held still) still damages one pixel, `unchanged`: some compositors
/// repaint, and so answer the frame callback the kiosk waits for, only when a commit
/// damaged something. cage 0.1.4 (Debian 12's, wlroots 0.15 damage tracking) never
/// answered such a commit, and the kiosk stood still in its launch (seen in Tests/e2e).
/// The pixel's content is the same in the new buffer, so nothing changes on screen.
enum BufferDamage {
    static let limit = 16
    /// What a frame that changed nothing damages: the top left pixel.
    static let unchanged = PixelRect(x: 0, y: 0, width: 1, height: 1)

    static func rects(_ damage: [PixelRect], width: Int, height: Int) -> [PixelRect] {
        let bounds = PixelRect(width: width, height: height)
        let clipped = damage.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        if clipped.isEmpty { return bounds.isEmpty ? [] : [unchanged] }
        guard clipped.count > limit else { return clipped }
        var box = clipped[0]
        for r in clipped.dropFirst() { box = box.union(r) }
        return [box]
    }
}
