import FixedPoint
import Raster
import Testing
import VitrineTestSupport

@testable import Compositor

/// Occlusion by transformed opaque pictures (`OpaqueInterior`, `OcclusionPlanner`):
/// the picture is byte for byte the one drawn in full, and what is hidden is really
/// left out.
@Suite struct TransformedOcclusionTests {
    /// Byte-for-byte equality of two 32-bit surfaces (the alpha byte too); the first
    /// difference for messages.
    static func firstByteDifference(_ a: Surface, _ b: Surface) -> String? {
        guard a.width == b.width, a.height == b.height, a.format == b.format else { return "sizes or formats differ" }
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                return "(\(x), \(y)): \(String(a[x, y], radix: 16)) vs \(String(b[x, y], radix: 16))"
            }
        }
        return nil
    }

    /// A random opaque picture transform: affine (turned, scaled, sheared a little,
    /// at fractional positions) or projective (turned about x or y in perspective),
    /// anchored anywhere on and around the screen.
    static func randomLayer(_ g: inout SplitMix64, screen: (w: Double, h: Double), picture: Surface) -> Layer {
        let w = Double.random(in: 12...150, using: &g)
        let h = Double.random(in: 12...120, using: &g)
        let l = Layer(bounds: Rect2D(x: 0, y: 0, width: w, height: h))
        l.position = Point2D(
            x: Double.random(in: -20...(screen.w + 20), using: &g),
            y: Double.random(in: -20...(screen.h + 20), using: &g))
        l.anchorPoint = Point2D(
            x: Double.random(in: -0.2...1.2, using: &g), y: Double.random(in: -0.2...1.2, using: &g))
        l.contents = .image(picture)
        switch Int.random(in: 0..<4, using: &g) {
        case 0:
            l.transform = .rotation(angle: Double.random(in: -3.2...3.2, using: &g), x: 0, y: 0, z: 1)
        case 1:
            l.transform = Transform3D.rotation(angle: Double.random(in: -3.2...3.2, using: &g), x: 0, y: 0, z: 1)
                .scaled(x: Double.random(in: 0.3...2.5, using: &g), y: Double.random(in: 0.3...2.5, using: &g))
        case 2:
            let axis = Bool.random(using: &g)
            l.transform = Transform3D.perspective(eyeDistance: Double.random(in: 150...2000, using: &g))
                .rotated(angle: Double.random(in: -1.5...1.5, using: &g), x: axis ? 1 : 0, y: axis ? 0 : 1, z: 0)
        default:
            l.transform = Transform3D.perspective(eyeDistance: Double.random(in: 100...600, using: &g))
                .rotated(angle: Double.random(in: -1.2...1.2, using: &g), x: 0, y: 1, z: 0)
                .rotated(angle: Double.random(in: -0.8...0.8, using: &g), x: 1, y: 0, z: 0)
                .rotated(angle: Double.random(in: -3...3, using: &g), x: 0, y: 0, z: 1)
        }
        return l
    }

    /// A random stack over a backdrop: mostly opaque pictures (xrgb8888) at full
    /// opacity, some faded, some translucent (argb8888), some solid colours; the same
    /// frame drawn with each `Occlusion` (in `Occlusion.allCases` order), with the pixels
    /// each left out.
    func renderStack(seed: UInt64, threads: Int, format: PixelFormat) throws -> [(Surface, Int)] {
        let (w, h) = (176, 132)
        var results: [(Surface, Int)] = []
        for occlusion in Occlusion.allCases {
            var g = SplitMix64(seed: seed)
            let c = Compositor(width: w, height: h, paintThreads: threads)
            c.occlusion = occlusion
            if Bool.random(using: &g) {
                c.root.addSublayer(
                    Layer(frame: Rect2D(x: 0, y: 0, width: 176, height: 132), contents: .color(0xff20_3040)))
            }
            let pictures = [
                TestImages.gradient(width: 37, height: 29), TestImages.gradient(width: 64, height: 48, blue: 0x20),
                TestImages.gradient(width: 2, height: 3), TestImages.disc(size: 33),
            ]
            for _ in 0..<Int.random(in: 3...9, using: &g) {
                let kind = Int.random(in: 0..<10, using: &g)
                let picture = kind < 7 ? pictures[kind % 3] : pictures[3]
                let l = Self.randomLayer(&g, screen: (Double(w), Double(h)), picture: picture)
                if kind == 6 { l.opacity = Double.random(in: 0.3...0.95, using: &g) }
                if kind == 9 { l.contents = .color(0xff00_0000 | UInt32.random(in: 0...0xff_ffff, using: &g)) }
                c.root.addSublayer(l)
            }
            let target = try Surface(width: w, height: h, format: format)
            target.fill(0xff12_3456)
            let stats = try c.render(into: target, bufferAge: 0)
            results.append((target, stats.occludedPixels))
        }
        return results
    }

    /// Many random affine and projective stacks (seeded): byte for byte the same with
    /// each kind of occlusion, on one thread and in bands, into xrgb8888 and argb8888;
    /// and occlusion does leave pixels out in most of them (everywhere), and in some of
    /// them where it pays.
    @Test func randomStacksMatchDrawingEverything() throws {
        var everywhere = 0
        var worthwhile = 0
        let seeds: [UInt64] = Array(1...60)
        for seed in seeds {
            for (threads, format) in [(0, PixelFormat.xrgb8888), (1, .argb8888)] {
                let r = try renderStack(seed: seed, threads: threads, format: format)
                for k in 1..<r.count {
                    #expect(
                        Self.firstByteDifference(r[k].0, r[0].0) == nil,
                        "seed \(seed), \(threads) threads, \(format), \(Occlusion.allCases[k])")
                }
                #expect(r[0].1 == 0)
                if threads == 0 && r[1].1 > 0 { worthwhile += 1 }
                if threads == 0 && r[2].1 > 0 { everywhere += 1 }
            }
        }
        // Where it pays: 10 of the 60 (12 before opaque turned colours became fills
        // inside, not worth hiding).
        #expect(everywhere > seeds.count / 2 && worthwhile > seeds.count / 10, "\(everywhere) and \(worthwhile) stacks")
    }

    /// The same while the stack moves over several frames with damage and two buffers
    /// (small repaint rectangles, each planned on its own).
    @Test func movingStacksMatchFrameByFrame() throws {
        let (w, h) = (160, 120)
        var g = SplitMix64(seed: 77)
        let layers = (0..<6).map { _ in
            Self.randomLayer(&g, screen: (160, 120), picture: TestImages.gradient(width: 41, height: 33))
        }
        var twins: [(Compositor, [Layer], [Surface])] = []
        for occlusion in Occlusion.allCases {
            let c = Compositor(width: w, height: h, paintThreads: 0)
            c.occlusion = occlusion
            c.root.addSublayer(Layer(frame: Rect2D(x: 0, y: 0, width: 160, height: 120), contents: .color(0xff40_4040)))
            let copies = layers.map { l -> Layer in
                let k = Layer(bounds: l.bounds)
                k.position = l.position
                k.anchorPoint = l.anchorPoint
                k.transform = l.transform
                k.contents = l.contents
                c.root.addSublayer(k)
                return k
            }
            let buffers = try (0..<2).map { _ in try Surface(width: w, height: h, format: .xrgb8888) }
            twins.append((c, copies, buffers))
        }
        for frame in 0..<12 {
            let dx = Double.random(in: -9...9, using: &g)
            let turn = Double.random(in: -0.2...0.2, using: &g)
            let which = Int.random(in: 0..<6, using: &g)
            var pictures: [Surface] = []
            for (c, copies, buffers) in twins {
                copies[which].position.x += dx
                copies[which].transform = copies[which].transform.rotated(angle: turn, x: 0, y: 0, z: 1)
                let target = buffers[frame % 2]
                _ = try c.render(into: target, bufferAge: frame < 2 ? 0 : 2)
                pictures.append(target)
            }
            for k in 1..<pictures.count {
                #expect(
                    Self.firstByteDifference(pictures[k], pictures[0]) == nil,
                    "frame \(frame), \(Occlusion.allCases[k])")
            }
        }
    }

    /// Every pixel the interior holds comes out the same over black and over white (so
    /// fully opaque: what is under it doesn't matter), for random affine and projective
    /// transforms; and the interior holds nearly all such pixels (it leaves out about
    /// the one-pixel edge, not more).
    @Test func interiorIsOpaqueAndNearlyWhole() throws {
        var g = SplitMix64(seed: 4242)
        let (w, h) = (128, 96)
        let picture = TestImages.gradient(width: 45, height: 31)
        var checked = 0
        for trial in 0..<80 {
            let l = Self.randomLayer(&g, screen: (Double(w), Double(h)), picture: picture)
            let world =
                l.localHomography
                * .scale(x: l.bounds.width / Double(picture.width), y: l.bounds.height / Double(picture.height))
            let screen = PixelRect(width: w, height: h)
            let rect = (world.pixelBounds(of: Rect2D(x: 0, y: 0, width: 45, height: 31)) ?? screen).intersection(screen)
            guard !rect.isEmpty, let m = world.destinationToSource(over: rect) else { continue }
            guard let interior = OpaqueInterior(m, sourceWidth: 45, sourceHeight: 31, rect: rect) else {
                Issue.record("trial \(trial): no interior for a 45x31 picture")
                continue
            }
            let black = try Surface(width: w, height: h, format: .argb8888)
            let white = try Surface(width: w, height: h, format: .argb8888)
            white.fill(0xffff_ffff)
            try black.draw(picture, destinationToSource: m, clip: rect)
            try white.draw(picture, destinationToSource: m, clip: rect)
            var inside = 0
            var same = 0
            for y in rect.y..<rect.maxY {
                let span = interior.span(row: y, within: rect.x..<rect.maxX)
                for x in rect.x..<rect.maxX {
                    let equal = black[x, y] == white[x, y]
                    if equal { same += 1 }
                    if let span, span.contains(x) {
                        inside += 1
                        #expect(equal && black[x, y] >> 24 == 0xff, "trial \(trial): (\(x), \(y)) in the interior")
                    }
                }
            }
            checked += inside
            // The pixels left out of the interior but opaque lie along the edge: at most
            // about two pixels of the outline, which is under the rectangle's perimeter.
            #expect(
                same - inside <= 2 * (rect.width + rect.height) + 8, "trial \(trial): \(same) opaque, \(inside) inside")
        }
        #expect(checked > 20000)
    }

    /// What is hidden is left out: a picture turned a little, filling most of the
    /// screen, under an opaque picture turned by 30 degrees leaves out the latter's
    /// interior, about its area less a pixel all round (worked out here from the
    /// geometry); a picture between them lying wholly inside that interior is not drawn
    /// at all. The fill under everything is drawn whole (it costs less than working out
    /// what is hidden) except with `.everywhere`.
    @Test(arguments: [Occlusion.worthwhile, .everywhere]) func hiddenPixelsAreCounted(occlusion: Occlusion) throws {
        let (w, h) = (200, 160)
        func build(_ c: Compositor) {
            c.root.addSublayer(Layer(frame: Rect2D(x: 0, y: 0, width: 200, height: 160), contents: .color(0xff10_2030)))
            let bottom = Layer(
                frame: Rect2D(x: 10, y: 10, width: 180, height: 140),
                contents: .image(TestImages.gradient(width: 90, height: 70)))
            bottom.transform = .rotation(angle: 0.02, x: 0, y: 0, z: 1)
            c.root.addSublayer(bottom)
            let small = Layer(
                frame: Rect2D(x: 90, y: 70, width: 20, height: 16),
                contents: .image(TestImages.gradient(width: 20, height: 16)))
            small.transform = .rotation(angle: 0.1, x: 0, y: 0, z: 1)
            c.root.addSublayer(small)
            let big = Layer(
                frame: Rect2D(x: 50, y: 40, width: 100, height: 80),
                contents: .image(TestImages.gradient(width: 100, height: 80)))
            big.transform = .rotation(angle: Double.pi / 6, x: 0, y: 0, z: 1)
            c.root.addSublayer(big)
        }
        let c = Compositor(width: w, height: h, paintThreads: 0)
        c.occlusion = occlusion
        build(c)
        let target = TestImages.target(width: w, height: h)
        let stats = try c.render(into: target, bufferAge: 0)
        let smallRect = try #require(
            c.items.first { item in
                if case .transformed(let s, _, _) = item.operation { return s.width == 20 } else { return false }
            }?.rect)
        // The big picture's interior: its 100 x 80 pixels shrunk by (1/2 + 1/64) of a
        // pixel on each side, give or take a pixel along its outline.
        let interiorArea = (100 - 1 - 2.0 / 64) * (80 - 1 - 2.0 / 64)
        let outline = 2 * (100.0 + 80.0)
        // Hidden: the small picture whole, and under the big one's interior the bottom
        // picture; with `.everywhere` also the fill under the bottom picture's interior
        // (its 90 x 70 pixels, shrunk likewise, stretched twice over).
        var expected = Double(smallRect.area) + interiorArea
        var tolerance = outline
        if occlusion == .everywhere {
            expected += (90 - 1 - 2.0 / 64) * 2 * (70 - 1 - 2.0 / 64) * 2
            tolerance += 2 * (180 + 140)
        }
        #expect(abs(Double(stats.occludedPixels) - expected) <= tolerance, "\(stats.occludedPixels) vs \(expected)")
        // Without: nothing left out, and the same picture.
        let d = Compositor(width: w, height: h, paintThreads: 0)
        d.occlusion = .rectangles
        build(d)
        let plain = TestImages.target(width: w, height: h)
        #expect(try d.render(into: plain, bufferAge: 0).occludedPixels == 0)
        #expect(Self.firstByteDifference(target, plain) == nil)
    }

    /// The planner's spans are the rectangle less the covered rows: an operation that
    /// draws nothing but claims an interior (a stand-in) keeps the picture under it from
    /// exactly the interior's pixels of each row, and nowhere else.
    @Test func plannerSkipsExactlyTheInterior() throws {
        let (w, h) = (128, 96)
        let screen = PixelRect(width: w, height: h)
        let world =
            Homography.translation(x: 64, y: 48)
            // Turned by 0.5 rad (cos 0.8776, sin 0.4794), in mild perspective.
            * Homography(a: 0.8776, b: -0.4794, c: 0, d: 0.4794, e: 0.8776, f: 0, g: 0.002, h: 0.001, i: 1)
            * .translation(x: -40, y: -30)
        let rect = try #require(world.pixelBounds(of: Rect2D(x: 0, y: 0, width: 80, height: 60))).intersection(screen)
        let m = try #require(world.destinationToSource(over: rect))
        let interior = try #require(OpaqueInterior(m, sourceWidth: 80, sourceHeight: 60, rect: rect))
        var standIn = DrawItem(operation: .blend(0), rect: rect, opaque: .empty)
        standIn.interior = interior
        // Under it, a picture stretched over the whole screen (a costly operation).
        let under = TestImages.gradient(width: 64, height: 48)
        let stretch = try #require(Homography.scale(x: 2, y: 2).destinationToSource(over: screen))
        let list = [
            DrawItem(operation: .transformed(under, stretch, opacity: 255), rect: screen, opaque: .empty), standIn,
        ]
        let reference = try Surface(width: w, height: h, format: .xrgb8888)
        reference.fill(0xff00_00ff)
        try reference.draw(under, destinationToSource: stretch, clip: screen)
        let target = try Surface(width: w, height: h, format: .xrgb8888)
        target.fill(0xff00_00ff)
        let planner = OcclusionPlanner()
        let left = try Compositor.paint(list, into: target, region: screen, background: nil, planner: planner)
        var expectedLeft = 0
        for y in 0..<h {
            let span = interior.span(row: y, within: 0..<w)
            expectedLeft += span?.count ?? 0
            for x in 0..<w {
                let hidden = span?.contains(x) ?? false
                #expect(target[x, y] == (hidden ? 0xff00_00ff : reference[x, y]), "(\(x), \(y))")
            }
        }
        #expect(left == expectedLeft && left > 3000)
        // Painted again in two bands of other heights: the same.
        let again = try Surface(width: w, height: h, format: .xrgb8888)
        again.fill(0xff00_00ff)
        try Compositor.paint(
            list, into: again, region: PixelRect(x: 0, y: 0, width: w, height: 41), background: nil, planner: planner)
        try Compositor.paint(
            list, into: again, region: PixelRect(x: 0, y: 41, width: w, height: 55), background: nil, planner: planner)
        #expect(Self.firstByteDifference(target, again) == nil)
        // Too little hidden to pay (a stand-in of 20 x 20 pixels): drawn whole.
        var tiny = standIn
        tiny.interior = OpaqueInterior(
            m, sourceWidth: 80, sourceHeight: 60, rect: PixelRect(x: 50, y: 40, width: 20, height: 20))
        tiny.rect = PixelRect(x: 50, y: 40, width: 20, height: 20)
        let whole = try Surface(width: w, height: h, format: .xrgb8888)
        whole.fill(0xff00_00ff)
        #expect(
            try Compositor.paint([list[0], tiny], into: whole, region: screen, background: nil, planner: planner) == 0)
        #expect(Self.firstByteDifference(whole, reference) == nil)
    }

    /// A picture under 2 pixels a side has no interior (no bilinear footprint fits
    /// inside it), and neither does a faded or translucent one.
    @Test func onlyOpaquePicturesAtFullOpacityHaveInteriors() throws {
        let c = Compositor(width: 64, height: 48, paintThreads: 0)
        let cases: [(Surface, Double, Bool)] = [
            (TestImages.gradient(width: 1, height: 30), 1, false),
            (TestImages.gradient(width: 30, height: 30), 1, true),
            (TestImages.gradient(width: 30, height: 30), 0.99, false), (TestImages.disc(size: 30), 1, false),
        ]
        for (picture, opacity, expected) in cases {
            for l in c.root.sublayers { l.removeFromSuperlayer() }
            let l = Layer(frame: Rect2D(x: 10, y: 5, width: 30, height: 30), contents: .image(picture))
            l.transform = .rotation(angle: 0.3, x: 0, y: 0, z: 1)
            l.opacity = opacity
            c.root.addSublayer(l)
            _ = try c.render(into: TestImages.target(width: 64, height: 48), bufferAge: 0)
            #expect(
                (c.items.last?.interior != nil) == expected,
                "\(picture.width)x\(picture.height) \(picture.format) at \(opacity)")
        }
    }
}
