import Raster

/// The compositor's damage as wl_surface.damage_buffer rectangles: clipped to the
/// buffer, empty ones dropped, and more than `limit` merged into their bounding box (a
/// compositor gains nothing from dozens of tiny rectangles).
enum BufferDamage {
    static let limit = 16

    static func rects(_ damage: [PixelRect], width: Int, height: Int) -> [PixelRect] {
        let bounds = PixelRect(width: width, height: height)
        let clipped = damage.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        guard clipped.count > limit else { return clipped }
        var box = clipped[0]
        for r in clipped.dropFirst() { box = box.union(r) }
        return [box]
    }
}
