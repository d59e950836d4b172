internal import Glibc

/// The descriptors a control connection sent with its line (SCM_RIGHTS): the file
/// `screenshot` writes into (the Control socket article).
///
/// The server owns them: it closes them once the line is answered, or the connection is
/// dropped unanswered, whatever the command did; a command only borrows one for the length
/// of its call. At most one is held per connection: when a second comes, both are closed
/// at once and only counted, so that no client can make the kiosk hold descriptors, and
/// `screenshot` refuses the line.
enum ControlAttachment: Hashable, Sendable {
    /// No descriptor came.
    case none
    /// One descriptor, open in the kiosk (close-on-exec).
    case one(Int32)
    /// This many came, none held: 2 or more, all closed already; or 1 the kernel could
    /// not hand over (the kiosk out of descriptors).
    case several(Int)

    /// How many descriptors came.
    var count: Int {
        switch self {
        case .none: 0
        case .one: 1
        case .several(let n): n
        }
    }

    /// Adds what one read brought: `received` descriptors open in the kiosk, out of
    /// `count` that came (the rest closed by the reader, or dropped by the kernel). More
    /// than one in all, or one not received: every one is closed, and counted.
    mutating func add(_ received: UnsafeBufferPointer<Int32>, count: Int) {
        guard count > 0 else { return }
        if case .none = self, count == 1, received.count == 1 {
            self = .one(received[0])
            return
        }
        let total = self.count + count
        close()
        for fd in received { Glibc.close(fd) }
        self = .several(total)
    }

    /// Closes the descriptor held, if any: nothing is held afterwards.
    mutating func close() {
        if case .one(let fd) = self { Glibc.close(fd) }
        self = .none
    }
}
