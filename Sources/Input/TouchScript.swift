/// A touch script (`vitrine render --touch FILE`, `vitrine run --touch FILE`, the Touch scripts
/// article): scripted touch for renders and tests, parsed into the raw events a digitizer
/// would report, and the orientation changes asked for along the way.
///
/// Plain UTF-8 text, one event per line, `#` starts a comment (a whole line, or the rest
/// of one); blank lines are skipped; fields are separated by spaces or tabs (CRLF line
/// ends are fine). Times are in seconds from the start of the render; coordinates are in
/// panel pixels, as a digitizer aligned with the panel reports them (so rotation is
/// exercised too).
///
/// ```
/// 0.000  down   0  400 240      # slot 0 touches at (400, 240)
/// 0.050  move   0  390 240
/// 0.100  up     0
/// 1.000  tap       400 240      # down, then up 50 ms later
/// 2.000  swipe     700 240  100 240  0.30   # straight drag over 0.30 s, a move every 1/60 s
/// 3.000  longpress 400 240  0.8             # down, then up 0.8 s later
/// 4.000  cancel                 # cancels every touch that is down
/// 5.000  rotate    90           # the panel turned a quarter clockwise, as `ctl rotate 90`
/// ```
///
/// Each line is `TIME VERB ARGUMENTS`:
///
/// | verb | arguments | events |
/// |---|---|---|
/// | `down` | `SLOT X Y` | the finger on SLOT touches at (X, Y) |
/// | `move` | `SLOT X Y` | the finger on SLOT moves to (X, Y) |
/// | `up` | `SLOT` | the finger on SLOT lifts |
/// | `cancel` | `[SLOT]` | the touch on SLOT is cancelled; without SLOT, every touch that is down |
/// | `tap` | `X Y` | down on the lowest free slot, up 50 ms later at the same point |
/// | `longpress` | `X Y DURATION` | down on the lowest free slot, up DURATION seconds later |
/// | `swipe` | `X0 Y0 X1 Y1 DURATION` | down at (X0, Y0); a move every 1/60 s along the straight line; the last move exactly at (X1, Y1) at TIME + DURATION, then up at that time |
/// | `rotate` | `R` | no touch event: the orientation changes to R (0, 90, 180, 270, or `auto`: back to the board's mount) at TIME, as `vitrine ctl rotate R` would; kept in `rotations` |
///
/// Rules (each broken rule is a `TouchScriptError` naming the file and line):
/// - TIME is a finite decimal number, not negative; lines are in non-decreasing time
///   order (events generated for later times, such as a tap's up, are merged in by time;
///   at equal times, events keep the order of the lines that made them);
/// - SLOT is an integer in `slotRange` (0...9); DURATION is finite and positive; `nan`,
///   `inf` and hexadecimal are rejected;
/// - X, Y are panel pixels (fractions allowed), so each must be on a panel: from 0 to
///   `maximumCoordinate` (8191, the last pixel of the largest panel Vitrine supports),
///   and, when the panel is known (`load(path:panel:)`, as a render with its size
///   does), from 0 to width - 1 for X and to height - 1 for Y: a touch off the panel
///   is a mistake in the script, not something to clamp silently;
/// - `down` needs its slot up; `move`, `up` and `cancel SLOT` need it down;
/// - while a `tap`, `longpress` or `swipe` holds its slot, only `cancel` may touch that
///   slot (it cuts the gesture short: its later events are dropped);
/// - a touch still down at the end of the script simply stays down (a `rotate` cancels
///   every touch down when the runtime carries it out, as any orientation change does);
/// - `rotate` takes exactly one argument, kept as written: this module knows no
///   orientations, so the runtime checks the word when it loads the script
///   (`RotationRequest(text:)` in `Rotation`) and refuses another with the file and line
///   (`.unknownOrientation`);
/// - at most `maximumFileSize` bytes (1 MiB) and `maximumEventCount` events.
///
/// The events come out sorted by time, with a `.frame` after each time's events, as
/// libinput would send them; the `rotate` lines come out apart, in `rotations`, in line
/// order (which is time order).
public struct TouchScript: Hashable, Sendable {
    /// The file the script came from (as given), for messages.
    public var path: String

    /// The raw events, in time order, each time's events followed by a `.frame`.
    public var events: [TouchEvent]

    /// The `rotate` lines, in time order (ties in line order).
    public var rotations: [ScriptRotation]

    /// The slots a script may use.
    public static let slotRange = 0...9

    /// The largest script file read, in bytes (1 MiB: some 40 000 lines, far more than a
    /// tour needs; a bigger file is a mistake, not a script).
    public static let maximumFileSize = 1 << 20

    /// The most events a script may generate (frames not counted): bounds the memory a
    /// long `swipe` can take.
    public static let maximumEventCount = 1_000_000

    /// The largest coordinate a point may have, pixels: the last pixel of the largest
    /// panel Vitrine supports (`PanelDimensions.maximumSide` in `Board`, 8192, minus 1;
    /// a test checks the two agree).
    public static let maximumCoordinate = 8191.0

    /// Seconds from a `tap`'s down to its up.
    public static let tapDuration = 0.05

    /// A `swipe`'s moves per second: one every 1/60 s.
    public static let swipeMovesPerSecond = 60.0

    public init(path: String, events: [TouchEvent], rotations: [ScriptRotation] = []) {
        self.path = path
        self.events = events
        self.rotations = rotations
    }

    /// The time of the last event or rotation, in seconds (0 for an empty script).
    public var duration: Double { Swift.max(events.last?.time ?? 0, rotations.last?.time ?? 0) }

    /// Hands out a script's events and rotations as time passes: for a render stepping a
    /// manual clock, or the kiosk's touch timer.
    ///
    /// Events and rotations are handed out apart (`advance(to:)`, `rotations(through:)`),
    /// each from its own position, so touch events come out exactly as from a script
    /// without `rotate` lines. A caller at a time takes the events first, then the
    /// rotations: a touch at the time of a turn reaches the layout it was aimed at, and
    /// the turn then cancels it.
    public struct Player: Sendable {
        public let script: TouchScript
        /// The index of the next event not yet handed out.
        public private(set) var position = 0
        /// The index of the next rotation not yet handed out.
        public private(set) var rotationPosition = 0

        public init(_ script: TouchScript) {
            self.script = script
        }

        /// The events with times up to and including `time` not handed out before, in
        /// order.
        public mutating func advance(to time: Double) -> ArraySlice<TouchEvent> {
            let start = position
            while position < script.events.count, script.events[position].time <= time {
                position += 1
            }
            return script.events[start..<position]
        }

        /// The rotations with times up to and including `time` not handed out before, in
        /// order.
        public mutating func rotations(through time: Double) -> ArraySlice<ScriptRotation> {
            let start = rotationPosition
            while rotationPosition < script.rotations.count, script.rotations[rotationPosition].time <= time {
                rotationPosition += 1
            }
            return script.rotations[start..<rotationPosition]
        }

        /// When the next event or rotation not yet handed out is due, seconds; nil when
        /// every one has been (what a timer waits for).
        public var nextTime: Double? {
            let event = position < script.events.count ? script.events[position].time : nil
            let rotation = rotationPosition < script.rotations.count ? script.rotations[rotationPosition].time : nil
            switch (event, rotation) {
            case (let e?, let r?): return Swift.min(e, r)
            case (let e?, nil): return e
            case (nil, let r?): return r
            case (nil, nil): return nil
            }
        }

        /// Whether every event and every rotation has been handed out.
        public var isFinished: Bool {
            position == script.events.count && rotationPosition == script.rotations.count
        }
    }
}
