// swift-tools-version:6.1
// Vitrine: a kiosk runtime for low-power Linux touch panels. Modules: Sources/vitrine/Vitrine.docc/Architecture.md.
import PackageDescription

/// The frame path (touch handling included: a drag's updates come every frame) is
/// compiled optimized even in debug builds: `swift test` then checks the code that ships
/// (the steady-state "no heap allocation per frame" holds only once generics are
/// specialized), and pixel loops run at speed in the tests.
let framePath: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Vitrine",
    products: [
        .executable(name: "vitrine", targets: ["vitrine"])
    ]
        // The modules whose parsers and decoders the fuzz targets feed, one library each, for
        // Tests/fuzz: a package of its own that depends on this one by path, so that `swift
        // build` and `swift test` here never build it.
        + ["Board", "Show", "Input", "Assets", "LibInput", "Rotation", "Runtime"].map { .library(name: $0, targets: [$0]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // C at the edge: module maps over Debian's libraries, found through pkg-config.
        .systemLibrary(
            name: "CImage", path: "Sources/CImage", pkgConfig: "spng",
            providers: [.apt(["libspng-dev", "libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CText", path: "Sources/CText", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev"])]),
        // fontconfig: installed fonts by family name, and the fonts that have a character.
        .systemLibrary(
            name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        // Test-only: pixman is the oracle the raster kernels are checked against.
        .systemLibrary(
            name: "CPixman", path: "Sources/CPixman", pkgConfig: "pixman-1",
            providers: [.apt(["libpixman-1-dev"])]),

        // libdrm for the DRM/KMS backend; shim.h turns the function-like macros (fourcc codes,
        // property types) into static inline functions Swift can call.
        .systemLibrary(
            name: "CDRM", path: "Sources/CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),

        // libinput and libudev for touch; shim.h formats libinput's va_list log lines.
        .systemLibrary(
            name: "CLibInput", path: "Sources/CLibInput", pkgConfig: "libinput",
            providers: [.apt(["libinput-dev", "libudev-dev"])]),

        // libwayland-client and the xdg-shell / presentation-time glue wayland-scanner made
        // (generate.sh; WaylandTests checks it is current), for the Wayland backend.
        .target(
            name: "CWayland", exclude: ["generate.sh"],
            linkerSettings: [.linkedLibrary("wayland-client")]),

        // Linux calls Glibc's module leaves out (signalfd, accept4): the event loop's edge.
        .target(name: "CLinux"),
        // The system at the bottom: errno's names and texts, EINTR retries and system-call
        // errors, regular-file reads, file kinds and directory listings, for every module.
        .target(name: "LinuxSystem", dependencies: ["CLinux"]),
        // The x86 lane instructions Raster's kernels need and Swift cannot ask for (pmaddwd):
        // inline functions in a header, nothing linked.
        .target(name: "CLanes"),
        // <linux/fb.h>'s structures, which Glibc's module leaves out: a module map only.
        .systemLibrary(name: "CFBDev", path: "Sources/CFBDev"),

        // Pure modules: build and test without a display or an input device.
        .target(name: "FixedPoint"),
        // How an error message repeats the user's text: cut to one line (`shortened`).
        .target(name: "MessageText"),
        .target(name: "Raster", dependencies: ["FixedPoint", "CLanes"], swiftSettings: framePath),
        .target(name: "Compositor", dependencies: ["Raster", "FixedPoint", "LinuxSystem"], swiftSettings: framePath),
        .target(name: "Motion", dependencies: ["FixedPoint"]),
        .target(name: "Input", dependencies: ["FixedPoint", "LinuxSystem", "MessageText"], swiftSettings: framePath),
        // Orientation: the one owner of the logical <-> panel transform, for pixels and touch.
        .target(name: "Rotation", dependencies: ["Input", "FixedPoint", "LinuxSystem"]),
        // Screen power: the screen hours, the on/dim/off policy on an injected clock, and
        // the sysfs backlight.
        .target(name: "Power", dependencies: ["LinuxSystem"]),
        .target(name: "Assets", dependencies: ["Raster", "LinuxSystem", "CImage", "CText", "CFontconfig"]),
        .target(name: "Display", dependencies: ["Raster", "FixedPoint"], swiftSettings: framePath),
        .target(name: "DRM", dependencies: ["LinuxSystem", "Display", "Raster", "FixedPoint", "CDRM"]),
        .target(
            name: "Scenes", dependencies: ["Compositor", "Motion", "Input", "Assets", "Raster", "FixedPoint", "Show"],
            swiftSettings: framePath),
        .target(
            name: "Runtime",
            dependencies: [
                "Scenes", "Compositor", "Display", "Motion", "Input", "Assets", "Raster", "FixedPoint", "Board", "Show",
                "ShowDemo", "ConfigFile", "LinuxSystem", "CLinux", "FBDev", "DRM", "LibInput", "Rotation", "Wayland", "Power",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: framePath),
        .target(name: "FBDev", dependencies: ["LinuxSystem", "Display", "Raster", "CFBDev"]),
        .target(name: "Wayland", dependencies: ["LinuxSystem", "Display", "Raster", "FixedPoint", "Input", "CWayland"]),
        .target(name: "LibInput", dependencies: ["LinuxSystem", "Input", "CLibInput"]),
        .target(name: "RasterBench", dependencies: ["LinuxSystem", "Raster", "FixedPoint"]),
        // Configuration files: TOML (our own parser) read into typed values, every mistake as
        // `file:line: key: what`.
        // LinuxSystem reads the file (a regular one only) and names the errno when it cannot.
        .target(name: "ConfigFile", dependencies: ["LinuxSystem", "MessageText"]),
        .target(
            name: "Board",
            dependencies: ["ConfigFile", "MessageText", "Display", "Raster", "Rotation", "LinuxSystem", "Power"]),
        .target(
            name: "Show",
            dependencies: ["ConfigFile", "MessageText", "Assets", "Motion", "Raster", "FixedPoint", "LinuxSystem"],
            swiftSettings: framePath),
        // The built-in demo show: its manifest and its pictures, drawn by code.
        .target(name: "ShowDemo", dependencies: ["Show", "Assets", "Raster", "LinuxSystem"], swiftSettings: framePath),

        .executableTarget(
            name: "vitrine",
            dependencies: [
                "Runtime", "RasterBench", "Assets", "Raster", "Board", "Show", "ShowDemo", "ConfigFile", "Display", "DRM",
                "LibInput", "LinuxSystem", "Power",
                "Input", "Rotation", "Scenes", "Compositor", "FixedPoint", .product(name: "Logging", package: "swift-log"),
            ]),

        // Shared by the test targets: golden-image assertions, and more to come.
        .target(name: "VitrineTestSupport", dependencies: ["Assets", "Raster", "ConfigFile"], path: "Tests/VitrineTestSupport"),

        // Test-only: counts the calling thread's heap allocations (malloc interposed).
        .target(name: "CAllocCount", path: "Tests/CAllocCount"),

        // Test-only: a fake Wayland compositor (libwayland-server, xdg-shell's server glue
        // from wayland-scanner: generate.sh) the WaylandTests run as a child process and
        // script per test: globals left out, configure storms, buffers held, disconnects at
        // each startup stage, protocol errors. Built beside the test bundle by `swift build
        // --build-tests`; not a dependency of any target.
        .executableTarget(
            name: "WaylandFake", path: "Tests/WaylandFake", exclude: ["generate.sh"],
            linkerSettings: [.linkedLibrary("wayland-server")]),
        // Test-only: a pointer device in sway's seat on a machine without /dev/input (the
        // wlr virtual-pointer protocol), so `swaymsg seat - cursor` clicks reach the kiosk.
        // Built beside the test bundle, as WaylandFake.
        .executableTarget(
            name: "WaylandVirtualPointer", path: "Tests/WaylandVirtualPointer",
            linkerSettings: [.linkedLibrary("wayland-client")]),

        .testTarget(name: "LinuxSystemTests", dependencies: ["LinuxSystem"]),
        .testTarget(name: "PowerTests", dependencies: ["Power", "LinuxSystem"]),
        .testTarget(name: "FixedPointTests", dependencies: ["FixedPoint", "VitrineTestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "FixedPoint", "CPixman", "VitrineTestSupport"]),
        .testTarget(
            name: "CompositorTests", dependencies: ["Compositor", "Raster", "FixedPoint", "VitrineTestSupport"],
            exclude: ["Golden"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "FixedPoint"]),
        .testTarget(
            name: "InputTests", dependencies: ["Input", "FixedPoint", "MessageText", "LinuxSystem", "VitrineTestSupport"]),
        .testTarget(
            name: "AssetsTests", dependencies: ["Assets", "Raster", "LinuxSystem", "VitrineTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "DisplayTests", dependencies: ["Display", "Raster"]),
        .testTarget(name: "WaylandTests", dependencies: ["Wayland", "Display", "Raster", "VitrineTestSupport"]),
        .testTarget(name: "FBDevTests", dependencies: ["FBDev", "CFBDev", "Display", "Raster"]),
        .testTarget(name: "LibInputTests", dependencies: ["LibInput", "Input", "FixedPoint"]),
        .testTarget(name: "RotationTests", dependencies: ["Rotation", "Input", "FixedPoint", "VitrineTestSupport"]),
        .testTarget(name: "DRMTests", dependencies: ["DRM", "Display", "Raster", "FixedPoint", "CDRM"]),
        .testTarget(
            name: "ScenesTests",
            dependencies: [
                "ShowDemo", "Scenes", "Motion", "Compositor", "Assets", "Rotation", "Input", "Raster", "FixedPoint", "Show",
                "VitrineTestSupport",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "RuntimeTests",
            dependencies: ["LinuxSystem", "ShowDemo", 
                "Runtime", "Scenes", "Display", "Compositor", "Raster", "FixedPoint", "Assets", "ConfigFile", "Motion",
                "Input", "Show", "Board", "Power",
                "LibInput", "Rotation", "VitrineTestSupport", "CAllocCount", .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Golden"]),
        .testTarget(name: "ConfigFileTests", dependencies: ["ConfigFile"]),
        .testTarget(
            name: "BoardTests",
            dependencies: [
                "Board", "ConfigFile", "MessageText", "Display", "Raster", "Rotation", "Power", "VitrineTestSupport",
            ]),
        .testTarget(
            name: "ShowTests", dependencies: ["ShowDemo", "Show", "ConfigFile", "Assets", "Raster", "VitrineTestSupport"],
            exclude: ["Golden"]),
        .testTarget(name: "RasterBenchTests", dependencies: ["RasterBench", "Raster", "FixedPoint", "CPixman"]),
        .testTarget(
            name: "VitrineTests",
            dependencies: [
                "vitrine", "Runtime", "RasterBench", "Assets", "Raster", "Rotation", "Scenes", "Show", "ShowDemo",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
