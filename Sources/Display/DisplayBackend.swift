internal import Glibc
import FixedPoint
import Raster

/// A back buffer handed to the compositor: the surface to draw the next frame into, its
/// age and its place in the swap chain (Slint's software display, EGL's buffer age).
public struct DisplayBuffer {
    /// The pixels scanned out, in the display's `format`: the panel's native size, or the
    /// turned (logical) size once `setScanoutTurn` has been accepted.
    public let surface: Surface
    /// Frames since this buffer was last shown: 1 means it holds the previous frame, so
    /// only that frame's damage needs repainting; 0 means unknown (never shown, or
    /// contents lost): repaint everything.
    public let age: Int
    /// Which buffer of the chain (0 ..< bufferCount).
    public let index: Int

    public init(surface: Surface, age: Int, index: Int) {
        self.surface = surface
        self.age = age
        self.index = index
    }
}

/// What a display reports through its event descriptors.
public enum DisplayEvent: Equatable, Sendable {
    /// The frame presented last is on screen since `vblank`, CLOCK_MONOTONIC seconds (the
    /// page-flip event's timestamp): the next buffer may be acquired.
    case frameShown(vblank: Double)
    /// The output went away (connector unplugged): `isOutputAvailable` is false, frames
    /// are not drawn until `outputBack`. The text says what was lost, for the log.
    case outputLost(String)
    /// An output is back after a hotplug, maybe with another mode: the panel size
    /// (`width`, `height`) may have changed, and every buffer's age is 0.
    case outputBack(String)
    /// The window was closed by its user or compositor (xdg_toplevel.close): the kiosk
    /// stops cleanly (exit 0). The text says by whom, for the log.
    case closeRequested(String)
}

/// What puts frames on a screen: DRM/KMS, fbdev, a Wayland window, or nothing
/// (headless). One frame at a time: `acquire` a back buffer, draw into it, `present` it.
/// Owned by the event loop thread: every call, and every system call behind it, happens
/// on that thread.
///
/// Pacing: a display with event descriptors (DRM) reports `.frameShown` when a presented
/// frame reaches the screen, and is `isFlipPending` until then; the loop draws the next
/// frame only after that event (one flip in flight, no busy loop). A display without
/// (headless, fbdev without vsync events) is paced by the loop's own timer at
/// `refreshRate`.
public protocol DisplayBackend: AnyObject {
    /// The panel's native size, pixels (before rotation). May change after `.outputBack`.
    var width: Int { get }
    var height: Int { get }
    /// The scanout format of the buffers handed out.
    var format: PixelFormat { get }
    /// A short name for logs: "headless 800x480 xrgb8888", "drm /dev/dri/card0 HDMI-A-1
    /// 1920x1080@60", ...
    var name: String { get }
    /// The output's refresh rate, Hz (the mode's; 60 when unknown).
    var refreshRate: Double { get }

    /// Descriptors the event loop polls (POLLIN) for this display: DRM's card (page-flip
    /// events) and its hotplug monitor. Empty: no events, the loop paces frames itself.
    /// Stable between `.outputBack` events.
    var eventDescriptors: [Int32] { get }
    /// A presented frame is not on screen yet (a page flip in flight): wait for
    /// `.frameShown` before `acquire`.
    var isFlipPending: Bool { get }
    /// False while there is no output to show frames on (unplugged): draw nothing.
    var isOutputAvailable: Bool { get }
    /// True when the display's memory is slow to read (write-combined scanout buffers on
    /// many SoCs): the compositor then blends in a shadow surface in ordinary memory and
    /// only copies repaired rectangles out.
    var prefersShadow: Bool { get }
    /// The buffer presented last, holding that frame (the buffers' size, in `format`), when
    /// it is ordinary memory that may be read back: what a screenshot reads when the
    /// pipeline keeps no shadow of its own. Nil before the first `present`, and where
    /// scanout memory is slow to read (DRM's dumb buffers, fbdev's panned pages: the
    /// pipeline's shadow holds the frame there).
    var front: Surface? { get }
    /// The panel's turn in its casing as the output reports it, in DRM's words ("Normal",
    /// "Upside Down", "Left Side Up", "Right Side Up": the connector's "panel orientation"
    /// property), and the output's name for messages; nil when the output says nothing
    /// (no such property, or a backend without one). The rotation service reads it.
    var panelOrientation: (value: String, output: String)? { get }

    /// Reads and handles what is ready on `descriptor` (one of `eventDescriptors`),
    /// calling `report` for each event, in order. Never blocks.
    func handleEvents(on descriptor: Int32, report: (DisplayEvent) -> Void) throws(DisplayError)

    /// Asks the display to turn the picture by `turn` on scanout itself (a DRM plane's
    /// rotation property). Returns true when it will: from then on `acquire` hands out
    /// buffers of the turned size (the logical size), and the compositor draws into them
    /// unturned. Returns false (nothing changed) when the hardware can't; nil turns back.
    func setScanoutTurn(_ turn: QuarterTurn?) -> Bool

