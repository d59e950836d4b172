// swift-tools-version:6.1
// Vitrine's fuzz targets: libFuzzer executables, one per parser or decoder a user can feed
// (README, "Fuzzing"). A package of its own, depending on the main package by path, so that
// `swift build` and `swift test` at the top never build them. Built and run by `./run`:
//   swift build -c release -Xswiftc -sanitize=fuzzer,address
// Each target is one file defining `LLVMFuzzerTestOneInput` (no `main`: libFuzzer brings
// it, and SwiftPM compiles a one-file executable with -parse-as-library).
import PackageDescription

/// The main package's identity: SwiftPM names a path dependency after its folder, which is
/// whatever the clone is called ("vitrine", a worktree's name), two levels up from here.
let vitrine = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "vitrine")

/// A product of the main package.
func module(_ name: String) -> Target.Dependency { .product(name: name, package: vitrine) }

let package = Package(
    name: "VitrineFuzz",
    dependencies: [.package(path: "../..")],
    targets: [
        // What the targets share: reading the input's bytes, and the checks on the touch
        // sequences a tracker hands on.
        .target(name: "FuzzSupport", dependencies: [module("Input")]),

        .executableTarget(name: "BoardFuzz", dependencies: ["FuzzSupport", module("Board")]),
        .executableTarget(name: "ShowFuzz", dependencies: ["FuzzSupport", module("Show")]),
        .executableTarget(
            name: "TouchScriptFuzz", dependencies: ["FuzzSupport", module("Input"), module("Runtime")]),
        .executableTarget(name: "ControlLineFuzz", dependencies: ["FuzzSupport", module("Runtime")]),
        .executableTarget(name: "PNGFuzz", dependencies: ["FuzzSupport", module("Assets")]),
        .executableTarget(name: "JPEGFuzz", dependencies: ["FuzzSupport", module("Assets")]),
        .executableTarget(
            name: "TouchStreamFuzz",
            dependencies: ["FuzzSupport", module("Input"), module("LibInput"), module("Rotation")]),
    ],
    swiftLanguageModes: [.v6]
)
