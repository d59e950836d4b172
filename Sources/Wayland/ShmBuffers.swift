import LinuxSystem
internal import CWayland
internal import Glibc
import Display
import Raster

/// A window's buffers at one size: one memfd pool (`count` buffers of `width` x
/// `height`, back to back), mapped once, each a `wl_buffer` and a `Surface` over its
/// bytes. Made anew for another size; the old set is destroyed whole (the compositor
/// keeps its own mapping of what it still shows, and nothing is written into the old
/// memory again).
final class ShmBuffers {
    let width: Int
    let height: Int
    let format: PixelFormat
    let surfaces: [Surface]
    /// The wl_buffer of each surface.
    let buffers: [OpaquePointer]
    private let memory: UnsafeMutableRawPointer
    private let byteCount: Int
    private let fd: Int32

    /// wl_shm's code for `format`.
    static func shmFormat(_ format: PixelFormat) -> UInt32? {
        switch format {
        case .xrgb8888: UInt32(WL_SHM_FORMAT_XRGB8888.rawValue)
        case .rgb565: UInt32(WL_SHM_FORMAT_RGB565.rawValue)
        default: nil
        }
    }

    /// - Parameters:
    ///   - listener: each wl_buffer's listener (release), called with `owner`.
    init(
        shm: OpaquePointer, width: Int, height: Int, format: PixelFormat, count: Int,
        listener: UnsafePointer<wl_buffer_listener>, owner: UnsafeMutableRawPointer
    ) throws(DisplayError) {
        guard let code = Self.shmFormat(format) else {
            throw .unsupported("wayland: buffers in \(format) (xrgb8888 or rgb565)")
        }
        let stride = width * format.bytesPerPixel
        let size = stride * height
        let total = size * count
        let fd = vitrine_memfd("vitrine-shm")
        guard fd >= 0 else { throw Self.system("memfd_create", errno) }
        guard ftruncate(fd, off_t(total)) == 0 else {
            let e = errno
            close(fd)
            throw Self.system("ftruncate \(total) bytes", e)
        }
        guard let map = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            let e = errno
            close(fd)
            throw Self.system("mmap \(total) bytes", e)
        }
        guard let pool = wl_shm_create_pool(shm, fd, Int32(total)) else {
            munmap(map, total)
            close(fd)
            throw .system(device: "wayland", call: "wl_shm.create_pool", errno: ENOMEM, message: "no memory")
        }
        var surfaces: [Surface] = []
        var buffers: [OpaquePointer] = []
        for i in 0..<count {
            guard let b = wl_shm_pool_create_buffer(
                pool, Int32(i * size), Int32(width), Int32(height), Int32(stride), code)
            else { break }
            _ = wl_buffer_add_listener(b, listener, owner)
            buffers.append(b)
            do {
                surfaces.append(
                    try Surface(
                        borrowing: map + i * size, byteCount: size, width: width, height: height, stride: stride,
                        format: format))
            } catch {
                break
            }
        }
        wl_shm_pool_destroy(pool)
        self.width = width
        self.height = height
        self.format = format
        self.surfaces = surfaces
        self.buffers = buffers
        self.memory = map
        self.byteCount = total
        self.fd = fd
        guard surfaces.count == count, buffers.count == count else {
            throw .unsupported("wayland: \(count) buffers of \(width)x\(height) \(format)")
        }
    }

    deinit {
        for b in buffers { wl_buffer_destroy(b) }
        munmap(memory, byteCount)
        close(fd)
    }

    /// The index of `buffer` in this set (from a release's user data), or nil.
    func index(of buffer: OpaquePointer?) -> Int? {
        guard let buffer else { return nil }
        return buffers.firstIndex(of: buffer)
    }

    static func system(_ call: String, _ e: Int32) -> DisplayError {
        .system(device: "wayland", call: call, errno: e, message: SystemErrno(e).message)
    }
}
