internal import CWayland
internal import Glibc
import Display
import FixedPoint
import Raster

/// A Wayland window as the kiosk's display: an xdg-shell toplevel drawn from wl_shm
/// buffers (2 or 3 in one memfd pool, each reused only after the compositor releases
/// it, handed out with its age so only damage is repainted), paced by frame callbacks.
/// The window's buffer is the "panel": its size follows the compositor's configure
/// events and the output's scale (`WindowSize`).
///
/// Owned by the event loop's thread, like every libwayland call behind it. Events
/// (`handleEvents`) come from the connection's one descriptor: frame callbacks become
/// `.frameShown`, a new usable size `.outputBack`, an unusable one `.outputLost`, a
/// close request `.closeRequested`; seat input is queued for `drainInput(_:)`.
public final class WaylandDisplay: DisplayBackend {
    /// The buffers' size, pixels: the window's, or while it is unusable (too small) the
    /// last usable one (the preferred size before any), so a pipeline can be made.
    public var width: Int { usable ? size.bufferWidth : lastUsable.width }
    public var height: Int { usable ? size.bufferHeight : lastUsable.height }
    public let format: PixelFormat
    public var name: String { "wayland \(socket) window \(size.description) \(format)" }
    public var eventDescriptors: [Int32] { [fd] }
    public var refreshRate: Double { outputRefresh ?? 60 }
    /// A frame callback is outstanding, or the compositor holds every buffer.
    public var isFlipPending: Bool { waitingForFrame || (usable && ring.free == nil && ring.acquired == nil) }
    public var isOutputAvailable: Bool { usable }
    /// The shm buffer attached last (memory shared with the compositor, read back
    /// freely), while the buffers are the ones it was drawn in.
    public var front: Surface? { ring.newest.flatMap { buffers?.surfaces[$0] } }

    /// The socket connected to (for messages).
    public let socket: String
    /// The window's title and app id.
    public private(set) var title: String
    public let appID: String
    public let fullscreen: Bool

    // libwayland objects (OpaquePointer: the structures are opaque).
    var connection: OpaquePointer
    var registry: OpaquePointer?
    var compositor: OpaquePointer?
    var shm: OpaquePointer?
    var wmBase: OpaquePointer?
    var presentation: OpaquePointer?
    var surface: OpaquePointer?
    var xdgSurface: OpaquePointer?
    var toplevel: OpaquePointer?
    var frameCallback: OpaquePointer?
    var seats: [WaylandSeat] = []
    var outputs: [WaylandOutput] = []
    /// The outputs the surface is on (wl_surface.enter/leave).
    var enteredOutputs: Set<OpaquePointer> = []
    let fd: Int32

    var size: WindowSize
    var ring: BufferRing
    var buffers: ShmBuffers?
    let bufferCount: Int
    /// The size is usable and has been configured at least once.
    var usable = false
    var configured = false
    var waitingForFrame = false
    /// The buffer scale last set on the surface.
    var appliedScale = 1
    /// A frame callback arrived while every buffer was held: `.frameShown` is owed at
    /// the next release.
    var frameOwed = false
    /// The last usable buffer size, pixels.
    var lastUsable: (width: Int, height: Int)
    /// The presentation clock (wp_presentation.clock_id: CLOCK_MONOTONIC, or another the
    /// feedback's times are moved from).
    var presentationClock: Int32?
    /// The last presented frame's time, CLOCK_MONOTONIC seconds (wp_presentation
    /// feedback), and the refresh it reported.
    var lastPresented: Double?
    var outputRefresh: Double?
    /// Input from the seats, for `drainInput(_:)`.
    var input: [WaylandInput] = []
    /// What `handleEvents` reports next.
    var events: [DisplayEvent] = []

    init(connection: OpaquePointer, socket: String, format: PixelFormat, buffers: Int, size: WindowSize,
         title: String, appID: String, fullscreen: Bool) {
        self.connection = connection
        self.socket = socket
        self.format = format
        self.bufferCount = buffers
        self.size = size
        self.title = title
        self.appID = appID
        self.fullscreen = fullscreen
        ring = BufferRing(count: buffers)
        lastUsable = (size.bufferWidth, size.bufferHeight)
        fd = wl_display_get_fd(connection)
    }

