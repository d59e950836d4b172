import Glibc
import Testing

@testable import Raster

/// Where a surface's pixels live (`SurfaceStorage`): a large surface is a mapping of its
/// own, present from the start and given back to the kernel when the surface goes.
@Suite struct SurfaceStorageTests {
    /// Bytes of a page.
    static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Whether every page of `bytes` bytes from `p` is mapped and resident (mincore(2));
    /// nil when some page of the range is not mapped at all (ENOMEM).
    static func resident(_ p: UnsafeMutableRawPointer, bytes: Int) -> Bool? {
        let pages = (bytes + page - 1) / page
        var vec = [UInt8](repeating: 0, count: pages)
        let r = vec.withUnsafeMutableBufferPointer { mincore(p, bytes, $0.baseAddress) }
        if r != 0 { return errno == ENOMEM ? nil : false }
        return vec.allSatisfy { $0 & 1 == 1 }
    }

    @Test func smallSurfacesComeFromTheHeapLargeOnesAreMappings() throws {
        // 64x64 32-bit: 16 KiB. 256x128: 128 KiB, the threshold. 1920x1080: 8.3 MB.
        #expect(try Surface(width: 64, height: 64, format: .argb8888).storage == .heap)
        #expect(try Surface(width: 256, height: 127, format: .xrgb8888).storage == .heap)  // a row short
        // The stride's padding counts: 255 pixels' rows are 1024 bytes too.
        #expect(try Surface(width: 255, height: 128, format: .xrgb8888).storage == .mapped(byteCount: 128 << 10))
        #expect(try Surface(width: 256, height: 128, format: .xrgb8888).storage == .mapped(byteCount: 128 << 10))
        let screen = try Surface(width: 1920, height: 1080, format: .xrgb8888)
        #expect(screen.storage == .mapped(byteCount: 1920 * 4 * 1080))
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { bytes.deallocate() }
        let lent = try Surface(borrowing: bytes, byteCount: 1 << 20, width: 512, height: 512, stride: 2048, format: .argb8888)
        #expect(lent.storage == .borrowed)
    }

    /// Made unpopulated, a mapped surface's pages are absent until `populate()` (then all
    /// present, still zero); a heap surface is populated whatever is asked.
    @Test func anUnpopulatedSurfaceIsMadePresentByPopulate() throws {
        for size in [(800, 480), (1920, 1080)] {  // small pages, and a huge-page mapping
            let s = try Surface(width: size.0, height: size.1, format: .xrgb8888, populated: false)
            let bytes = s.stride * s.height
            #expect(!s.isPopulated)
            #expect(Self.resident(s.baseAddress, bytes: bytes) == false, "\(size): pages present before populate")
            try s.populate()
            #expect(s.isPopulated)
            #expect(Self.resident(s.baseAddress, bytes: bytes) == true, "\(size)")
            let words = s.baseAddress.assumingMemoryBound(to: UInt32.self)
            #expect((0..<(bytes / 4)).allSatisfy { words[$0] == 0 })
            try s.populate()  // again: nothing
        }
        let small = try Surface(width: 16, height: 16, format: .argb8888, populated: false)
        #expect(small.storage == .heap && small.isPopulated)
    }

    /// A mapped surface is zero-filled like any other, and every page is already there
    /// (MAP_POPULATE: no frame that first writes it pays the faults).
    @Test func aMappedSurfaceIsZeroAndPresent() throws {
        let s = try Surface(width: 800, height: 480, format: .argb8888)
        #expect(s.storage == .mapped(byteCount: 800 * 4 * 480))
        #expect(Self.resident(s.baseAddress, bytes: s.stride * s.height) == true)
        var nonZero = 0
        s.withRows(as: UInt32.self) { _, row in nonZero += row.filter { $0 != 0 }.count }
        #expect(nonZero == 0)
        s[799, 479] = 0xff12_3456
        #expect(s[799, 479] == 0xff12_3456 && s.copy()[799, 479] == 0xff12_3456)
    }

    /// A surface of a huge page or more starts on a huge page's boundary (the kernel may
    /// then back it with huge pages), and is zero and present like any mapped surface.
    @Test func aScreenSizedSurfaceStartsOnAHugePage() throws {
        let s = try Surface(width: 1920, height: 1080, format: .xrgb8888)
        #expect(s.storage == .mapped(byteCount: 1920 * 4 * 1080))
        #expect(Int(bitPattern: s.baseAddress) % SurfaceStorage.hugePage == 0)
        #expect(Self.resident(s.baseAddress, bytes: s.stride * s.height) == true)
        var nonZero = 0
        s.withRows(as: UInt32.self) { _, row in nonZero += row.filter { $0 != 0 }.count }
        #expect(nonZero == 0)
        s[1919, 1079] = 0xff12_3456
        #expect(s[1919, 1079] == 0xff12_3456)
    }

    /// When the surface goes, its mapping goes with it: the range is no longer mapped
    /// (mincore says ENOMEM). Another test's thread may map the freed range again in the
    /// moment between the free and the look, so a mapping still there counts only if it
    /// is there three times out of three, each a new surface (without the munmap, all
    /// three are there, always).
    @Test func theMappingIsGivenBackWhenTheSurfaceGoes() throws {
        var gone = 0
        for _ in 0..<3 {
            var s: Surface? = try Surface(width: 1024, height: 1024, format: .argb8888)
            let (p, bytes) = (s!.baseAddress, s!.stride * s!.height)
            #expect(Self.resident(p, bytes: bytes) == true)
            s = nil
            if Self.resident(p, bytes: bytes) == nil { gone += 1 }
        }
        #expect(gone > 0)
    }

    @Test func noMemorySaysHowMuch() throws {
        #expect(
            RasterError.noMemory(bytes: 8_294_400, errno: ENOMEM).description
                == "no memory for a surface of 8294400 bytes (mmap: errno 12)")
        // 2^61 bytes, more than any 64-bit address space holds (x86-64's 57 bits at most),
        // so refused whatever the overcommit policy (and never populated).
        #expect(throws: RasterError.noMemory(bytes: 1 << 61, errno: ENOMEM)) {
            try Surface(width: 1 << 15, height: 1 << 15, format: .argb8888, stride: 1 << 46)
        }
    }
}
