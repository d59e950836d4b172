import Assets
import Glibc
import LinuxSystem
import Raster
import Show

extension DemoShow {
    /// Writes the demo show out as an editable show folder (`vitrine show init DIR`):
    /// every picture as a real file (PNG for the doors, backgrounds and icons; JPEG for
    /// the wallpaper, covers, pages and portraits) and, last, `show.toml`, so that
    /// `Show.load(directory:)` gives back `DemoShow.show`.
    ///
    /// Creates `directory` and its parents as needed. Every file is written atomically
    /// (a temporary file renamed into place): on an error nothing half-written is left,
    /// and without `show.toml` the folder is not a show yet.
    /// - Throws: `.showExists` when `directory/show.toml` exists (before writing
    ///   anything), else the first folder or file that could not be made.
    public static func write(to directory: String) throws(ShowWriteError) {
        let manifest = Show.manifestPath(in: directory)
        if access(manifest, F_OK) == 0 { throw .showExists(path: manifest) }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        try makeDirectories(base)

        let text = DemoTextPainter()
        for path in show.assetPaths {
            guard let picture = DemoPicture(path: path) else { continue }  // every demo path has one
            let file = base + "/" + path
            if let slash = path.lastIndex(of: "/") { try makeDirectories(base + "/" + path[..<slash]) }
            let surface = picture.draw(text: text)
            do {
                if picture.isJPEG {
                    try JPEG.write(surface, to: file)
                } else {
                    try PNG.write(surface, to: file)
                }
            } catch {
                if case .writeFailed(let p, let e) = error { throw .cannotWrite(path: p, errno: e) }
                throw .image(error)
            }
        }
        do {
            try FileIO.writeAtomically(Array(show.manifestText().utf8), to: manifest)
        } catch {
            if case .writeFailed(let p, let e) = error { throw .cannotWrite(path: p, errno: e) }
            throw .image(error)
        }
    }

    /// `mkdir -p path` (mode 0755 before the umask).
    static func makeDirectories(_ path: String) throws(ShowWriteError) {
        var current = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            current += (current.isEmpty || current == "/" ? "" : "/") + part
            if mkdir(current, 0o755) != 0 {
                let e = errno
                var st = stat()
                guard e == EEXIST, stat(current, &st) == 0, FileKind(mode: st.st_mode) == .directory else {
                    throw .cannotCreateDirectory(path: current, errno: e == EEXIST ? ENOTDIR : e)
                }
            }
        }
    }
}
