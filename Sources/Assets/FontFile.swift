internal import Glibc
import Synchronization

/// A font file's bytes, read once and shared by every `Font` loaded from the same file
/// while one is alive: the kiosk's text engines (the compositor's text, the demo show's
/// pictures, the card detail's measuring) each load DejaVu Sans and its bold, 1.4 MiB
/// of file read twice or three times over (the kiosk's memory budget). FreeType and
/// HarfBuzz only read the bytes, so sharing them is safe across engines and threads.
///
/// The same file: the same path, device, inode, size and modification time (`stat`), so
/// a file replaced or rewritten at that path is read anew. Freed with the last font.
final class FontFile: @unchecked Sendable {
    /// The file's bytes (never written after `init`).
    let bytes: UnsafeMutableRawBufferPointer
    private let key: Key

    /// What makes two loads the same file.
    struct Key: Hashable {
        let path: String
        let device: UInt64
        let inode: UInt64
        let size: Int
        let modified: Int
        let modifiedNanoseconds: Int
    }

    private struct Entry {
        weak var file: FontFile?
    }

    /// The files alive, by key (entries of freed files are removed by their `deinit`).
    private static let open = Mutex<[Key: Entry]>([:])

    private init(bytes: UnsafeMutableRawBufferPointer, key: Key) {
        self.bytes = bytes
        self.key = key
    }

    deinit {
        let key = self.key
        Self.open.withLock { table in
            if table[key]?.file == nil { table[key] = nil }
        }
        bytes.deallocate()
    }

    /// The bytes of the file at `path`: those of a font already loaded from it, or read
    /// now (at most `maxBytes`).
    /// - Throws: `FileIO.readAll`'s errors, as `ImageError`; `empty` is the caller's.
    static func shared(path: String, maxBytes: Int) throws(ImageError) -> FontFile {
        var info = stat()
        let key: Key? =
            stat(path, &info) == 0
            ? Key(
                path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
                modified: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec)) : nil
        if let key, let alive = open.withLock({ $0[key]?.file }) { return alive }
        let data = try FileIO.readAll(path: path, maxBytes: maxBytes)
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(data.count, 1), alignment: 16)
        data.withUnsafeBytes { bytes.copyMemory(from: $0) }
        let file = FontFile(
            bytes: UnsafeMutableRawBufferPointer(rebasing: bytes[0..<data.count]),
            key: key ?? Key(path: path, device: 0, inode: 0, size: -1, modified: 0, modifiedNanoseconds: 0))
        // A file not stat-able before the read (it appeared since) is not shared.
        if let key {
            return open.withLock { table in
                // Another thread may have read it meanwhile: keep the first.
                if let first = table[key]?.file { return first }
                table[key] = Entry(file: file)
                return file
            }
        }
        return file
    }
}
