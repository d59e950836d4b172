// swift-tools-version:6.1
// Vitrine's fuzz targets: libFuzzer executables, one per parser or decoder a user can feed
// (the Testing article, "Fuzzing"). A package of its own, depending on the main package by path, so that
// `swift build` and `swift test` at the top never build them. Built and run by `./run`:
//   swift build -c release -Xswiftc -sanitize=fuzzer,address
// Each target is one main.swift: the test of one input, handed to libFuzzer's driver
// (FuzzSupport's `runFuzzer`).
import PackageDescription

/// The main package's identity: SwiftPM names a path dependency after its folder, which is
/// whatever the clone is called ("vitrine", a worktree's name), two levels up from here.
let vitrine = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "vitrine")

/// A product of the main package.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: vitrine) }

/// Linked with lld (the toolchain's): GNU gold, swiftc's default linker on Linux, stops with
/// "internal error in format_file_lineno" on some of these instrumented links (TouchStream,
/// TouchScript; binutils 2.40). lld and bfd link them.
let linker: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"])]

/// A fuzz target: Sources/NAME/main.swift.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies, linkerSettings: linker)
}

let package = Package(
    name: "VitrineFuzz",
    dependencies: [.package(path: "../..")],
    targets: [
        // What the targets share: reading the input's bytes, and the checks on the touch
        // sequences a tracker hands on.
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver", module("Input")]),
        // The declaration of libFuzzer's driver, which each target's main calls.
        .target(name: "CFuzzerDriver"),

        fuzzTarget("BoardFuzz", [module("Board")]),
        fuzzTarget("ShowFuzz", [module("Show")]),
        fuzzTarget("TouchScriptFuzz", [module("Input"), module("Runtime")]),
        fuzzTarget("ControlLineFuzz", [module("Runtime")]),
        fuzzTarget("PNGFuzz", [module("Assets")]),
        fuzzTarget("JPEGFuzz", [module("Assets")]),
        fuzzTarget("TouchStreamFuzz", [module("Input"), module("LibInput"), module("Rotation")]),
    ],
    swiftLanguageModes: [.v6]
)
