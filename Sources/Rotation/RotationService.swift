/// The one owner of the orientation in force: the board's mount and source, what the
/// source last said, and what `vitrine ctl rotate` asked for. A value: it reads no clock
/// (times are passed in, seconds on the caller's monotonic clock), does no I/O and logs
/// nothing; the runtime feeds it inputs, applies the orientation each returns, and logs
/// the notices it takes (`takeNotices()`).
///
/// The orientation in force is the override when there is one, else the source's own:
/// - fixed: the mount;
/// - panel: the mount turned by the panel's "panel orientation" (mount 90 with "Upside
///   Down" is 270); the mount alone until the property is read, and when the connector
///   has none or an unknown value;
/// - iio: the mount turned by the orientation the accelerometer last showed
///   (`AccelerometerOrientation`, hysteresis included); the mount alone until a sample
///   shows one. A sensor that fails or vanishes keeps the last orientation;
/// - control: the mount (the override does the rest).
///
/// `ctl rotate R` overrides any source; `ctl rotate auto` hands back to the source (for
/// control, the mount). While overridden, the source is still followed, so `auto` goes
/// straight to what the panel or the accelerometer says now.
///
/// Each input returns the new orientation in force when it changed, nil otherwise.
public struct RotationService: Sendable {
    /// The longest the launch waits for an orientation, seconds: with iio for a first
    /// sample, with control for a first `ctl rotate`; then it goes on with the mount.
    public static let launchWaitLimit: Double = 1.0
    /// Seconds between two accelerometer samples (10 Hz): quick enough that a turn shows
    /// within a tenth of a second of the 35° line, slow enough to cost nothing (three
    /// small sysfs reads).
    public static let iioSampleInterval: Double = 0.1

    /// The board's `rotation.mount`.
    public let mount: Orientation
    /// The board's `rotation.source`.
    public let source: RotationSource
    /// When the launch started, seconds: the launch wait runs from here.
    public let startedAt: Double

    /// The orientation in force.
    public private(set) var orientation: Orientation
    /// What `ctl rotate R` set; nil without one, or after `ctl rotate auto`.
    public private(set) var override: Orientation?
    /// The panel's turn in its casing, from the last good "panel orientation" (panel
    /// source only); nil until one is read.
    public private(set) var panelTurn: Orientation?
    /// The orientation the accelerometer last showed, before the mount is added (iio
    /// source only); nil until a sample shows one.
    public private(set) var sensed: Orientation?
    /// Whether the accelerometer's last read failed (iio source only): the orientation it
    /// showed before is kept meanwhile.
    public private(set) var isSensorFailing = false

    /// The failure last warned about in this outage (nil while the sensor reads).
    private var lastWarned: IIOError?

    /// Whether a sample has been read (a flat one included), for the launch wait.
    private var hasSample = false
    /// Whether a `ctl rotate` (R or auto) came, for the launch wait.
    private var wasTold = false
    /// Whether a `ctl rotate R` came (an auto after it included), for the launch wait.
    private var wasOverridden = false
    /// The last "panel orientation" input, so a repeated one is not noticed twice.
    private var lastPanelInput: Result<Orientation?, PanelOrientationError>?
    private var notices: [RotationNotice] = []

    /// A service whose orientation is the mount until the source says otherwise.
    ///
    /// - Parameter startedAt: the launch's start, seconds on the caller's clock.
    public init(mount: Orientation, source: RotationSource, startedAt: Double = 0) {
        self.mount = mount
        self.source = source
        self.startedAt = startedAt
        self.orientation = mount
    }

    /// The source's own orientation: what is in force without an override.
    public var sourceOrientation: Orientation {
        switch source {
        case .fixed, .control: mount
        case .panel: PanelOrientationProperty.combined(panelTurn ?? .upright, with: mount)
        case .iio: mount.turned(by: sensed ?? .upright)
        }
    }

    /// Whether `ctl rotate R` is in force over the source.
    public var isOverridden: Bool { override != nil }

    /// What decides the orientation, for `ctl status`: the source's word ("fixed",
    /// "panel", "iio", "control"), or "control (override of SOURCE)" while `ctl rotate R`
    /// overrides another source. With the control source it is "control" either way.
    public var sourceText: String {
        guard override != nil, source != .control else { return source.rawValue }
        return "control (override of \(source.rawValue))"
    }

    // MARK: Inputs

    /// `ctl rotate R` (`request` R), or `ctl rotate auto` (`request` nil): back to the
    /// source.
    @discardableResult
    public mutating func rotate(_ request: Orientation?) -> Orientation? {
        wasTold = true
        if request != nil { wasOverridden = true }
        override = request
        return settle()
    }

