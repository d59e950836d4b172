import FixedPoint
import Raster

extension Compositor {
    /// Appends `layer`'s drawing operations (its contents, then its sublayers') to
    /// `list`. `parentWorld` maps the superlayer's space to the target's pixels; `clip`
    /// is the target pixels the ancestors' masks leave. With `tracking` (the screen's own
    /// list, not a group's picture) each drawn layer's screen rectangle is compared with
    /// the last frame's and the difference goes into `damage`.
    func collect(_ layer: Layer, parentWorld: Homography, clip: PixelRect, tracking: Bool, into list: inout [DrawItem]) {
        let changed = layer.isDirty
        let contentChanged = layer.contentDirty
        let subtreeChanged = layer.descendantDirty
        layer.isDirty = false
        layer.contentDirty = false
        layer.descendantDirty = false
        drainPendingDamage(layer)
        guard !layer.isHidden, layer.opacity > 0 else {
            leave(layer)
            return
        }
        let local = layer.localHomography
        let world = parentWorld * local
        if !layer.isDoubleSided && world.determinant < 0 {
            leave(layer)
            return
        }
        if layer.pendingSnapshot != nil { drawSnapshot(for: layer) }
        let opacity = UInt8((Swift.min(1, layer.opacity) * 255).rounded())

        if !layer.sublayers.isEmpty
            && (layer.shouldRasterize || opacity < 255 || !local.isAffine || (layer.masksToBounds && !world.isAxisAligned))
        {
            // Becoming a group changes the pixels even where nothing moved (the picture
            // is resampled once more), so it counts as a change.
            let becameGroup = layer.group == nil
            var redrawn = updateGroup(layer, contentChanged: contentChanged || subtreeChanged) || becameGroup
            if let g = layer.group, g.drawnAhead {
                g.drawnAhead = false
                redrawn = true
            }
            var item: DrawItem? = nil
            if let g = layer.group, let s = g.surface {
                let h = world * .translation(x: Double(g.originX), y: Double(g.originY))
                item = imageItem(s, homography: h, opacity: opacity, clip: clip, opaqueSource: g.isOpaque)
            }
            record(item, for: layer, world: world, clip: clip, changed: changed || redrawn, tracking: tracking, into: &list)
            return
        }
        var changedKind = false
        if layer.group != nil {
            layer.group = nil
            changedKind = true  // no longer a group: its own contents alone now
        }

        var item: DrawItem? = nil
        if layer.hasContents { item = contentItem(layer, world: world, opacity: opacity, clip: clip) }
        record(
            item, for: layer, world: world, clip: clip, changed: changed || changedKind, tracking: tracking, into: &list)

        var childClip = clip
        if layer.masksToBounds {
            childClip = clip.intersection(world.pixelBounds(of: layer.bounds, grow: 0) ?? clip)
        }
        // Index loops here and below: no iterator, so nothing allocates even unoptimized.
        let order = layer.drawingOrder
        var k = 0
        while k < order.count {
            collect(order[k], parentWorld: world, clip: childClip, tracking: tracking, into: &list)
            k += 1
        }
    }

    /// Appends `item` and, when tracking, damages the layer's old and new rectangles if
    /// anything about its drawing changed.
    private func record(
        _ item: DrawItem?, for layer: Layer, world: Homography, clip: PixelRect, changed: Bool, tracking: Bool,
        into list: inout [DrawItem]
    ) {
        let rect = item?.rect
        if tracking {
            if changed || rect != layer.renderedRect || world != layer.lastWorld || clip != layer.lastClip {
                damage.add(layer.renderedRect)
                damage.add(rect)
            }
            layer.renderedRect = rect
            layer.lastWorld = world
            layer.lastClip = clip
        } else if let old = layer.renderedRect {
            // Drawn on the screen directly last time, inside a group's picture now.
            damage.add(old)
            layer.renderedRect = nil
        }
        if let item { list.append(item) }
    }

    /// A subtree leaves the screen (hidden, transparent or culled): its rectangles are
    /// damaged and its flags cleared.
    private func leave(_ layer: Layer) {
        if let r = layer.renderedRect {
            damage.add(r)
            layer.renderedRect = nil
        }
        layer.isDirty = false
        layer.descendantDirty = false
        // Changes made while away aren't tracked: a group picture is made anew on return.
        layer.group = nil
        drainPendingDamage(layer)
        var k = 0
        while k < layer.sublayers.count {
            leave(layer.sublayers[k])
            k += 1
        }
    }

