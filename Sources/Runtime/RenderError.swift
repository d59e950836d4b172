import Assets
import Input

/// What stops `vitrine render`.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The request itself is wrong (a bad command line: exit 64).
    case usage(String)
    /// The output folder can't be made.
    case output(path: String, reason: String)
    case image(ImageError)
    /// The touch script doesn't parse: `file:line: what is wrong`.
    case touchScript(TouchScriptError)
    case frame(PipelineError)
    /// The display frames are presented on (`--present`) failed, closed or changed size.
    case display(String)

    public var description: String {
        switch self {
        case .usage(let what): what
        case .output(let path, let reason): "render: can't create \(path): \(reason)"
        case .image(let e): "render: \(e)"
        case .touchScript(let e): "\(e)"
        case .frame(let e): "render: \(e)"
        case .display(let what): "render: display: \(what)"
        }
    }
}
