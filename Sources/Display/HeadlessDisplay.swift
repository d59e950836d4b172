import Raster

/// A display with no screen: a chain of 1 to 3 buffers in memory, presented in turn.
/// `vitrine render` and the tests draw into it; the last presented buffer is the frame
/// "on screen" (`front`). Ages follow a real swap chain's, so damage repair is exercised
/// exactly as on a panel.
public final class HeadlessDisplay: DisplayBackend {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public var name: String { "headless \(width)x\(height) \(format)" }
    public let bufferCount: Int
    /// When false every buffer is handed out with age 0 (contents unknown), as by a
    /// display that can't tell: each frame is repainted whole. For measuring full frames.
    public let knowsAge: Bool

    private let buffers: [Surface]
    /// The frame number each buffer was last presented in (nil: never).
    private var shownInFrame: [Int?]
    private var frame = 0
    private var next = 0
    private var acquired: Int?
    /// The buffer presented last, if any: memory, read back freely.
    public private(set) var front: Surface?
    /// Frames presented so far.
    public private(set) var presentedFrames = 0
    /// Screen power as asked for with `setScreenPower`: memory has nothing to switch, so
    /// frames go on as before; the state is kept for whoever asks (`vitrine render`, tests).
    public private(set) var isScreenOn = true
    /// What the headless "output" reports as its panel orientation (DRM's words); nil by
    /// default. Tests set it to play a panel mounted turned in its casing.
    public var panelOrientation: (value: String, output: String)?

    /// - Throws: `DisplayError.unsupported` for a size out of 1...32768, a format other
    ///   than xrgb8888 or rgb565, or a buffer count out of 1...3.
    public init(
        width: Int, height: Int, format: PixelFormat = .xrgb8888, buffers: Int = 2, knowsAge: Bool = true
    ) throws(DisplayError) {
        guard format == .xrgb8888 || format == .rgb565 else {
            throw .unsupported("scanout format \(format) (xrgb8888 or rgb565)")
        }
        guard (1...3).contains(buffers) else { throw .unsupported("\(buffers) buffers (1, 2 or 3)") }
        var made: [Surface] = []
        for _ in 0..<buffers {
            do {
                made.append(try Surface(width: width, height: height, format: format))
            } catch {
                throw .unsupported("\(width)x\(height) buffers: \(error)")
            }
        }
        self.width = width
        self.height = height
        self.format = format
        self.bufferCount = buffers
        self.knowsAge = knowsAge
        self.buffers = made
        shownInFrame = Array(repeating: nil, count: buffers)
    }

    public func acquire() throws(DisplayError) -> DisplayBuffer {
        if let acquired { throw .alreadyAcquired(index: acquired) }
        let i = next
        acquired = i
        let age = knowsAge ? shownInFrame[i].map { frame + 1 - $0 } ?? 0 : 0
        return DisplayBuffer(surface: buffers[i], age: age, index: i)
    }

    /// Keeps `on` as the state; after on, every buffer's age is 0 as on a panel, so the
    /// next frame is repainted whole.
    public func setScreenPower(_ on: Bool) throws(DisplayError) {
        guard on != isScreenOn else { return }
        isScreenOn = on
        if on { shownInFrame = Array(repeating: nil, count: bufferCount) }
    }

    public func present(_ buffer: DisplayBuffer, damage: [PixelRect]) throws(DisplayError) {
        guard acquired == buffer.index else { throw .notAcquired(index: buffer.index) }
        acquired = nil
        frame += 1
        shownInFrame[buffer.index] = frame
        front = buffers[buffer.index]
        presentedFrames += 1
        next = (buffer.index + 1) % bufferCount
    }
}
