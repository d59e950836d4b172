import FixedPoint

/// The closing line of a render: frame cost over the whole run, and separately over the
/// frames in which something changed and those in which nothing did.
public struct RenderSummary {
    public let reports: [HeadlessRenderer.FrameReport]

    public init(_ reports: [HeadlessRenderer.FrameReport]) { self.reports = reports }

    /// `frames=120 median_ms=2.1 worst_ms=7.9 changed=60 changed_median_ms=... idle=60 idle_median_ms=0.004 idle_worst_ms=0.011`
    public var line: String {
        let all = reports.map(\.milliseconds)
        let changed = reports.filter { $0.stats.repaintedPixels > 0 }.map(\.milliseconds)
        let idle = reports.filter { $0.stats.repaintedPixels == 0 }.map(\.milliseconds)
        var s = "frames=\(all.count) median_ms=\(Self.ms(Self.median(all))) worst_ms=\(Self.ms(all.max()))"
        s += " changed=\(changed.count) changed_median_ms=\(Self.ms(Self.median(changed))) changed_worst_ms=\(Self.ms(changed.max()))"
        s += " idle=\(idle.count) idle_median_ms=\(Self.ms(Self.median(idle))) idle_worst_ms=\(Self.ms(idle.max()))"
        return s
    }

    static func median(_ xs: [Double]) -> Double? {
        guard !xs.isEmpty else { return nil }
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func ms(_ x: Double?) -> String { x.map { Decimal.format($0, places: 3) } ?? "-" }
}
