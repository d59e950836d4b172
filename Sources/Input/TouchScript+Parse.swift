extension TouchScript {
    /// Parses a touch script's text (see `TouchScript` for the format); `path` names it
    /// in errors.
    ///
    /// - Parameter panel: the native size of the panel the script is played on, when
    ///   known (a render or a kiosk with a board): every point must then be on it, x
    ///   from 0 to width - 1 and y from 0 to height - 1 (`coordinateOffPanel`). Without
    ///   it, a point must only be on the largest panel (0 to `maximumCoordinate`).
    public static func parse(_ text: String, path: String, panel: PanelSize? = nil) throws(TouchScriptError) -> TouchScript {
        try parse(bytes: Array(text.utf8), path: path, panel: panel)
    }

    /// Parses a touch script's bytes, which must be UTF-8 (checked line by line, so that
    /// a bad byte is reported with its line). `panel` as in `parse(_:path:panel:)`.
    public static func parse(bytes: [UInt8], path: String, panel: PanelSize? = nil) throws(TouchScriptError) -> TouchScript {
        var parser = TouchScriptParser(path: path, panel: panel)
        var start = 0
        var number = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            number += 1
            try parser.parseLine(bytes[start..<end], number: number)
            start = end + 1
        }
        return TouchScript(path: path, events: parser.finish(), rotations: parser.rotations)
    }
}

/// A fault found on the current line; the parser adds the path and line.
struct LineFault: Error {
    var fault: TouchScriptError.Fault
    init(_ fault: TouchScriptError.Fault) { self.fault = fault }
}

/// The state of one parse: the events generated so far and which slots are down.
struct TouchScriptParser {
    let path: String
    /// The panel every point must be on, when known.
    let panel: PanelSize?

    /// An event with where it came from: its line, and its place in generation order
    /// (the tie-break of the final sort by time).
    struct Generated {
        var event: TouchEvent
        var line: Int
        var sequence: Int
    }

    /// Who holds a slot that is down.
    enum Hold {
        /// A `down` line; free again at its `up` or `cancel`.
        case explicit
        /// A `tap`, `longpress` or `swipe` on `line`, until `until` (seconds).
        case gesture(verb: String, line: Int, until: Double)
    }

    var generated: [Generated] = []
    /// The `rotate` lines so far, in line order.
    var rotations: [ScriptRotation] = []
    var holds: [Hold?] = Array(repeating: nil, count: TouchScript.slotRange.count)
    var previousTime: (value: Double, token: Substring)?
    var line = 0
    var sequence = 0

    init(path: String, panel: PanelSize? = nil) {
        self.path = path
        self.panel = panel
    }

    func error(_ fault: TouchScriptError.Fault) -> TouchScriptError {
        TouchScriptError(path: path, line: line, fault: fault)
    }

    // MARK: Lines

    mutating func parseLine(_ bytes: ArraySlice<UInt8>, number lineNumber: Int) throws(TouchScriptError) {
        line = lineNumber
        guard let text = String(validating: bytes, as: UTF8.self) else { throw error(.notUTF8) }
        let content = text.prefix { $0 != "#" }
        let tokens = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}" })
        guard let timeToken = tokens.first else { return }

        let time: Double
        do throws(LineFault) {
            time = try number(timeToken)
        } catch {
            if case .notANumber(let token) = error.fault { throw self.error(.expectedTime(token)) }
            throw self.error(error.fault)
        }
        guard time >= 0 else { throw error(.negativeTime(String(timeToken))) }
        if let previous = previousTime, time < previous.value {
            throw error(.timeGoesBack(time: String(timeToken), previous: String(previous.token)))
        }
        previousTime = (time, timeToken)
        releaseGestures(endingBy: time)