    /// The connector's "panel orientation" (panel source only; ignored otherwise): the
    /// panel's turn in its casing, nil when the connector has no such property, or the
    /// error for an unknown value. With nil, the mount alone is in force (an info notice
    /// says so, once); with an error, the last good value is kept (the mount alone before
    /// one) and a warning notice names the value, once.
    @discardableResult
    public mutating func panelOrientation(_ input: Result<Orientation?, PanelOrientationError>) -> Orientation? {
        guard source == .panel else { return nil }
        defer { lastPanelInput = input }
        switch input {
        case .success(let turn):
            panelTurn = turn
            if turn == nil && lastPanelInput != input {
                notices.append(
                    RotationNotice(
                        level: .info,
                        text: "rotation: the connector has no \(PanelOrientationProperty.propertyName) property; "
                            + "the mount (\(mount)) is in force"))
            }
        case .failure(let error):
            if lastPanelInput != input {
                notices.append(
                    RotationNotice(level: .warning, text: "rotation: \(error); keeping rotation \(sourceOrientation)"))
            }
        }
        return settle()
    }

    /// The "panel orientation" value as DRM names it (`Connector.panelOrientation`: nil
    /// without the property), parsed here: `panelOrientation(_:)` with its result.
    ///
    /// - Parameter connector: the connector's name ("DSI-1"), for the notice.
    @discardableResult
    public mutating func panelOrientation(named valueName: String?, connector: String? = nil) -> Orientation? {
        guard let valueName else { return panelOrientation(.success(nil)) }
        do throws(PanelOrientationError) {
            return panelOrientation(.success(try PanelOrientationProperty.orientation(valueName, connector: connector)))
        } catch {
            return panelOrientation(.failure(error))
        }
    }

    /// One accelerometer sample, or why none could be read (iio source only; ignored
    /// otherwise), e.g. `service.iioSample(Result { () throws(IIOError) in try
    /// accelerometer.readSample() })`, or the error of `IIOAccelerometer.find` when the
    /// device cannot be found at all.
    ///
    /// A good sample goes through `AccelerometerOrientation` with the orientation it
    /// showed before. A failure keeps the last orientation; the first failure after a
    /// good read (or before any) adds a warning notice naming the error, and the first
    /// good sample after failures an info notice: one pair per outage, not one per
    /// sample. Within an outage, a failure other than the one last warned about is
    /// warned about too, once (a bad scale or mount matrix that appears when the device
    /// comes back names its file), except that the device still being away (`isAbsence`:
    /// gone, then not found) is not said again.
    @discardableResult
    public mutating func iioSample(_ result: Result<Acceleration, IIOError>) -> Orientation? {
        guard source == .iio else { return nil }
        switch result {
        case .success(let acceleration):
            hasSample = true
            lastWarned = nil
            if isSensorFailing {
                isSensorFailing = false
                notices.append(
                    RotationNotice(level: .info, text: "rotation: the accelerometer reads again: \(acceleration)"))
            }
            sensed = AccelerometerOrientation.orientation(of: acceleration, previous: sensed)
            return settle()
        case .failure(let error):
            let isNew = lastWarned.map { $0 != error && !($0.isAbsence && error.isAbsence) } ?? true
            if !isSensorFailing || isNew {
                isSensorFailing = true
                lastWarned = error
                notices.append(
                    RotationNotice(
                        level: .warning,
                        text: "rotation: \(error); keeping rotation \(orientation) "
                            + "until the accelerometer reads again"))
            }
            return nil
        }
    }

    // MARK: Launch wait

    /// When the launch wait ends at the latest, seconds: `startedAt` +
    /// `launchWaitLimit` for iio and control; nil for fixed and panel, which never wait
    /// (the panel's property is read before the launch, synchronously).
    public var waitDeadline: Double? {
        switch source {
        case .iio, .control: startedAt + Self.launchWaitLimit
        case .fixed, .panel: nil
        }
    }

    /// Whether the launch should still hold its first frame for the orientation at `now`:
    /// with iio until the first sample is read (a flat one included: it says the panel is
    /// lying down, and waiting would not change that) or `ctl rotate R` comes; with
    /// control until the first `ctl rotate` (R or auto); never past `waitDeadline`, and
    /// never for fixed and panel. A failing sensor does not end the wait early: it costs
    /// at most `launchWaitLimit`.
    public func isWaiting(now: Double) -> Bool {
        guard let deadline = waitDeadline, now < deadline else { return false }
        switch source {
        case .iio: return !hasSample && !wasOverridden
        case .control: return !wasTold
        case .fixed, .panel: return false
        }
    }

    // MARK: Notices

    /// The notices added since the last call, oldest first; each is returned once.
    public mutating func takeNotices() -> [RotationNotice] {
        defer { notices.removeAll() }
        return notices
    }

    /// Puts the orientation the inputs now call for in force; the new one when it changed.
    private mutating func settle() -> Orientation? {
        let wanted = override ?? sourceOrientation
        guard wanted != orientation else { return nil }
        orientation = wanted
        return wanted
    }
}
