import Glibc
import LinuxSystem
import Testing

/// Each kind named with its article (refusals of a path to read) and without (the
/// control socket's "exists and is a FIFO").
struct FileKindTests {
    @Test func kindsAreNamedWithAndWithoutTheArticle() {
        let names: [(UInt32, String, String)] = [
            (S_IFDIR, "a directory", "directory"), (S_IFCHR, "a character device", "character device"),
            (S_IFBLK, "a block device", "block device"), (S_IFIFO, "a FIFO", "FIFO"), (S_IFSOCK, "a socket", "socket"),
            (S_IFREG, "a regular file", "regular file"), (S_IFLNK, "a symbolic link to nothing", "symbolic link"),
        ]
        for (mode, description, noun) in names {
            #expect(FileKind(mode: mode | 0o644).description == description)
            #expect(FileKind(mode: mode).noun == noun)
        }
        #expect(FileKind.symbolicLink(to: .directory).description == "a symbolic link to a directory")
        #expect(FileKind(mode: 0o170000) == .unknown(mode: 0o170000))
        #expect(FileKind(mode: 0o170000).noun == "file of unknown type")
    }
}
