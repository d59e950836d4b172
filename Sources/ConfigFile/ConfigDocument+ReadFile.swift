import LinuxSystem

extension ConfigDocument {
    /// The bytes of the regular file at `path`, at most `maxBytes` of them.
    ///
    /// Read by `RegularFile.read`: a FIFO (or a device) named by mistake is refused after
    /// `stat`, without being opened, instead of waiting for a writer.
    static func readFile(_ path: String) throws(ConfigError) -> [UInt8] {
        func failure(_ message: String, _ reason: ConfigError.ReadFailure? = nil) -> ConfigError {
            ConfigError(file: path, line: nil, key: "", message: message, readFailure: reason)
        }
        do {
            return try RegularFile.read(path: path, limit: maxBytes)
        } catch {
            switch error {
            case .notFound, .failed:
                throw failure("cannot read: \(errnoDescription(error.errno))", .errno(error.errno))
            case .notRegularFile(let kind):
                throw failure("not a regular file (\(kind))", .notRegularFile)
            case .tooLarge:
                throw failure("too big for a configuration file (over \(maxBytes) bytes)")
            }
        }
    }
}
