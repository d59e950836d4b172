/// What the bytes one control-socket connection has sent so far amount to: the framing of
/// a command line, apart from the socket so that it is tested (and fuzzed) on plain bytes.
///
/// A command is one line: everything before the first LF, or everything sent when the
/// peer closes its side without an LF (`echo -n status | socat`). Leading and trailing
/// spaces, tabs, CR and LF are trimmed; invalid UTF-8 becomes U+FFFD (the command parser
/// then names the line unknown). A line longer than `maxBytes` is refused whole: memory
/// per connection stays bounded whatever a client sends.
public enum ControlRequest: Hashable, Sendable {
    /// No complete line yet: wait for more.
    case incomplete
    /// The peer closed without sending a byte (another kiosk probing whether this socket
    /// is alive): nothing to answer.
    case silent
    /// A complete command line, trimmed (possibly empty: a bare LF).
    case line(String)
    /// More than `maxBytes` before the line's end.
    case tooLong

    /// The longest command line, bytes (LF excluded).
    public static let maxBytes = 256

    /// Frames `received`, the connection's bytes so far; `peerClosed`: whether the peer
    /// has closed its side (nothing more will come).
    public init(received: some Collection<UInt8>, peerClosed: Bool) {
        let lineEnd = received.firstIndex(of: 0x0a)
        if let lineEnd {
            let line = received[..<lineEnd]
            self = line.count <= Self.maxBytes ? .line(Self.text(line)) : .tooLong
        } else if received.count > Self.maxBytes {
            self = .tooLong
        } else if !peerClosed {
            self = .incomplete
        } else if received.isEmpty {
            self = .silent
        } else {
            self = .line(Self.text(received))
        }
    }

    /// The line's bytes as text, trimmed.
    private static func text(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingASCIIWhitespace()
    }
}
