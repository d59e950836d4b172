// swift-tools-version:6.0
// Vitrine's copy of swift-argument-parser 1.8.2 (436bde4bb9489201ca6662f5cf94ec45fa8e244e),
// its two library targets only, with Sources/ArgumentParser/Utilities/Foundation.swift
// changed so that nothing imports Foundation (Vendor/README.md). Apache License 2.0 with
// Runtime Library Exception: LICENSE.txt.
import PackageDescription

let package = Package(
    name: "swift-argument-parser",
    products: [
        .library(name: "ArgumentParser", targets: ["ArgumentParser"])
    ],
    targets: [
        .target(name: "ArgumentParser", dependencies: ["ArgumentParserToolInfo"]),
        .target(name: "ArgumentParserToolInfo"),
    ]
)