    /// Damages what removed sublayers left behind on screen.
    private func drainPendingDamage(_ layer: Layer) {
        guard !layer.pendingDamage.isEmpty else { return }
        for i in layer.pendingDamage.indices { damage.add(layer.pendingDamage[i]) }
        layer.pendingDamage.removeAll(keepingCapacity: true)
    }

    /// The operation drawing `surface` through `h` (surface pixels to target pixels):
    /// copy or over at a whole-pixel offset, else a bilinear transformed draw. An opaque
    /// source (xrgb8888, or `opaqueSource`: every pixel's alpha 255) at full opacity
    /// hides what is under it: its rectangle, or for a transformed draw its interior.
    func imageItem(
        _ surface: Surface, homography h: Homography, opacity: UInt8, clip: PixelRect, opaqueSource: Bool = false
    ) -> DrawItem? {
        let size = Rect2D(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))
        let opaque = (surface.format == .xrgb8888 || opaqueSource) && opacity == 255
        if let (x, y) = h.integerTranslation {
            let rect = surface.bounds.offsetBy(dx: x, dy: y).intersection(clip)
            guard !rect.isEmpty else { return nil }
            if opaque {
                // An opaque argb8888 picture copied is the same bytes as drawn over.
                return DrawItem(operation: .copy(surface, x: x, y: y), rect: rect, opaque: rect)
            }
            return DrawItem(operation: .over(surface, x: x, y: y, opacity: opacity), rect: rect, opaque: .empty)
        }
        let rect = (h.pixelBounds(of: size) ?? clip).intersection(clip)
        guard !rect.isEmpty, let m = h.destinationToSource(over: rect) else { return nil }
        var item = DrawItem(operation: .transformed(surface, m, opacity: opacity), rect: rect, opaque: .empty)
        if opaque { item.interior = Self.interior(m, h, width: surface.width, height: surface.height, rect: rect) }
        return item
    }

    /// The interior of an opaque `width` x `height` source drawn through `h` (`m` its
    /// destination-to-source matrix over `rect`): `OpaqueInterior`, with roughly where it
    /// lies, the source less its edge pixel, mapped.
    private static func interior(_ m: Matrix3, _ h: Homography, width: Int, height: Int, rect: PixelRect)
        -> OpaqueInterior?
    {
        let inner = Rect2D(x: 0.5, y: 0.5, width: Double(width) - 1, height: Double(height) - 1)
        return OpaqueInterior(
            m, sourceWidth: width, sourceHeight: height, rect: rect, box: h.pixelBounds(of: inner, grow: 0))
    }

    /// The operation for a layer's own contents under `world`.
    func contentItem(_ layer: Layer, world: Homography, opacity: UInt8, clip: PixelRect) -> DrawItem? {
        let b = layer.bounds
        guard !b.isEmpty else { return nil }
        switch layer.contents {
        case .none:
            return nil
        case .image(let s):
            guard s.format.bytesPerPixel == 4, s.width > 0, s.height > 0 else { return nil }
            return stretchedItem(s, over: b, world: world, opacity: opacity, clip: clip)
        case .color(let c):
            let color = Color.scaled(c, by: opacity)
            if color >> 24 == 0 { return nil }
            if world.integerTranslation != nil, let r = world.pixelBounds(of: b, grow: 0),
                Double(r.width) == b.width, Double(r.height) == b.height, b.minX.rounded() == b.minX,
                b.minY.rounded() == b.minY
            {
                let rect = r.intersection(clip)
                guard !rect.isEmpty else { return nil }
                if color >> 24 == 255 { return DrawItem(operation: .fill(color), rect: rect, opaque: rect) }
                return DrawItem(operation: .blend(color), rect: rect, opaque: .empty)
            }
            if world.isAffine { return solidItem(c, over: b, world: world, opacity: opacity, clip: clip) }
            guard let p = cachedPicture(for: layer) else { return nil }
            return stretchedItem(p, over: b, world: world, opacity: opacity, clip: clip)
        case .text:
            guard let p = cachedPicture(for: layer) else { return nil }
            return stretchedItem(p, over: b, world: world, opacity: opacity, clip: clip)
        }
    }

    /// A colour layer turned (or moved by a fraction of a pixel) by the affine `world`:
    /// the operation draws what the layer's colour picture (`cachedPicture`: its bounds
    /// rounded up) stretched over `b` would draw, without the picture. Opaque at full
    /// opacity, its interior hides what is under it, as the picture's would.
    private func solidItem(_ color: UInt32, over b: Rect2D, world: Homography, opacity: UInt8, clip: PixelRect)
        -> DrawItem?
    {
        let w = Swift.max(1, Swift.min(4096, Int(b.width.rounded(.up))))
        let h = Swift.max(1, Swift.min(4096, Int(b.height.rounded(.up))))
        let toTarget = world * .translation(x: b.minX, y: b.minY)
            * .scale(x: b.width / Double(w), y: b.height / Double(h))
        let size = Rect2D(x: 0, y: 0, width: Double(w), height: Double(h))
        let rect = (toTarget.pixelBounds(of: size) ?? clip).intersection(clip)
        guard !rect.isEmpty, let m = toTarget.destinationToSource(over: rect) else { return nil }
        var item = DrawItem(
            operation: .transformedFill(color, width: w, height: h, m, opacity: opacity), rect: rect, opaque: .empty)
        if color >> 24 == 255 && opacity == 255 {
            item.interior = Self.interior(m, toTarget, width: w, height: h, rect: rect)
        }
        return item
    }

    /// `surface` stretched over `bounds` (Core Animation's `resize` gravity), drawn
    /// through `world`.
    private func stretchedItem(_ surface: Surface, over b: Rect2D, world: Homography, opacity: UInt8, clip: PixelRect)
        -> DrawItem?
    {
        let h = world * .translation(x: b.minX, y: b.minY)
            * .scale(x: b.width / Double(surface.width), y: b.height / Double(surface.height))
        return imageItem(surface, homography: h, opacity: opacity, clip: clip)
    }

    /// A cached picture (`ContentCache`: maybe its ink alone) stretched over `bounds`
    /// as the whole picture would be, drawn through `world`: the bytes the whole picture
    /// draws. Moved by whole pixels, the ink is drawn at its place; turned or scaled, the
    /// whole picture's matrix shifted by the ink's place (exactly: a position less a whole
    /// number of pixels reads the same pixels with the same weights); in perspective,
    /// where a shifted position rounds differently, the whole picture (`ContentCache.whole`).
    private func stretchedItem(_ p: ContentCache, over b: Rect2D, world: Homography, opacity: UInt8, clip: PixelRect)
        -> DrawItem?
    {
        let h = world * .translation(x: b.minX, y: b.minY)
            * .scale(x: b.width / Double(p.width), y: b.height / Double(p.height))
        guard p.isCut else { return imageItem(p.surface, homography: h, opacity: opacity, clip: clip) }
        if let (x, y) = h.integerTranslation {
            return imageItem(
                p.surface, homography: .translation(x: Double(x + p.inkX), y: Double(y + p.inkY)), opacity: opacity,
                clip: clip)
        }
        guard h.isAffine else {
            guard let whole = p.whole() else { return nil }
            return imageItem(whole, homography: h, opacity: opacity, clip: clip)
        }
        let size = Rect2D(x: 0, y: 0, width: Double(p.width), height: Double(p.height))
        let all = (h.pixelBounds(of: size) ?? clip).intersection(clip)
        guard !all.isEmpty, let m = h.destinationToSource(over: all) else { return nil }
        // Every pixel whose position lies within half a pixel of the ink.
        let around = Rect2D(
            x: Double(p.inkX - 1), y: Double(p.inkY - 1), width: Double(p.surface.width + 2),
            height: Double(p.surface.height + 2))
        let rect = (h.pixelBounds(of: around) ?? all).intersection(all)
        guard !rect.isEmpty else { return nil }
        let (u, uo) = m.m02.raw.subtractingReportingOverflow(Int32(p.inkX) << 16)
        let (v, vo) = m.m12.raw.subtractingReportingOverflow(Int32(p.inkY) << 16)
        guard !uo, !vo else {
            guard let whole = p.whole() else { return nil }
            return imageItem(whole, homography: h, opacity: opacity, clip: clip)
        }
        var shifted = m
        shifted.m02 = Fixed(raw: u)
        shifted.m12 = Fixed(raw: v)
        return DrawItem(operation: .transformed(p.surface, shifted, opacity: opacity), rect: rect, opaque: .empty)
    }

    /// A colour or text layer's contents as pixels, the size of its bounds rounded up
    /// (text: its ink alone, `ContentCache`); made again only when the contents or that
    /// size change. Nil: nothing to draw (no memory, or text with no ink).
    func cachedPicture(for layer: Layer) -> ContentCache? {
        let w = Swift.max(1, Swift.min(4096, Int(layer.bounds.width.rounded(.up))))
        let h = Swift.max(1, Swift.min(4096, Int(layer.bounds.height.rounded(.up))))
        if let c = layer.contentCache, c.contents == layer.contents, c.width == w, c.height == h {
            return c
        }
        let surface: Surface?
        switch layer.contents {
        case .color(let color):
            surface = try? Surface(width: w, height: h, format: color >> 24 == 255 ? .xrgb8888 : .argb8888)
            surface?.fill(color)
        case .text(let string, let attributes):
            surface = textRasterizer?.rasterize(string, attributes: attributes, width: w, height: h)
        default:
            surface = nil
        }
        guard let surface, surface.format.bytesPerPixel == 4 else {
            layer.contentCache = nil
            return nil
        }
        var kept = (surface: surface, x: 0, y: 0)
        if case .text = layer.contents {
            guard let ink = ContentCache.ink(of: surface) else {
                layer.contentCache = nil
                return nil
            }
            kept = ink
        }
        let cache = ContentCache(
            surface: kept.surface, contents: layer.contents, width: w, height: h, inkX: kept.x, inkY: kept.y)
        layer.contentCache = cache
        return cache
    }

    /// Redraws a group's offscreen picture when something inside changed; returns whether
    /// it did. The picture covers the layer's bounds, or with `masksToBounds` off, also
    /// what its sublayers reach (up to 4096 pixels a side).
    func updateGroup(_ layer: Layer, contentChanged: Bool) -> Bool {
        let cache: GroupCache
        if let g = layer.group {
            if !contentChanged { return false }
            cache = g
        } else {
            cache = GroupCache()
            layer.group = cache
        }
        stats.groupsRedrawn += 1
        var extent = layer.bounds
        if !layer.masksToBounds {
            for child in layer.sublayers { extent = extent.union(child.extent(in: .identity)) }
        }
        let x0 = Int(extent.minX.rounded(.down)), y0 = Int(extent.minY.rounded(.down))
        let w = Swift.max(1, Swift.min(4096, Int(extent.maxX.rounded(.up)) - x0))
        let h = Swift.max(1, Swift.min(4096, Int(extent.maxY.rounded(.up)) - y0))
        if cache.surface?.width != w || cache.surface?.height != h {
            cache.surface = try? Surface(width: w, height: h, format: .argb8888)
        }
        guard let surface = cache.surface else { return true }
        cache.originX = x0
        cache.originY = y0
        let base = Homography.translation(x: Double(-x0), y: Double(-y0))
        let full = surface.bounds
        cache.items.removeAll(keepingCapacity: true)
        if layer.hasContents, let item = contentItem(layer, world: base, opacity: 255, clip: full) {
            cache.items.append(item)
        }
        var childClip = full
        if layer.masksToBounds {
            childClip = full.intersection(base.pixelBounds(of: layer.bounds, grow: 0) ?? full)
        }
        let order = layer.drawingOrder
        var k = 0
        while k < order.count {
            collect(order[k], parentWorld: base, clip: childClip, tracking: false, into: &cache.items)
            k += 1
        }
        surface.fill(0)
        // An opaque operation covering the whole picture leaves every pixel opaque
        // (OVER onto alpha 255 keeps alpha 255).
        cache.isOpaque = Compositor.firstVisible(in: cache.items, for: full) >= 0
        _ = try? Compositor.paint(
            cache.items, into: surface, region: full, background: nil,
            planner: pool.callerPlanner, occlusion: occlusion)
        return true
    }
}

extension Layer {
    /// The rectangle, in the superlayer's space mapped by `parent`, that this layer and
    /// its visible sublayers reach (for sizing a group's picture).
    func extent(in parent: Homography) -> Rect2D {
        guard !isHidden else { return .zero }
        let world = parent * localHomography
        var r = Rect2D.zero
        if let b = world.pixelBounds(of: bounds, grow: 0) {
            r = Rect2D(x: Double(b.x), y: Double(b.y), width: Double(b.width), height: Double(b.height))
        }
        if !masksToBounds {
            for s in sublayers { r = r.union(s.extent(in: world)) }
        }
        return r
    }
}

extension PixelRect {
    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
}
