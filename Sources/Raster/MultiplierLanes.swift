/// The constant factors of the kernels' lane multiplies (pmulhuw, pmullw), read from
/// memory the optimizer cannot see into: allocated and set when first used. Written as
/// literals, they let LLVM turn each multiply by a power of two, or by 257, into
/// shifts and adds, which take more instructions and compete for the two ports that
/// shifts and shuffles share on the x86-64 cores measured (AMD EPYC), where the
/// multiplier has its own. A `let` holding a pointer rather than a global `var`: reading
/// a global variable costs a dynamic exclusivity check each time. Read once per span,
/// before the loop.
struct MultiplierLanes {
    /// 257 in every 16-bit lane: `divideBy255`'s factor.
    var div255 = SIMD8<UInt16>(repeating: 257)
    /// The horizontal weights of a doubled row's pixel pair (`TransformJob.doubledOverSpan`):
    /// the right-hand column's 7-bit weight, 96 for the first pixel, 32 for the second,
    /// in each pixel's four lanes.
    var doubledWeights = SIMD8<UInt16>(96, 96, 96, 96, 32, 32, 32, 32)
    /// The one instance.
    nonisolated(unsafe) static let current: UnsafePointer<MultiplierLanes> = {
        let p = UnsafeMutablePointer<MultiplierLanes>.allocate(capacity: 1)
        p.initialize(to: MultiplierLanes())
        return UnsafePointer(p)
    }()
}
