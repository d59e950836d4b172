internal import CLinux

/// How the kiosk asks glibc's malloc to give large blocks back to the system.
///
/// By default glibc serves a block of 128 KiB or more with its own mmap, but the first
/// time such a block is freed it raises that threshold to the block's size (up to 32
/// MiB), so from then on pictures and surfaces come from the main heap. A reload makes
/// a whole new set of them (decoded pictures, their resampled copies, the frame
/// pipeline's shadows) while the old set is still alive; small blocks that outlive a
/// reload (then TOMLKit's, which kept every manifest it parsed) land in the holes
/// the old set leaves, so the next set no longer fits there and the heap grows: by
/// megabytes a reload, without end, while the memory in use stays the same.
///
/// A fixed threshold (`M_MMAP_THRESHOLD`, which also turns the adjusting off) keeps
/// every block of 128 KiB or more in its own mapping, returned to the system when it is
/// freed, so reloads leave the resident size where it started. Frames
/// allocate nothing (the Performance article), so the mappings cost nothing per frame; only making
/// a picture or a surface pays for an mmap.
enum AllocatorTuning {
    /// Blocks this large or larger get their own mapping, bytes (glibc's starting value).
    static let mmapThreshold: Int32 = 128 * 1024

    /// Sets the fixed mmap threshold, once per process. Returns whether glibc took it.
    @discardableResult
    static func apply() -> Bool { applied }

    private static let applied: Bool = vitrine_set_mmap_threshold(mmapThreshold) == 1
}
