import FuzzSupport
import Runtime

/// What a client sends the control socket, through the server's framing
/// (`ControlRequest`, as the bytes arrive in the server's 128-byte reads) and the command
/// parser (`ControlCommand`): a command, or an error reply of one line; never a trap, a
/// hang or a leak. The kiosk's part, carrying the command out, needs a kiosk (the unit
/// tests drive it).
func controlLineFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    // The server reads 128 bytes at a time while it has no LF and at most maxBytes.
    var received = 0
    var request = ControlRequest.incomplete
    while received < bytes.count, request == .incomplete {
        received = min(received + 128, bytes.count)
        request = ControlRequest(received: bytes[..<received], peerClosed: false)
    }
    if request == .incomplete { request = ControlRequest(received: bytes, peerClosed: true) }

    switch request {
    case .incomplete:
        fuzzFailure("incomplete after the peer closed")
    case .silent:
        guard bytes.isEmpty else { fuzzFailure("\(bytes.count) bytes taken for a silent peer") }
    case .tooLong:
        guard received > ControlRequest.maxBytes else { fuzzFailure("too long after \(received) bytes") }
    case .line(let line):
        let space: Set<Character> = [" ", "\t", "\r", "\n"]
        if let first = line.first, space.contains(first) { fuzzFailure("line not trimmed: \(line.debugDescription)") }
        if let last = line.last, space.contains(last) { fuzzFailure("line not trimmed: \(line.debugDescription)") }
        do {
            _ = try ControlCommand(line: line)
        } catch {
            // The reply is lines joined by LF: an error must be one line, and short.
            let reply = "\(error)"
            if reply.contains("\n") { fuzzFailure("reply of more than one line: \(reply.debugDescription)") }
            if reply.utf8.count > 1024 { fuzzFailure("reply of \(reply.utf8.count) bytes") }
        }
    }
    return 0
}

runFuzzer(controlLineFuzz)
