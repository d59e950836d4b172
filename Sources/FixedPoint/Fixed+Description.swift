extension Fixed: CustomStringConvertible {
    /// The exact decimal value, e.g. "1.5", "-3.0", "0.0000152587890625" (1 ulp).
    ///
    /// Every Q16.16 value has a finite decimal expansion of at most 16 fraction digits
    /// (65536 divides 10^16), so this prints it in full with trailing zeros removed
    /// (keeping at least one fraction digit). No rounding.
    public var description: String {
        let negative = raw < 0
        let magnitude = UInt64(raw.magnitude)
        let integerPart = magnitude >> 16
        // fraction / 65536 == digits / 10^16, exactly.
        var digits = (magnitude & 0xFFFF) * 152_587_890_625
        var width = 16
        while width > 1 && digits % 10 == 0 {
            digits /= 10
            width -= 1
        }
        let digitString = String(digits)
        let padding = String(repeating: "0", count: width - digitString.count)
        return (negative ? "-" : "") + String(integerPart) + "." + padding + digitString
    }
}
