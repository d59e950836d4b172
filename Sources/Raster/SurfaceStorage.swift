import Glibc

/// Where a surface's pixels live, and so who frees them and how.
///
/// Why large surfaces are mappings of their own: glibc's malloc serves a block of 128
/// KiB or more with a mapping of its own at first, but once such a block is freed it
/// raises that threshold to the freed size (up to 32 MiB). From then on a screen-sized
/// picture (8.3 MB at 1920x1080) comes from the heap, and when it is freed its pages
/// stay in the process unless it happened to lie at the heap's top: the kiosk's resident
/// size then keeps the high-water mark of every picture it ever made and dropped. A
/// mapping made here is given back to the kernel (munmap) the moment its surface goes.
public enum SurfaceStorage: Equatable, Sendable {
    /// From the heap (malloc), freed with the surface: fewer than `Surface.mappedThreshold` bytes.
    case heap
    /// An anonymous private mapping of `byteCount` bytes (rounded up to whole pages by
    /// the kernel), unmapped with the surface.
    case mapped(byteCount: Int)
    /// Someone else's memory (`Surface(borrowing:...)`): never freed here.
    case borrowed

    /// Maps `byteCount` (> 0) bytes of zeroed memory, every page present (MAP_POPULATE:
    /// the kernel faults them in now, so no later write pays a fault, as the zero fill
    /// of a heap surface does). Page-aligned, so 64-byte aligned; from `hugePage` bytes
    /// on, aligned on a huge page where it can be (`mapOnHugePages`). With `populate`
    /// false the pages are left for `populate(_:byteCount:)` (or the first writes).
    static func map(byteCount: Int, populate: Bool = true) throws(RasterError) -> UnsafeMutableRawPointer {
        if byteCount >= hugePage, let p = mapOnHugePages(byteCount: byteCount, populate: populate) { return p }
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | (populate ? MAP_POPULATE : 0)
        guard let p = mmap(nil, byteCount, PROT_READ | PROT_WRITE, flags, -1, 0), p != MAP_FAILED
        else { throw RasterError.noMemory(bytes: byteCount, errno: errno) }
        return p
    }

    /// Makes every page of a mapping made by `map(byteCount:populate:)` present
    /// (madvise MADV_POPULATE_WRITE; before Linux 5.14, a write to each page, as
    /// MAP_POPULATE would have). Out of memory: a typed error, the mapping kept.
    static func populate(_ p: UnsafeMutableRawPointer, byteCount: Int) throws(RasterError) {
        if madvise(p, byteCount, MADV_POPULATE_WRITE) == 0 { return }
        guard errno == EINVAL else { throw RasterError.noMemory(bytes: byteCount, errno: errno) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var offset = 0
        while offset < byteCount {
            p.storeBytes(of: 0, toByteOffset: offset, as: UInt8.self)
            offset += page
        }
    }

    /// Bytes in a huge page (2 MiB on x86-64 and on arm64 with 4 KiB pages).
    static let hugePage = 2 << 20

    /// `byteCount` bytes mapped from a `hugePage` boundary, the kernel asked to back
    /// them with huge pages (madvise MADV_HUGEPAGE: transparent huge pages in Debian's
    /// default "madvise" mode; a kernel without them leaves small pages), then every
    /// page made present as `map` does. A 1920x1080 frame then takes 4 TLB entries
    /// instead of some 2000, and a kernel that streams it (a copy, a blend, a turn onto
    /// the panel) stops waiting for page walks: a copy of one is about a seventh
    /// faster. The unaligned head and tail of the reservation are given back at once,
    /// so the mapping is exactly the surface's pages (`unmap` as for any mapping).
    /// nil when a step fails (no memory to populate it): `map` then maps plainly.
    private static func mapOnHugePages(byteCount: Int, populate: Bool) -> UnsafeMutableRawPointer? {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = (byteCount + page - 1) / page * page
        let reserved = length + hugePage - page
        guard let raw = mmap(nil, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            raw != MAP_FAILED
        else { return nil }
        let start = (Int(bitPattern: raw) + hugePage - 1) & ~(hugePage - 1)
        let head = start - Int(bitPattern: raw)
        let tail = reserved - head - length
        if head > 0 { munmap(raw, head) }
        if tail > 0 { munmap(raw + head + length, tail) }
        let p = raw + head
        _ = madvise(p, length, MADV_HUGEPAGE)
        guard populate else { return p }
        do {
            try Self.populate(p, byteCount: length)
        } catch {
            // Out of memory: nothing half made.
            munmap(p, length)
            return nil
        }
        return p
    }

    /// Gives a mapping made by `map(byteCount:)` back to the kernel.
    static func unmap(_ p: UnsafeMutableRawPointer, byteCount: Int) {
        // Fails only for an address range that is not a mapping: not one made by `map`.
        let r = munmap(p, byteCount)
        assert(r == 0, "munmap of a surface's \(byteCount) bytes failed: errno \(errno)")
    }
}

extension Surface {
    /// Owned surfaces of this many bytes or more are mappings of their own
    /// (`SurfaceStorage.mapped`), smaller ones come from the heap: 128 KiB, glibc's own
    /// threshold before it raises it (a 256x128 32-bit picture; a glyph or a small icon is less).
    public static let mappedThreshold = 128 << 10
}
