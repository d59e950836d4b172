// swift-tools-version:6.1
// Vitrine: a kiosk runtime for low-power Linux touch panels. Module layout: DESIGN.md §1.
import PackageDescription

let package = Package(
    name: "Vitrine",
    products: [
        .executable(name: "vitrine", targets: ["vitrine"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // C at the edge: module maps over Debian's libraries, found through pkg-config.
        .systemLibrary(
            name: "CImage", path: "Sources/CImage", pkgConfig: "spng",
            providers: [.apt(["libspng-dev"])]),
        // Test-only: pixman is the oracle the raster kernels are checked against.
        .systemLibrary(
            name: "CPixman", path: "Sources/CPixman", pkgConfig: "pixman-1",
            providers: [.apt(["libpixman-1-dev"])]),

        // Pure modules: build and test without a display or an input device.
        .target(name: "FixedPoint"),
        .target(name: "Raster", dependencies: ["FixedPoint"]),
        .target(name: "Assets", dependencies: ["Raster", "CImage"]),
        .target(name: "RasterBench", dependencies: ["Raster", "FixedPoint"]),

        .executableTarget(
            name: "vitrine",
            dependencies: [
                "RasterBench", "Assets", "Raster",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .testTarget(name: "FixedPointTests", dependencies: ["FixedPoint"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "FixedPoint", "CPixman"]),
        .testTarget(name: "AssetsTests", dependencies: ["Assets", "Raster"]),
        .testTarget(name: "RasterBenchTests", dependencies: ["RasterBench", "Raster", "FixedPoint", "CPixman"]),
        .testTarget(
            name: "VitrineTests",
            dependencies: ["vitrine", "RasterBench", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    ],
    swiftLanguageModes: [.v6]
)