        guard tokens.count >= 2 else { throw error(.missingVerb) }
        let verb = tokens[1]
        let args = tokens[2...]
        do throws(LineFault) {
            switch verb {
            case "down": try down(args, time)
            case "move": try move(args, time)
            case "up": try up(args, time)
            case "cancel": try cancel(args, time)
            case "tap": try tap(args, time)
            case "longpress": try longPress(args, time)
            case "swipe": try swipe(args, time)
            case "rotate": try rotate(args, time)
            default: throw LineFault(.unknownVerb(String(verb)))
            }
        } catch {
            throw self.error(error.fault)
        }
    }

    // MARK: Verbs

    typealias Args = ArraySlice<Substring>

    mutating func down(_ args: Args, _ time: Double) throws(LineFault) {
        try expect(args, 3, "down", "slot x y")
        let slot = try slot(args, 0)
        let x = try coordinate(args, 1, "x")
        let y = try coordinate(args, 2, "y")
        switch holds[slot] {
        case .none: break
        case .explicit: throw LineFault(.alreadyDown(slot: slot))
        case .gesture(let verb, let line, _): throw LineFault(.slotBusy(slot: slot, verb: verb, line: line))
        }
        try reserve(1)
        emit(.down(slot, x, y, at: time))
        holds[slot] = .explicit
    }

    mutating func move(_ args: Args, _ time: Double) throws(LineFault) {
        try expect(args, 3, "move", "slot x y")
        let slot = try slot(args, 0)
        let x = try coordinate(args, 1, "x")
        let y = try coordinate(args, 2, "y")
        try requireExplicit(slot, "move")
        try reserve(1)
        emit(.move(slot, x, y, at: time))
    }

    mutating func up(_ args: Args, _ time: Double) throws(LineFault) {
        try expect(args, 1, "up", "slot")
        let slot = try slot(args, 0)
        try requireExplicit(slot, "up")
        try reserve(1)
        emit(.up(slot, at: time))
        holds[slot] = nil
    }

    mutating func cancel(_ args: Args, _ time: Double) throws(LineFault) {
        guard args.count <= 1 else {
            throw LineFault(.argumentCount(verb: "cancel", expected: "0 or 1", signature: "[slot]", got: args.count))
        }
        if args.isEmpty {
            for slot in holds.indices where holds[slot] != nil {
                try cancel(slot: slot, time)
            }
        } else {
            let slot = try slot(args, 0)
            guard holds[slot] != nil else { throw LineFault(.notDown(verb: "cancel", slot: slot)) }
            try cancel(slot: slot, time)
        }
    }

    /// Cancels the touch on `slot` (down) at `time`, cutting short a gesture holding it.
    mutating func cancel(slot: Int, _ time: Double) throws(LineFault) {
        if case .gesture(_, let line, _) = holds[slot] {
            generated.removeAll { $0.line == line && $0.event.slot == slot && $0.event.time > time }
        }
        try reserve(1)
        emit(.cancel(slot, at: time))
        holds[slot] = nil
    }

    mutating func tap(_ args: Args, _ time: Double) throws(LineFault) {
        try expect(args, 2, "tap", "x y")
        let x = try coordinate(args, 0, "x")
        let y = try coordinate(args, 1, "y")
        try hold(x, y, time, duration: TouchScript.tapDuration, verb: "tap")
    }

    mutating func longPress(_ args: Args, _ time: Double) throws(LineFault) {
        try expect(args, 3, "longpress", "x y duration")
        let x = try coordinate(args, 0, "x")
        let y = try coordinate(args, 1, "y")
        let duration = try duration(args, 2)
        try hold(x, y, time, duration: duration, verb: "longpress")
    }

    /// A down on the lowest free slot at `time`, and its up `duration` later.
    mutating func hold(_ x: Double, _ y: Double, _ time: Double, duration: Double, verb: String) throws(LineFault) {
        let slot = try freeSlot(verb)
        try reserve(2)
        emit(.down(slot, x, y, at: time))
        emit(.up(slot, at: time + duration))
        holds[slot] = .gesture(verb: verb, line: line, until: time + duration)
    }

    mutating func swipe(_ args: Args, _ time: Double) throws(LineFault) {
        try expect(args, 5, "swipe", "x0 y0 x1 y1 duration")
        let x0 = try coordinate(args, 0, "x0")
        let y0 = try coordinate(args, 1, "y0")
        let x1 = try coordinate(args, 2, "x1")
        let y1 = try coordinate(args, 3, "y1")
        let duration = try duration(args, 4)
        let slot = try freeSlot("swipe")

        // Moves at time + k/60 strictly before the end (a hair of slack, so that a
        // duration of a whole number of frames has no move doubled at the end), then the
        // last move exactly at the end point and time, and the up.
        let rate = TouchScript.swipeMovesPerSecond
        let steps = duration * rate
        guard steps < Double(TouchScript.maximumEventCount) else {
            throw LineFault(.tooManyEvents(limit: TouchScript.maximumEventCount))
        }
        var inner = Int(steps.rounded(.up))
        while inner > 0, Double(inner) >= steps - 1e-6 { inner -= 1 }
        try reserve(inner + 3)

        emit(.down(slot, x0, y0, at: time))
        for k in stride(from: 1, through: inner, by: 1) {
            let t = Double(k) / rate
            let f = t / duration
            emit(.move(slot, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, at: time + t))
        }
        emit(.move(slot, x1, y1, at: time + duration))
        emit(.up(slot, at: time + duration))
        holds[slot] = .gesture(verb: "swipe", line: line, until: time + duration)
    }

    /// `rotate R`: kept as the word written, its meaning checked by the runtime (see
    /// `ScriptRotation`).
    mutating func rotate(_ args: Args, _ time: Double) throws(LineFault) {
        try expect(args, 1, "rotate", "orientation")
        rotations.append(ScriptRotation(time: time, word: String(args[args.startIndex]), line: line))
    }

    // MARK: Arguments

    func expect(_ args: Args, _ count: Int, _ verb: String, _ signature: String) throws(LineFault) {
        guard args.count == count else {
            throw LineFault(.argumentCount(verb: verb, expected: "\(count)", signature: signature, got: args.count))
        }
    }

    /// A finite decimal number (no hexadecimal, nan or inf).
    func number(_ token: Substring) throws(LineFault) -> Double {
        guard !token.contains(where: { $0 == "x" || $0 == "X" }), let value = Double(token) else {
            throw LineFault(.notANumber(String(token)))
        }
        guard value.isFinite else { throw LineFault(.notFinite(String(token))) }
        return value
    }

    func slot(_ args: Args, _ i: Int) throws(LineFault) -> Int {
        let token = args[args.startIndex + i]
        if let slot = Int(token) {
            guard TouchScript.slotRange.contains(slot) else { throw LineFault(.slotOutOfRange(String(token))) }
            return slot
        }
        let value = try number(token)
        guard value == value.rounded() else { throw LineFault(.slotNotWhole(String(token))) }
        guard value >= Double(TouchScript.slotRange.lowerBound), value <= Double(TouchScript.slotRange.upperBound) else {
            throw LineFault(.slotOutOfRange(String(token)))
        }
        return Int(value)
    }

    /// A coordinate named `name` (x, y, x0, y0, x1, y1): on the largest panel, and on
    /// `panel` when it is known.
    func coordinate(_ args: Args, _ i: Int, _ name: String) throws(LineFault) -> Double {
        let token = args[args.startIndex + i]
        let value = try number(token)
        guard value >= 0 && value <= TouchScript.maximumCoordinate else {
            throw LineFault(.coordinateOffEveryPanel(name: name, value: String(token)))
        }
        if let panel {
            let extent = name.hasPrefix("x") ? panel.width : panel.height
            guard value <= Double(extent - 1) else {
                throw LineFault(.coordinateOffPanel(name: name, value: String(token), panel: panel))
            }
        }
        return value
    }

    func duration(_ args: Args, _ i: Int) throws(LineFault) -> Double {
        let value = try number(args[args.startIndex + i])
        guard value > 0 else { throw LineFault(.durationNotPositive) }
        return value
    }

    // MARK: Slots and events

    func requireExplicit(_ slot: Int, _ verb: String) throws(LineFault) {
        switch holds[slot] {
        case .none: throw LineFault(.notDown(verb: verb, slot: slot))
        case .explicit: return
        case .gesture(let holder, let line, _): throw LineFault(.slotBusy(slot: slot, verb: holder, line: line))
        }
    }

    func freeSlot(_ verb: String) throws(LineFault) -> Int {
        guard let i = holds.firstIndex(where: { $0 == nil }) else { throw LineFault(.noFreeSlot(verb: verb)) }
        return TouchScript.slotRange.lowerBound + i
    }

    /// Frees the slots of gestures that are over at `time`.
    mutating func releaseGestures(endingBy time: Double) {
        for slot in holds.indices {
            if case .gesture(_, _, let until) = holds[slot], until <= time { holds[slot] = nil }
        }
    }

    func reserve(_ count: Int) throws(LineFault) {
        guard generated.count + count <= TouchScript.maximumEventCount else {
            throw LineFault(.tooManyEvents(limit: TouchScript.maximumEventCount))
        }
    }

    mutating func emit(_ event: TouchEvent) {
        generated.append(Generated(event: event, line: line, sequence: sequence))
        sequence += 1
    }

    /// The events sorted by time (ties in generation order), with a `.frame` after each
    /// time's events.
    func finish() -> [TouchEvent] {
        let sorted = generated.sorted {
            $0.event.time != $1.event.time ? $0.event.time < $1.event.time : $0.sequence < $1.sequence
        }
        var events: [TouchEvent] = []
        events.reserveCapacity(sorted.count * 2)
        for (i, g) in sorted.enumerated() {
            events.append(g.event)
            if i + 1 == sorted.count || sorted[i + 1].event.time != g.event.time {
                events.append(.frame(at: g.event.time))
            }
        }
        return events
    }
}
