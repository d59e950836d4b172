import Assets
import ConfigFile
import Glibc
@testable import ShowDemo
import Testing
import VitrineTestSupport

@testable import Show

/// Bad input: a show on a read-only disk plays (nothing is written beside it), and
/// `vitrine show init` onto a full or a read-only disk stops at the first file that does
/// not fit, naming it and the errno, with only whole files left and no show.toml (so the
/// half-made folder is never taken for a show). On a real tmpfs (`ScratchMount`).
@Suite(.enabled(if: ScratchMount.isAvailable), .serialized) struct ShowDiskTests {
    @Test func aShowOnAReadOnlyDiskLoadsAndPlays() throws {
        let disk = try ScratchMount(sizeKiB: 16 << 10)
        try DemoShow.write(to: disk.writable + "/demo")
        let folder = disk.readOnly + "/demo"
        let before = try listFiles(folder)
        #expect(try Show.load(directory: folder) == DemoShow.show)
        let assets = ShowAssets(directory: folder)
        for path in DemoShow.assetPaths { _ = assets.image(path) }
        #expect(assets.takeWarnings() == [])
        #expect(try listFiles(folder) == before)

        // Writing there: refused with EROFS, naming the first file.
        #expect(throws: ShowWriteError.showExists(path: folder + "/show.toml")) { try DemoShow.write(to: folder) }
        #expect(throws: ShowWriteError.cannotCreateDirectory(path: disk.readOnly + "/other", errno: EROFS)) {
            try DemoShow.write(to: disk.readOnly + "/other")
        }
        // An empty folder there: the first picture's folder can't be made.
        #expect(mkdir(disk.writable + "/empty", 0o755) == 0)
        let first = try #require(DemoShow.assetPaths.first?.split(separator: "/").first.map(String.init))
        #expect(throws: ShowWriteError.cannotCreateDirectory(path: disk.readOnly + "/empty/" + first, errno: EROFS)) {
            try DemoShow.write(to: disk.readOnly + "/empty")
        }
        #expect(try listFiles(disk.writable + "/empty") == [])
        #expect(
            ShowWriteError.cannotCreateDirectory(path: "/ro/launch", errno: EROFS).description
                == "/ro/launch: cannot create directory: Read-only file system (EROFS)")
    }

    @Test func showInitOntoAFullDiskStopsAtTheFileThatDoesNotFit() throws {
        let disk = try ScratchMount(sizeKiB: 512)
        let folder = disk.writable + "/demo"
        var thrown: ShowWriteError?
        do { try DemoShow.write(to: folder) } catch { thrown = error }
        let error = try #require(thrown, "the demo show fits in 512 KiB: make the disk smaller")
        guard case .cannotWrite(let path, let code) = error else {
            Issue.record("expected cannotWrite, got \(error)")
            return
        }
        #expect(code == ENOSPC)
        #expect(path.hasPrefix(folder + "/"))
        #expect(error.description == "\(path): cannot write: No space left on device (ENOSPC)")
        // Nothing under the name that failed, no temporary file, no show.toml; every file
        // left is a whole picture of its size.
        let files = try listFiles(folder)
        let failed = String(path.dropFirst(folder.count + 1))
        #expect(!files.contains(failed))
        #expect(!files.contains("show.toml"))
        #expect(!files.contains { $0.contains(".tmp") })
        #expect(!files.isEmpty)
        for name in files {
            let picture = try #require(DemoPicture(path: name), "\(name)")
            let image = try Image.read(path: folder + "/" + name)
            #expect((image.width, image.height) == picture.size, "\(name)")
        }
        // And it is not a show.
        #expect(throws: ConfigError.self) { try Show.load(directory: folder) }
    }
}
