import Testing

@testable import Motion

@Suite("Timing curve parsing")
struct TimingCurveParseTests {
    @Test func names() throws {
        #expect(try TimingCurve(parsing: "linear") == .linear)
        #expect(try TimingCurve(parsing: "ease-in") == .easeIn)
        #expect(try TimingCurve(parsing: "ease-out") == .easeOut)
        #expect(try TimingCurve(parsing: "ease-in-out") == .easeInOut)
        #expect(try TimingCurve(parsing: " \tease-in-out  ") == .easeInOut)
    }

    @Test func cubicBezier() throws {
        let expected = try TimingCurve.cubicBezier(0.25, 0.1, 0.25, 1)
        #expect(try TimingCurve(parsing: "cubic-bezier(0.25,0.1,0.25,1)") == expected)
        #expect(try TimingCurve(parsing: "  cubic-bezier ( 0.25 , 0.1,\t0.25 ,1.0 ) ") == expected)
        #expect(try TimingCurve(parsing: "cubic-bezier(.25, 1e-1, 2.5E-1, +1)") == expected)
        let overshoot = try TimingCurve(parsing: "cubic-bezier(0.6, -0.28, 0.735, 1.5)")
        #expect(overshoot.y1 == -0.28 && overshoot.y2 == 1.5)
        #expect(try TimingCurve(parsing: "cubic-bezier(0.42, 0, 1, 1)") == .easeIn)
    }

    @Test func descriptionRoundTrips() throws {
        #expect(TimingCurve.linear.description == "linear")
        #expect(TimingCurve.easeIn.description == "ease-in")
        #expect(TimingCurve.easeOut.description == "ease-out")
        #expect(TimingCurve.easeInOut.description == "ease-in-out")
        let custom = try TimingCurve.cubicBezier(0.25, 0.1, 0.25, 1)
        #expect(custom.description == "cubic-bezier(0.25, 0.1, 0.25, 1.0)")
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, custom, try .cubicBezier(0.1, -3, 0.9, 1e-7)] {
            #expect(try TimingCurve(parsing: curve.description) == curve)
        }
    }

    /// Every error, word for word.
    @Test(arguments: [
        (
            "ease",
            "unknown timing curve \"ease\": expected linear, ease-in, ease-out, ease-in-out or cubic-bezier(x1, y1, x2, y2)"
        ),
        (
            "",
            "unknown timing curve \"\": expected linear, ease-in, ease-out, ease-in-out or cubic-bezier(x1, y1, x2, y2)"
        ),
        (
            "Linear",
            "unknown timing curve \"Linear\": expected linear, ease-in, ease-out, ease-in-out or cubic-bezier(x1, y1, x2, y2)"
        ),
        (
            "ease in",
            "unknown timing curve \"ease in\": expected linear, ease-in, ease-out, ease-in-out or cubic-bezier(x1, y1, x2, y2)"
        ),
        (
            "cubic-beziers(0,0,1,1)",
            "unknown timing curve \"cubic-beziers(0,0,1,1)\": expected linear, ease-in, ease-out, ease-in-out or cubic-bezier(x1, y1, x2, y2)"
        ),
        ("cubic-bezier", "malformed timing curve \"cubic-bezier\": expected cubic-bezier(x1, y1, x2, y2)"),
        (
            "cubic-bezier(0, 0, 1, 1",
            "malformed timing curve \"cubic-bezier(0, 0, 1, 1\": expected cubic-bezier(x1, y1, x2, y2)"
        ),
        (
            "cubic-bezier(0, 0, 1, 1) x",
            "malformed timing curve \"cubic-bezier(0, 0, 1, 1) x\": expected cubic-bezier(x1, y1, x2, y2)"
        ),
        ("cubic-bezier()", "cubic-bezier takes 4 numbers (x1, y1, x2, y2), got 0"),
        ("cubic-bezier( )", "cubic-bezier takes 4 numbers (x1, y1, x2, y2), got 0"),
        ("cubic-bezier(0.42, 0, 1)", "cubic-bezier takes 4 numbers (x1, y1, x2, y2), got 3"),
        ("cubic-bezier(0.42, 0, 1, 1, 0)", "cubic-bezier takes 4 numbers (x1, y1, x2, y2), got 5"),
        ("cubic-bezier(0.42, , 1, 1)", "cubic-bezier: y1 \"\" is not a number"),
        ("cubic-bezier(0.42, zero, 1, 1)", "cubic-bezier: y1 \"zero\" is not a number"),
        ("cubic-bezier(0x1, 0, 1, 1)", "cubic-bezier: x1 \"0x1\" is not a number"),
        ("cubic-bezier(0.4 2, 0, 1, 1)", "cubic-bezier: x1 \"0.4 2\" is not a number"),
        ("cubic-bezier(0, nan, 1, 1)", "cubic-bezier: y1 \"nan\" is not a number"),
        ("cubic-bezier(0, 0, 1, inf)", "cubic-bezier: y2 \"inf\" is not a number"),
        ("cubic-bezier(0, 0, 1, 1e400)", "cubic-bezier: y2 1e400 is not finite"),
        ("cubic-bezier(1.5, 0, 1, 1)", "cubic-bezier: x1 = 1.5 is outside 0...1"),
        ("cubic-bezier(0.42, 0, -0.1, 1)", "cubic-bezier: x2 = -0.1 is outside 0...1"),
    ])
    func errorMessages(_ text: String, _ message: String) {
        let error = #expect(throws: TimingCurveError.self) { try TimingCurve(parsing: text) }
        #expect(error?.description == message)
    }

    @Test func typedErrors() {
        #expect(throws: TimingCurveError.wrongArgumentCount(3)) { try TimingCurve(parsing: "cubic-bezier(1, 2, 3)") }
        #expect(throws: TimingCurveError.controlPointXOutOfRange(name: "x1", value: 2)) {
            try TimingCurve.cubicBezier(2, 0, 1, 1)
        }
        #expect(throws: TimingCurveError.notFinite(name: "y1", text: "nan")) {
            try TimingCurve.cubicBezier(0, .nan, 1, 1)
        }
    }
}