    deinit { close() }

    /// The Swift object behind a listener's user data.
    static func from(_ data: UnsafeMutableRawPointer?) -> WaylandDisplay {
        Unmanaged<WaylandDisplay>.fromOpaque(data!).takeUnretainedValue()
    }

    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Sets the window's title (the show's), at most 200 characters.
    public func setTitle(_ text: String) {
        let shown = text.count > 200 ? String(text.prefix(200)) : text
        guard shown != title, let toplevel else { return }
        title = shown
        xdg_toplevel_set_title(toplevel, shown)
        wl_display_flush(connection)
    }

    /// Hands `body` the input the seats sent since the last call, in order (the queue's
    /// storage is kept for the next batch).
    public func drainInput(_ body: (WaylandInput) -> Void) {
        for item in input { body(item) }
        input.removeAll(keepingCapacity: true)
    }

    /// Screen power as asked for with `setScreenPower`. The compositor owns the output
    /// (and its power): the window has nothing to switch, frames go on as before, and the
    /// state is kept for whoever asks.
    public private(set) var isScreenOn = true

    public func setScreenPower(_ on: Bool) throws(DisplayError) { isScreenOn = on }

    public func acquire() throws(DisplayError) -> DisplayBuffer {
        if let a = ring.acquired { throw .alreadyAcquired(index: a) }
        try makeBuffersIfNeeded()
        guard let buffers, let (i, age) = ring.acquire() else {
            throw .unsupported("wayland: every buffer is still held by the compositor")
        }
        return DisplayBuffer(surface: buffers.surfaces[i], age: age, index: i)
    }

    public func present(_ buffer: DisplayBuffer, damage: [PixelRect]) throws(DisplayError) {
        guard let buffers, ring.presented(buffer.index) else { throw .notAcquired(index: buffer.index) }
        if appliedScale != size.scale {
            // Also when the buffers kept their size (a window of half the points at 2x).
            wl_surface_set_buffer_scale(surface, Int32(size.scale))
            appliedScale = size.scale
        }
        wl_surface_attach(surface, buffers.buffers[buffer.index], 0, 0)
        for r in BufferDamage.rects(damage, width: buffers.width, height: buffers.height) {
            wl_surface_damage_buffer(surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
        requestFrameCallback()
        requestPresentationFeedback()
        wl_surface_commit(surface)
        waitingForFrame = true
        try flush()
    }

    /// Buffers for the window's current size (made anew after a resize).
    func makeBuffersIfNeeded() throws(DisplayError) {
        if let b = buffers, b.width == size.bufferWidth, b.height == size.bufferHeight { return }
        buffers = nil
        ring = BufferRing(count: bufferCount)
        guard let shm else { throw .unavailable("wayland: no wl_shm") }
        buffers = try ShmBuffers(
            shm: shm, width: size.bufferWidth, height: size.bufferHeight, format: format, count: bufferCount,
            listener: Listeners.buffer, owner: userData)
    }

    public func close() {
        guard !closed else { return }
        closed = true
        if let c = frameCallback { wl_callback_destroy(c) }
        frameCallback = nil
        for s in seats { s.destroy() }
        seats.removeAll()
        for o in outputs { o.destroy() }
        outputs.removeAll()
        if let t = toplevel { xdg_toplevel_destroy(t) }
        if let x = xdgSurface { xdg_surface_destroy(x) }
        buffers = nil
        if let s = surface { wl_surface_destroy(s) }
        if let p = presentation { wp_presentation_destroy(p) }
        if let w = wmBase { xdg_wm_base_destroy(w) }
        if let s = shm { wl_shm_destroy(s) }
        if let c = compositor { wl_compositor_destroy(c) }
        if let r = registry { wl_registry_destroy(r) }
        toplevel = nil; xdgSurface = nil; surface = nil; presentation = nil; wmBase = nil; shm = nil
        compositor = nil; registry = nil
        wl_display_flush(connection)
        wl_display_disconnect(connection)
    }
    /// `close` ran: the connection is gone.
    private var closed = false
}
