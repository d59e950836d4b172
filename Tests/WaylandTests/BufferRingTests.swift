import Raster
import Testing

@testable import Wayland

/// The wl_shm buffers' bookkeeping: a buffer the compositor holds is never handed out,
/// ages count the frames since a buffer was shown, and a compositor that never releases
/// leaves the window waiting, not drawing into a held buffer.
@Suite struct BufferRingTests {
    @Test func aHeldBufferIsNeverHandedOut() throws {
        var ring = BufferRing(count: 2)
        let a = try #require(take(&ring))
        #expect(a.index == 0 && a.age == 0)
        #expect(present(&ring, a.index))
        let b = try #require(take(&ring))
        #expect(b.index == 1 && b.age == 0)
        #expect(present(&ring, b.index))
        // Both held: nothing to draw into until a release.
        #expect(ring.free == nil)
        #expect(take(&ring) == nil)
        ring.released(0)
        let c = try #require(take(&ring))
        #expect(c.index == 0)
        #expect(c.age == 2, "buffer 0 shows the frame before last")
    }

    @Test func aPromptCompositorGivesAgeOne() throws {
        // Released at once (weston's pixman renderer copies on attach): the buffer just
        // shown comes back, holding the previous frame.
        var ring = BufferRing(count: 3)
        var ages: [Int] = []
        for _ in 0..<5 {
            let b = try #require(take(&ring))
            ages.append(b.age)
            #expect(present(&ring, b.index))
            ring.released(b.index)
        }
        #expect(ages == [0, 1, 1, 1, 1])
    }

    @Test func presentingAnotherBufferIsRefused() throws {
        var ring = BufferRing(count: 2)
        let b = try #require(take(&ring))
        #expect(!present(&ring, 1 - b.index))
        #expect(take(&ring) == nil, "one buffer at a time")
        ring.cancelAcquire()
        #expect(take(&ring) != nil)
    }

    @Test func aResizeForgetsContents() throws {
        var ring = BufferRing(count: 2)
        for _ in 0..<2 {
            let b = try #require(take(&ring))
            #expect(present(&ring, b.index))
            ring.released(b.index)
        }
        ring.forgetContents()
        #expect(take(&ring)?.age == 0)
    }

    /// The buffer presented last, for a screenshot: none before the first present, nor
    /// while it is handed out again (being drawn into), nor once a resize forgot it.
    @Test func theNewestIsTheBufferPresentedLast() throws {
        var ring = BufferRing(count: 2)
        #expect(ring.newest == nil)
        let a = try #require(take(&ring))
        #expect(ring.newest == nil)
        #expect(present(&ring, a.index))
        #expect(ring.newest == a.index)
        let b = try #require(take(&ring))
        #expect(present(&ring, b.index))
        #expect(ring.newest == b.index)
        ring.released(b.index)
        ring.released(a.index)
        let again = try #require(take(&ring))
        #expect(again.index == b.index && ring.newest == nil, "being drawn into")
        ring.cancelAcquire()
        #expect(ring.newest == b.index)
        ring.forgetContents()
        #expect(ring.newest == nil)
    }

    @Test func strayReleasesAreIgnored() {
        var ring = BufferRing(count: 2)
        ring.released(7)
        ring.released(-1)
        #expect(ring.free == 0)
    }
}

@Suite struct WindowSizeTests {
    @Test func zeroLeavesTheSizeToTheBoard() {
        var s = WindowSize(preferred: 800, 480)
        s.toplevelConfigure(width: 0, height: 0)
        #expect(!apply(&s))
        #expect(s.width == 800 && s.height == 480 && s.isUsable)
        s.toplevelConfigure(width: 1024, height: 0)
        #expect(apply(&s))
        #expect(s.width == 1024 && s.height == 480)
    }

    @Test func aSizeAppliesAtTheSurfaceConfigure() {
        var s = WindowSize(preferred: 800, 480)
        s.toplevelConfigure(width: 640, height: 400)
        #expect(s.width == 800, "not before xdg_surface.configure")
        #expect(apply(&s))
        #expect(s.width == 640 && s.height == 400)
        #expect(!apply(&s), "nothing pending")
    }

