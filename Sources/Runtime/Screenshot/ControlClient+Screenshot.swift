import Assets

extension ControlClient {
    /// Seconds `vitrine ctl screenshot` waits for the kiosk, from connecting to the reply's
    /// end. The kiosk turns and encodes the picture before it answers, which on a slow
    /// board at 1920x1080 takes far longer than any other command: this bound is one only
    /// a kiosk that hangs crosses.
    public static let screenshotTimeout = 30.0

    /// `vitrine ctl screenshot FILE`'s side: makes the temporary file beside `file` (as
    /// every atomic write does: `AtomicFile`, which first refuses a path it would not
    /// replace), sends `screenshot` with its descriptor attached, and on an "ok" reply
    /// syncs it and renames it over `file`. On an error reply, or none, the temporary
    /// file is removed and `file` is left as it was. The kiosk writes the bytes: the
    /// client may write where the kiosk, sandboxed, may not.
    /// - Returns: the kiosk's reply, "ok ..." (the file is in place) or "error: ...".
    /// - Throws: `.file` when `file` is refused or can't be written (before the kiosk is
    ///   asked, or at the rename), `.control` when no kiosk answered.
    public static func screenshot(to file: String, socket path: String, timeout: Double = screenshotTimeout)
        throws(ScreenshotClientError) -> [String]
    {
        var output: AtomicFile
        do { output = try AtomicFile(path: file) } catch { throw .file(error) }
        let reply: [String]
        do {
            reply = try send("screenshot", to: path, timeout: timeout, descriptor: output.descriptor)
        } catch {
            output.abandon()
            throw .control(error)
        }
        guard let first = reply.first, first.hasPrefix("ok") else {
            output.abandon()
            return reply
        }
        do { try output.commit(synced: true) } catch { throw .file(error) }
        return reply
    }
}

/// Why `vitrine ctl screenshot` wrote no file, with its exit status.
public enum ScreenshotClientError: Error, Equatable, CustomStringConvertible {
    /// The file: refused (a directory, a device, a FIFO, a socket, a link to one of
    /// those: `ImageError.notReplaceable`) or not writable (a missing folder, EACCES),
    /// before the kiosk was asked; or the sync or rename failed after. Exit 1, as
    /// `vitrine render` for the same path.
    case file(ImageError)
    /// No answer from a kiosk (`ControlClientError`, with its exit status).
    case control(ControlClientError)

    public var exitStatus: ExitStatus {
        switch self {
        case .file: .failure
        case .control(let e): e.exitStatus
        }
    }

    public var description: String {
        switch self {
        case .file(let e): "\(e)"
        case .control(let e): "\(e)"
        }
    }
}
