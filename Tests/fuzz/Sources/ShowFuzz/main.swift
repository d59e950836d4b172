import FuzzSupport
import Show

/// A show manifest's text into `Show.parse` (what `Show.load` does once show.toml is
/// read): a show, or a `ConfigError` naming the file; never a trap, a hang or a leak.
///
/// A manifest that parses is written back (`manifestText`, what `vitrine show init`
/// writes) and read again: the same show must come back.
func showFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let path = "fuzz/show.toml"
    let show: Show
    do {
        show = try Show.parse(text: fuzzText(data, size), path: path)
    } catch {
        guard error.description.hasPrefix(path + ":") else { fuzzFailure("the error does not name the file: \(error)") }
        return 0
    }
    let written = show.manifestText()
    do {
        let again = try Show.parse(text: written, path: path)
        guard again == show else { fuzzFailure("written and read back, the show differs:\n\(written)") }
    } catch {
        fuzzFailure("the show as written does not read back: \(error)\n\(written)")
    }
    return 0
}

runFuzzer(showFuzz)
