import Board
import FuzzSupport

/// A board file's text into `Board.parse` (what `Board.load` does once the file is read):
/// a board, or a `ConfigError` naming the file; never a trap, a hang or a leak. The board's
/// folder does not exist, so a `[show] path` is looked up (stat) and not found, never
/// opened.
func boardFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let path = "/nonexistent-fuzz/board.toml"
    do {
        _ = try Board.parse(text: fuzzText(data, size), path: path)
    } catch {
        guard error.description.hasPrefix(path + ":") else { fuzzFailure("the error does not name the file: \(error)") }
    }
    return 0
}

runFuzzer(boardFuzz)
