/// Fixed-point decimal formatting without Foundation's formatters (which pull ICU into
/// a static binary): `format(1.23456, places: 3)` is "1.235", rounded half away from 0.
public enum Decimal {
    public static func format(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e18 else { return String(value) }
        let n = UInt64(scaled)
        let p = UInt64(scale)
        var s = value < 0 && n != 0 ? "-" : ""
        s += String(n / p)
        if places > 0 {
            let frac = String(n % p)
            s += "." + String(repeating: "0", count: places - frac.count) + frac
        }
        return s
    }
}
