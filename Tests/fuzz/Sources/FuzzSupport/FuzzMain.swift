import CFuzzerDriver

#if canImport(Glibc)
    import Glibc
#endif

/// One fuzz input: its bytes (nil or empty for an empty input); 0 to go on.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer on `test` with the process's arguments (its flags, corpus folders or
/// files to replay), then exits with libFuzzer's status.
///
/// Each target's main.swift calls this rather than leaving `main` to libFuzzer: SwiftPM
/// links an executable's `main` to the module's own entry point (`--defsym
/// main=<Module>_main`), so libFuzzer's `main` is never the one that runs.
public func runFuzzer(_ test: FuzzTest) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
