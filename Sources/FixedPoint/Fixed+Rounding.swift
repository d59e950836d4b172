// Integer parts and absolute value of Q16.16 values.

extension Fixed {
    /// The largest integer <= self (rounds toward -infinity): -1.5 -> -2.
    @inlinable
    public var floor: Int {
        Int(raw >> 16)  // Arithmetic shift rounds toward -infinity.
    }

    /// The smallest integer >= self (rounds toward +infinity): -1.5 -> -1, `max` -> 32768.
    @inlinable
    public var ceil: Int {
        (Int(raw) + 0xFFFF) >> 16
    }

    /// The nearest integer, ties toward +infinity (`floor(x + 0.5)`): 2.5 -> 3, -2.5 -> -2.
    /// Matches the tie rule of `*`.
    @inlinable
    public var rounded: Int {
        (Int(raw) + 0x8000) >> 16
    }

    /// `floor` as a Fixed (fraction bits cleared). Always representable.
    @inlinable
    public var floored: Fixed {
        Fixed(raw: raw & ~0xFFFF)
    }

    /// `ceil` as a Fixed. Traps when self > 32767 (32768 does not fit Q16.16).
    @inlinable
    public var ceiled: Fixed {
        let c = ceil
        precondition(c <= 32767, "Fixed(\(self)).ceiled: 32768 out of Q16.16 range")
        return Fixed(raw: Int32(c) << 16)
    }

    /// The absolute value. Traps for `Fixed.min` (32768 does not fit Q16.16).
    @inlinable
    public var magnitude: Fixed {
        raw < 0 ? -self : self
    }
}
