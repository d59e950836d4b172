/// Which implementation a kernel runs.
///
/// Every kernel has a straightforward `reference` path (one pixel at a time, the formula
/// as written in its doc comment) and a `fast` path (vectorized, incremental, or with
/// shortcuts). The tests check each fast path against the reference bit for bit on
/// seeded random inputs; the reference exists for that, and to read.
public enum KernelPath: Sendable, CaseIterable {
    case reference
    case fast
}