    @Test func tinySizesAreUnusable() {
        var s = WindowSize(preferred: 800, 480)
        for (w, h) in [(1, 1), (119, 480), (800, 100)] {
            s.toplevelConfigure(width: Int32(w), height: Int32(h))
            _ = s.apply()
            #expect(!s.isUsable, "\(w)x\(h)")
        }
        s.toplevelConfigure(width: 120, height: 120)
        _ = s.apply()
        #expect(s.isUsable)
    }

    @Test func theScaleMultipliesTheBuffers() {
        var s = WindowSize(preferred: 800, 480)
        #expect(scale(&s, 2))
        #expect(s.bufferWidth == 1600 && s.bufferHeight == 960)
        #expect(!scale(&s, 2))
        #expect(s.description == "800x480 (1600x960 pixels at scale 2)")
        #expect(scale(&s, 0), "a nonsense scale is 1")
        #expect(s.scale == 1)
        #expect(!scale(&s, 99))
        // A window too large for a buffer at this scale is unusable.
        s.toplevelConfigure(width: 5000, height: 3000)
        _ = s.apply()
        #expect(s.isUsable)
        _ = s.setScale(2)
        #expect(!s.isUsable, "10000 pixels wide")
    }
}

@Suite struct BufferDamageTests {
    @Test func clippedAndMerged() {
        let r = BufferDamage.rects(
            [PixelRect(x: -5, y: 0, width: 10, height: 10), PixelRect(x: 900, y: 0, width: 10, height: 10)],
            width: 800, height: 480)
        #expect(r == [PixelRect(x: 0, y: 0, width: 5, height: 10)])
        let many = (0..<40).map { PixelRect(x: $0 * 10, y: $0, width: 5, height: 5) }
        let merged = BufferDamage.rects(many, width: 800, height: 480)
        #expect(merged == [PixelRect(x: 0, y: 0, width: 395, height: 44)])
    }

    /// A frame that repainted nothing still damages one pixel (cage 0.1.4 answers a
    /// frame callback only for a commit with damage); a buffer of no pixels gets none.
    @Test func nothingRepaintedIsOnePixel() {
        #expect(BufferDamage.rects([], width: 800, height: 480) == [PixelRect(x: 0, y: 0, width: 1, height: 1)])
        #expect(
            BufferDamage.rects([PixelRect(x: 900, y: 0, width: 10, height: 10)], width: 800, height: 480)
                == [PixelRect(x: 0, y: 0, width: 1, height: 1)], "damage all outside the buffer")
        #expect(BufferDamage.rects([], width: 0, height: 0).isEmpty)
    }
}

@Suite struct WaylandSocketTests {
    @Test func whereLibwaylandLooks() {
        #expect(WaylandSocket.path { ["WAYLAND_DISPLAY": "wl-x", "XDG_RUNTIME_DIR": "/run/user/7"][$0] } == "/run/user/7/wl-x")
        #expect(WaylandSocket.path { ["XDG_RUNTIME_DIR": "/run/user/7/"][$0] } == "/run/user/7/wayland-0")
        #expect(WaylandSocket.path { ["WAYLAND_DISPLAY": "/tmp/sock"][$0] } == "/tmp/sock")
        #expect(WaylandSocket.path { _ in nil } == "$XDG_RUNTIME_DIR/wayland-0 (XDG_RUNTIME_DIR is not set)")
    }
}

// Mutating calls outside the #expect macros (which can't mutate their operands).
func take(_ ring: inout BufferRing) -> (index: Int, age: Int)? { ring.acquire() }
func present(_ ring: inout BufferRing, _ i: Int) -> Bool { ring.presented(i) }
func apply(_ s: inout WindowSize) -> Bool { s.apply() }
func scale(_ s: inout WindowSize, _ k: Int) -> Bool { s.setScale(k) }
