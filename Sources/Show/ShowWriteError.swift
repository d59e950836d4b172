import LinuxSystem
import Assets

/// Why a show could not be written out (ShowDemo's `DemoShow.write(to:)`). Each case names the
/// path; `description` is the one line `vitrine show init` prints.
public enum ShowWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `show.toml` is already there: an existing show is never overwritten.
    case showExists(path: String)
    /// A folder could not be made (`mkdir`'s errno: EACCES, ENOTDIR, ...).
    case cannotCreateDirectory(path: String, errno: Int32)
    /// A file could not be written (the errno of the step that failed: ENOSPC on a full
    /// disk, EROFS on a read-only one); nothing half-written is left at `path`, and a
    /// file that was there stays as it was.
    case cannotWrite(path: String, errno: Int32)
    /// A picture could not be encoded.
    case image(ImageError)

    public var description: String {
        switch self {
        case .showExists(let path): "\(path): already exists (not overwriting a show)"
        case .cannotCreateDirectory(let path, let e): "\(path): cannot create directory: \(errnoDescription(e))"
        case .cannotWrite(let path, let e): "\(path): cannot write: \(errnoDescription(e))"
        case .image(let error): error.description
        }
    }
}
