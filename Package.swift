// swift-tools-version:6.0
// navlayout: a layout service for Google Navigation SDK screens.
// Layers (arrows point down only): Cassowary -> NavigationLayout -> NavLayoutService -> navlayout;
// CSQLite -> Storage and CEpoll -> HTTPServer feed NavLayoutService. See README.md, "Layout of the code".
import PackageDescription

let package = Package(
    name: "navlayout",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .executable(name: "navlayout-bench", targets: ["navlayout-bench"]),
    ],
    targets: [
        // The constraint solver: stdlib only, no Foundation, no I/O.
        .target(name: "Cassowary"),
        .testTarget(
            name: "CassowaryTests", dependencies: ["Cassowary", "CassowaryScenario"],
            exclude: ["Fixtures"]),
        // The solver benchmark scenario format (shared by the benchmark and the cross-check tests).
        .target(name: "CassowaryScenario", dependencies: ["Cassowary"]),
        .executableTarget(name: "navlayout-bench", dependencies: ["Cassowary", "CassowaryScenario"]),
    ],
    swiftLanguageModes: [.v6]
)
