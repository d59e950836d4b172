import Assets
import Glibc
import Raster
@testable import ShowDemo
import Testing

@testable import Show

@Suite(.serialized) struct WriteTests {
    @Test func writtenShowLoadsBackTheSameWithEveryPicture() throws {
        let dir = try TempDirectory()
        let target = dir.file("shows/demo")  // parents are made as needed
        try DemoShow.write(to: target)
        #expect(try Show.load(directory: target) == DemoShow.show)

        for path in DemoShow.assetPaths {
            let picture = try #require(DemoPicture(path: path))
            let bytes = try FileIO.readAll(path: target + "/" + path)
            let format = try Image.format(of: bytes)
            #expect(format == (picture.isJPEG ? .jpeg : .png), "\(path)")
            #expect(format == (path.hasSuffix(".jpg") ? .jpeg : .png), "\(path)")
            let image = try Image.decode(bytes, name: path)
            #expect((image.width, image.height) == picture.size, "\(path)")
            // Icons keep their transparency; everything else is opaque.
            #expect(image.format == (path.hasPrefix("icons/") ? .argb8888 : .xrgb8888), "\(path)")
        }
        // The folder has exactly the pictures and the manifest: no temporary files.
        #expect(try listFiles(target) == (DemoShow.assetPaths + ["show.toml"]).sorted())

        // And it plays: every picture through ShowAssets, without a warning.
        let assets = ShowAssets(directory: target)
        for path in DemoShow.assetPaths { _ = assets.image(path) }
        #expect(assets.takeWarnings() == [])

        // PNG pictures are the drawn ones exactly.
        let demo = ShowAssets.demo()
        for path in ["launch/left-l.png", "icons/visit.png"] {
            #expect(bytes(try PNG.read(path: target + "/" + path)) == bytes(demo.image(path)), "\(path)")
        }
    }

    @Test func refusesToOverwriteAShow() throws {
        let dir = try TempDirectory()
        try dir.write("title = \"mine\"\n", to: "show.toml")
        #expect(throws: ShowWriteError.showExists(path: dir.file("show.toml"))) {
            try DemoShow.write(to: dir.path)
        }
        #expect(
            ShowWriteError.showExists(path: dir.file("show.toml")).description
                == "\(dir.path)/show.toml: already exists (not overwriting a show)")
        // Nothing else was written.
        #expect(try listFiles(dir.path) == ["show.toml"])
    }

    @Test func aFileInTheWayIsAnErrorNamingIt() throws {
        let dir = try TempDirectory()
        try dir.write("", to: "file")
        #expect(throws: ShowWriteError.cannotCreateDirectory(path: dir.file("file"), errno: ENOTDIR)) {
            try DemoShow.write(to: dir.file("file/show"))
        }
        #expect(
            ShowWriteError.cannotCreateDirectory(path: "/x/file", errno: ENOTDIR).description
                == "/x/file: cannot create directory: Not a directory (ENOTDIR)")
        #expect(
            ShowWriteError.cannotWrite(path: "/x/a.png", errno: ENOSPC).description
                == "/x/a.png: cannot write: No space left on device (ENOSPC)")
    }

    @Test func aFolderInThePlaceOfAPictureStopsTheWriteWithoutAManifest() throws {
        let dir = try TempDirectory()
        try dir.makeDirectory("home")
        try dir.makeDirectory("home/wall.jpg")
        #expect(throws: ShowWriteError.image(.notReplaceable(path: dir.file("home/wall.jpg"), kind: .directory))) {
            try DemoShow.write(to: dir.path)
        }
        // The pictures before it were written; no show.toml, no temporary file.
        let files = try listFiles(dir.path)
        #expect(!files.contains("show.toml"))
        #expect(files.contains("launch/bg-l.png"))
        #expect(!files.contains { $0.hasSuffix(".tmp") })
    }
}

/// Every regular file under `root`, as paths relative to it, sorted.
func listFiles(_ root: String, under prefix: String = "") throws -> [String] {
    guard let dir = opendir(root + (prefix.isEmpty ? "" : "/" + prefix)) else { throw TempDirectoryError(errno: errno) }
    defer { closedir(dir) }
    var out: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
            String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
        }
        if name == "." || name == ".." { continue }
        let rel = prefix.isEmpty ? name : prefix + "/" + name
        if entry.pointee.d_type == DT_DIR {
            out += try listFiles(root, under: rel)
        } else {
            out.append(rel)
        }
    }
    return out.sorted()
}