    /// The buffer to draw the next frame into.
    func acquire() throws(DisplayError) -> DisplayBuffer
    /// Shows `buffer`, acquired last; `damage` (in the buffer's pixels) is what changed in
    /// it since the frame shown before, for backends that can use it (DIRTYFB, partial
    /// updates).
    func present(_ buffer: DisplayBuffer, damage: [PixelRect]) throws(DisplayError)

    /// Whether the output is lit: true from open, false after `setScreenPower(false)`
    /// until `setScreenPower(true)`. A hotplug or a lost output doesn't change it.
    var isScreenOn: Bool { get }
    /// Turns the output off (`on` false: the panel dark, its backlight or power down as
    /// the hardware does it) or on again, for screen power (idle, display hours, a
    /// control command). Asking for the state it is in changes nothing.
    ///
    /// - DRM: off makes the CRTC inactive (atomic: its ACTIVE property 0 in a commit
    ///   tested first; legacy: the connector's "DPMS" property off), the connector still
    ///   bound and the mode kept; a flip in flight is let complete first. On is a full
    ///   modeset of the newest frame. While off, `present` keeps the frame and shows
    ///   nothing (no flip queued, `isFlipPending` false).
    /// - fbdev: FBIOBLANK with FB_BLANK_POWERDOWN, and FB_BLANK_UNBLANK for on. While
    ///   off, `present` still writes video memory but doesn't wait for a vertical blank.
    /// - Wayland and headless: nothing to switch (the compositor owns the output; memory
    ///   has none): the state is kept and reported, frames go on as before.
    ///
    /// After on, DRM, fbdev and headless hand every buffer out with age 0: the next frame
    /// is repainted whole. (A Wayland window's buffers are the compositor's to show: their
    /// ages stay.)
    /// - Throws: `.system` naming the device, the call and the errno (the display stays
    ///   as it was and usable: nothing half-done); `.unavailable` when the device is gone.
    func setScreenPower(_ on: Bool) throws(DisplayError)

    /// Gives the screen back: waits for a flip in flight, restores the mode that was set
    /// before the display was opened (when there was one), drops DRM master. Idempotent;
    /// also done on deinit.
    func close()
}

extension DisplayBackend {
    public var refreshRate: Double { 60 }
    public var eventDescriptors: [Int32] { [] }
    public var isFlipPending: Bool { false }
    public var isOutputAvailable: Bool { true }
    public var prefersShadow: Bool { false }
    public var front: Surface? { nil }
    public var panelOrientation: (value: String, output: String)? { nil }
    public func handleEvents(on descriptor: Int32, report: (DisplayEvent) -> Void) throws(DisplayError) {}
    public func setScanoutTurn(_ turn: QuarterTurn?) -> Bool { turn == nil }
    /// A backend with nothing to switch and no state of its own (a test double): always on.
    public var isScreenOn: Bool { true }
    /// A backend with nothing to switch: the request is ignored.
    public func setScreenPower(_ on: Bool) throws(DisplayError) {}
    public func close() {}
}

/// What goes wrong putting frames on a screen. Each case names the device, the call and
/// the errno where there is one; `Runtime` maps the cases to exit statuses.
public enum DisplayError: Error, Equatable, CustomStringConvertible {
    /// A buffer of this size or format can't be made (exit 1, or 78 from a board value).
    case unsupported(String)
    /// `present` was given a buffer that isn't the one last acquired.
    case notAcquired(index: Int)
    /// `acquire` was called twice without a `present` between.
    case alreadyAcquired(index: Int)
    /// No usable display: no card, no connected connector, the device gone (ENODEV),
    /// permission denied (with the group needed). The text says what was looked at. Exit 69.
    case unavailable(String)
    /// Another process holds the display (DRM master): exit 75, worth a restart.
    case busy(String)
    /// The display went away under the kiosk (a Wayland compositor hung up): exit 75, so
    /// systemd restarts the kiosk once it is back.
    case lost(String)
    /// The display server refused a request (a Wayland protocol error: the text names the
    /// interface, object and code). Exit 1.
    case protocolError(String)
    /// A system call on the display failed: `call` names the ioctl or function, `device`
    /// the node. Exit 1.
    case system(device: String, call: String, errno: Int32, message: String)

    public var description: String {
        switch self {
        case .unsupported(let what): "display: \(what)"
        case .notAcquired(let i): "display: buffer \(i) presented without being acquired"
        case .alreadyAcquired(let i): "display: buffer \(i) is still acquired; present it first"
        case .unavailable(let what): "no usable display: \(what)"
        case .busy(let what): "display busy: \(what)"
        case .lost(let what): "display lost: \(what)"
        case .protocolError(let what): what
        case .system(let device, let call, let errno, let message): "\(device): \(call): \(message) (errno \(errno))"
        }
    }
}

extension DisplayError {
    /// What a failed open of a display node (/dev/dri/cardN, /dev/fbN) means for a person,
    /// shared by the backends: the node is missing, or reading it needs `group`. Nil for
    /// any other errno (the backend reports it as a system error).
    public static func openFailure(path: String, errno: Int32, group: String = "video") -> DisplayError? {
        switch errno {
        case EACCES, EPERM: .unavailable("\(path): permission denied; the user needs the \(group) group")
        case ENOENT, ENODEV, ENXIO: .unavailable("\(path): no such device")
        default: nil
        }
    }
}
