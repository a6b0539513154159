// swift-tools-version:6.0
// navlayout: a layout service for Google Navigation SDK screens.
// Layers (arrows point down only): Cassowary -> NavigationLayout -> NavLayoutService -> navlayout;
// CSQLite -> Storage and CEpoll -> HTTPServer feed NavLayoutService. See README.md, "Layout of the code".
import PackageDescription

let package = Package(
    name: "navlayout",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .executable(name: "navlayout-http-bench", targets: ["navlayout-http-bench"]),
        .executable(name: "HTTPParserFuzz", targets: ["HTTPParserFuzz"]),
    ],
    targets: [
        // The constraint solver: stdlib only, no Foundation, no I/O.
        .target(name: "Cassowary"),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),

        // epoll and eventfd for Swift: Glibc does not export them. Header only.
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        // HTTP/1.1 over sockets: parser, limits, connections, router; knows nothing of layouts.
        .target(name: "HTTPServer", dependencies: ["CEpoll"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        // The server's own route under load, for scripts/bench-http.sh.
        .executableTarget(name: "navlayout-http-bench", dependencies: ["HTTPServer"]),
        // libFuzzer entry point for the request parser; a plain build links an empty program
        // (see Sources/HTTPParserFuzz/main.swift for the fuzzing build command).
        .executableTarget(name: "HTTPParserFuzz", dependencies: ["HTTPServer"]),
    ],
    swiftLanguageModes: [.v6]
)
