/// `[touch]`: where touch comes from and how it is corrected.
public struct TouchSettings: Hashable, Sendable {
    /// `device`: a device name as `vitrine inputs` (libinput) prints it ("FT5406 memory
    /// based driver") or an event node ("/dev/input/event2"). nil: every touch device.
    /// Not checked for existence here.
    public var device: String?
    /// `calibration`: libinput's calibration matrix, 6 finite numbers
    /// `[a, b, c, d, e, f]` mapping normalized digitizer coordinates (0...1) by
    /// x' = a x + b y + c, y' = d x + e y + f. nil: the identity (uncalibrated).
    public var calibration: [Double]?
    /// `pointer_as_touch`: whether a mouse or absolute pointer drives the UI like one
    /// finger (button down = touch down). Default true.
    public var pointerAsTouch: Bool

    /// Numbers a calibration matrix has.
    public static let calibrationCount = 6

    public init(device: String? = nil, calibration: [Double]? = nil, pointerAsTouch: Bool = true) {
        self.device = device
        self.calibration = calibration
        self.pointerAsTouch = pointerAsTouch
    }
}
