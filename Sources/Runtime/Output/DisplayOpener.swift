import Board
import Display
import Logging

/// Opens the display a board names (DESIGN.md §3, `[display]`): the backend selection of
/// `Runtime`. Each backend's failures arrive as `KioskError`s with their exit status:
/// no device 69, another DRM master 75, a system call 1.
public enum DisplayOpener {
    public static func open(_ settings: DisplaySettings, log: DisplayLog) throws(KioskError) -> any DisplayBackend {
        switch settings.backend {
        case .headless:
            guard let size = settings.size else { throw .unavailable("headless: no size") }
            do {
                return try HeadlessDisplay(
                    width: size.width, height: size.height, format: settings.format, buffers: settings.buffers)
            } catch {
                throw KioskError(error, opening: "headless \(size.width)x\(size.height)")
            }
        case .drm, .fbdev, .wayland:
            throw .unavailable("the \(settings.backend.rawValue) backend is not in this build")
        }
    }
}

extension KioskError {
    /// A display failure as the kiosk reports it, with its exit status: unavailable 69,
    /// busy 75, anything else 1.
    public init(_ error: DisplayError, opening what: String? = nil) {
        switch error {
        case .unavailable(let text): self = .unavailable(text)
        case .busy: self = .busy("\(error)")
        default: self = .failure(what.map { "\($0): \(error)" } ?? "\(error)")
        }
    }
}

extension DisplayLog {
    /// A display's lines into the kiosk's log (info and warning, rate-limited by the
    /// handler like every other line).
    public init(logger: Logger) {
        self.init(info: { logger.info("\($0)") }, warning: { logger.warning("\($0)") })
    }
}
