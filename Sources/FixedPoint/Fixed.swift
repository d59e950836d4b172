/// Q16.16 signed fixed point: value = raw / 65536. Range -32768 ... 32767.99998 (32767 + 65535/65536).
///
/// The number type of all per-pixel geometry (the Architecture article, "Conventions"): positions and texture
/// steps in pixels. It is the same representation as pixman's `pixman_fixed_t`, so results can
/// be checked bit for bit against pixman.
///
/// Overflow policy: the operators (`+`, `-`, `*`, `/`, unary `-`) trap with a message naming the
/// operands; the `...ReportingOverflow` variants never trap and return the low 32 bits of the
/// rounded result (two's-complement wrap, like `Int32`'s) with `overflow == true`.
///
/// Rounding rules, one per operation (all are exact before their single rounding step):
/// - `init(_: Double)`: to nearest, ties away from zero.
/// - `*`: exact Q32.32 product, to nearest, ties toward +infinity (`(p + 0x8000) >> 16`, pixman's rule).
/// - `/`: exact `(a << 16) / b`, to nearest, ties away from zero.
/// - `floor`, `ceil`: toward -infinity, toward +infinity. `rounded`: to nearest, ties toward +infinity.
/// - `sin`, `cos`, `sinCos`: computed to 1e-8 in Q2.30, then to nearest, ties away from zero
///   (so sin is exactly odd and cos exactly even).
/// - `Matrix3`: products and affine `apply(to:)` round as `*`; `inverse` and projective
///   `apply(to:)` round as `/`.
public struct Fixed: Hashable, Comparable, Sendable {
    /// The value times 65536, in two's complement.
    public var raw: Int32

    /// The number of fraction bits.
    public static let fractionBits = 16

    /// Wraps a raw Q16.16 value (raw / 65536), no conversion.
    @inlinable
    public init(raw: Int32) {
        self.raw = raw
    }

    /// An integer, exactly. Traps when `value` is outside -32768...32767.
    @inlinable
    public init(_ value: Int) {
        precondition(
            value >= -32768 && value <= 32767,
            "Fixed(\(value)): integer out of Q16.16 range -32768...32767")
        self.raw = Int32(truncatingIfNeeded: value) << 16
    }

    /// An integer, exactly; nil when `value` is outside -32768...32767.
    @inlinable
    public init?(exactly value: Int) {
        guard value >= -32768 && value <= 32767 else { return nil }
        self.raw = Int32(truncatingIfNeeded: value) << 16
    }

    /// The nearest Q16.16 value to `value`, ties away from zero (so `Fixed(-x) == -Fixed(x)`).
    ///
    /// Traps when `value` is NaN or infinite, or when the rounded result does not fit
    /// (`value` below -32768.0000076 or at/above 32767.9999924).
    @inlinable
    public init(_ value: Double) {
        guard let fixed = Fixed(checking: value) else {
            preconditionFailure("Fixed(\(value)): not finite or out of Q16.16 range -32768...32767.99998")
        }
        self = fixed
    }

    /// The nearest Q16.16 value to `value`, ties away from zero; nil when `value` is not finite
    /// or the rounded result does not fit.
    @inlinable
    public init?(checking value: Double) {
        guard value.isFinite else { return nil }
        // Multiplying by a power of two is exact for every finite value that can be in range.
        let scaled = (value * 65536).rounded(.toNearestOrAwayFromZero)
        guard scaled >= -2_147_483_648.0 && scaled <= 2_147_483_647.0 else { return nil }
        self.raw = Int32(scaled)
    }

    public static let zero = Fixed(raw: 0)
    public static let one = Fixed(raw: 0x1_0000)
    public static let half = Fixed(raw: 0x8000)
    /// -32768.
    public static let min = Fixed(raw: Int32.min)
    /// 32767 + 65535/65536 (about 32767.99998).
    public static let max = Fixed(raw: Int32.max)
    /// The smallest positive value, 1/65536 (raw 1).
    public static let ulp = Fixed(raw: 1)

    /// The exact value as a Double (every Q16.16 value is representable).
    @inlinable
    public var doubleValue: Double {
        Double(raw) / 65536
    }

    @inlinable
    public static func < (a: Fixed, b: Fixed) -> Bool {
        a.raw < b.raw
    }
}
