// swift-tools-version:6.0
// navlayout: a layout service for Google Navigation SDK screens.
// Layers (arrows point down only): Cassowary -> NavigationLayout -> NavLayoutService -> navlayout;
// CSQLite -> Storage and CEpoll -> HTTPServer feed NavLayoutService. See README.md, "Layout of the code".
import PackageDescription

let package = Package(
    name: "navlayout",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "NavigationLayout", targets: ["NavigationLayout"]),
        // libFuzzer harness for the request decoder and the expression parser; see its main.swift.
        .executable(name: "LayoutRequestFuzz", targets: ["LayoutRequestFuzz"]),
        .executable(name: "navlayout-request-bench", targets: ["navlayout-request-bench"]),
    ],
    targets: [
        // The constraint solver: stdlib only, no Foundation, no I/O.
        .target(name: "Cassowary"),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
        // The navigation layout domain: JSON, request model, expression language, style and components.
        // Imports Cassowary only: no Foundation, no I/O.
        // Links libm: Double rounding (used to test integrality) calls into it when Foundation is absent.
        .target(
            name: "NavigationLayout",
            dependencies: ["Cassowary"],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "NavigationLayoutTests",
            dependencies: ["NavigationLayout"],
            exclude: ["Fixtures"]
        ),
        .executableTarget(name: "LayoutRequestFuzz", dependencies: ["NavigationLayout"]),
        // Request decoding and JSON writing next to JSONSerialization: swift run -c release navlayout-request-bench
        .executableTarget(name: "navlayout-request-bench", dependencies: ["NavigationLayout"]),
    ],
    swiftLanguageModes: [.v6]
)
