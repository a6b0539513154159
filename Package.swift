// swift-tools-version:6.0
// navlayout: a layout service for Google Navigation SDK screens.
// Layers (arrows point down only): Cassowary and JSON -> NavigationLayout -> LayoutPicture and
// SwiftDelegate -> NavLayoutService -> navlayout; CSQLite -> Storage, CEpoll and JSON -> HTTPServer,
// and CMalloc feed NavLayoutService. Benchmarks/ holds the benchmarks and the budgets CI checks.
// See README.md, "Layout of the code".
import Foundation
import PackageDescription

/// Where the toolchain keeps SwiftSyntax's modules and shared libraries (`<toolchain>/usr/lib/swift/host`),
/// which SwiftDelegate imports (no package is fetched): NAVLAYOUT_SWIFT_HOST when set; else beside the
/// PackageDescription library this manifest runs with (the toolchain building the package); else beside
/// the first swiftc on the PATH; else the official images' `/usr/lib/swift/host`.
func swiftHostLibraries() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["NAVLAYOUT_SWIFT_HOST"], !override.isEmpty { return override }
    func host(inSwiftLibraries directory: String) -> String? {
        let candidate = directory + "/host"
        return FileManager.default.fileExists(atPath: candidate + "/libSwiftParser.so") ? candidate : nil
    }
    // The manifest runs linked to <toolchain>/usr/lib/swift/pm/ManifestAPI/libPackageDescription.so.
    // Read to the end: /proc files report no size, and a read sized by it stops after one block.
    if let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() {
        let maps = String(decoding: data, as: UTF8.self)
        for line in maps.split(separator: "\n") where line.hasSuffix("/libPackageDescription.so") {
            guard let start = line.firstIndex(of: "/") else { continue }
            let library = String(line[start...])
            if let pm = library.range(of: "/pm/"), let found = host(inSwiftLibraries: String(library[..<pm.lowerBound]))
            {
                return found
            }
        }
    }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let swiftc = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
        guard FileManager.default.isExecutableFile(atPath: swiftc.path) else { continue }
        let toolchain = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        if let found = host(inSwiftLibraries: toolchain.path + "/lib/swift") { return found }
    }
    return "/usr/lib/swift/host"
}
let swiftHost = swiftHostLibraries()

let package = Package(
    name: "navlayout",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "Storage", targets: ["Storage"]),
        .executable(name: "navlayout-storage-bench", targets: ["navlayout-storage-bench"]),
        .library(name: "NavLayoutService", targets: ["NavLayoutService"]),
        .executable(name: "navlayout-persistence-bench", targets: ["navlayout-persistence-bench"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .executable(name: "navlayout-http-bench", targets: ["navlayout-http-bench"]),
        .executable(name: "HTTPParserFuzz", targets: ["HTTPParserFuzz"]),
        .executable(name: "navlayout-bench", targets: ["navlayout-bench"]),
        .library(name: "NavigationLayout", targets: ["NavigationLayout"]),
        // libFuzzer harness for the request decoder and the expression parser; see its main.swift.
        .executable(name: "LayoutRequestFuzz", targets: ["LayoutRequestFuzz"]),
        .executable(name: "SwiftDelegateFuzz", targets: ["SwiftDelegateFuzz"]),
        .executable(name: "navlayout-request-bench", targets: ["navlayout-request-bench"]),
        .executable(name: "navlayout", targets: ["navlayout"]),
        .executable(name: "navlayout-layout-bench", targets: ["navlayout-layout-bench"]),
        .executable(name: "navlayout-matrix-bench", targets: ["navlayout-matrix-bench"]),
        .executable(name: "navlayout-swift-bench", targets: ["navlayout-swift-bench"]),
    ],
    targets: [
        // The constraint solver: stdlib only, no Foundation, no I/O.
        .target(name: "Cassowary"),
        .testTarget(
            name: "CassowaryTests", dependencies: ["Cassowary", "CassowaryScenario"],
            exclude: ["Fixtures"]),
        // The solver benchmark scenario format (shared by the benchmark and the cross-check tests).
        .target(name: "CassowaryScenario", dependencies: ["Cassowary"]),
        .executableTarget(
            name: "navlayout-bench", dependencies: ["Cassowary", "CassowaryScenario"],
            path: "Benchmarks/navlayout-bench"),

        // JSON: the one parser (strict, errors with line and column), the value type and the writers.
        // Imports nothing. Cross-module optimization lets the domain's result writer inline the
        // writers' number and string code, as it did when they shared a module.
        .target(name: "JSON", swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),

        // The navigation layout domain: JSON, request model, expression language, style and components.
        // Imports Cassowary only: no Foundation, no I/O.
        // Links libm: Double rounding (used to test integrality) calls into it when Foundation is absent.
        .target(
            name: "NavigationLayout",
            dependencies: ["Cassowary", "JSON"],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "NavigationLayoutTests",
            dependencies: ["NavigationLayout", "JSON", "BenchmarkSupport"]
        ),
        // SVG pictures of layouts and contact sheets of device matrices, drawn from typed results.
        .target(name: "LayoutPicture", dependencies: ["NavigationLayout"]),
        .testTarget(name: "LayoutPictureTests", dependencies: ["LayoutPicture", "NavigationLayout", "JSON"]),
        .executableTarget(name: "LayoutRequestFuzz", dependencies: ["NavigationLayout", "JSON"]),
        // Request decoding and JSON writing next to JSONSerialization: swift run -c release navlayout-request-bench
        // What the release-mode benchmarks share: the timing loop and option reading.
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(
            name: "navlayout-request-bench", dependencies: ["NavigationLayout", "JSON", "BenchmarkSupport"],
            path: "Benchmarks/navlayout-request-bench"),
        // The whole layout path next to the bare solve of the same constraints:
        // swift run -c release navlayout-layout-bench
        .executableTarget(
            name: "navlayout-layout-bench", dependencies: ["NavigationLayout", "Cassowary", "BenchmarkSupport"],
            path: "Benchmarks/navlayout-layout-bench"),
        // Device matrix expansion, table and contact sheet per cell next to one request decode:
        // swift run -c release navlayout-matrix-bench
        .executableTarget(
            name: "navlayout-matrix-bench",
            dependencies: ["NavigationLayout", "LayoutPicture", "JSON", "BenchmarkSupport"],
            path: "Benchmarks/navlayout-matrix-bench"),

        // The system SQLite library (Debian: libsqlite3-dev), seen through a small header.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // SQLite connections, statements, transactions, the single writer with group commit,
        // readers and the migrator; knows nothing of layouts.
        // libpq, PostgreSQL's C client (Debian's libpq-dev), for the PostgreSQL backend.
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "Storage", dependencies: ["CSQLite", "CLibPQ"]),
        // A child process for the durability test: prints each id once its write is acknowledged.
        .executableTarget(name: "storage-durability-writer", dependencies: ["Storage"]),
        // Insert throughput, one transaction per row against group commit.
        .executableTarget(
            name: "navlayout-storage-bench", dependencies: ["Storage", "BenchmarkSupport"],
            path: "Benchmarks/navlayout-storage-bench"),
        // Tests that start programs use this instead of Foundation's Process (see its file).
        .systemLibrary(name: "CSpawn", path: "Tests/Support/CSpawn"),
        .target(name: "ChildProcess", dependencies: ["CSpawn"], path: "Tests/Support/ChildProcess"),
        // The PostgreSQL server of the tests of that backend (NAVLAYOUT_TEST_POSTGRES).
        .target(name: "TestPostgres", dependencies: ["Storage"], path: "Tests/Support/TestPostgres"),
        // Threads of their own for the tests that talk to a live server (see its file).
        .target(name: "DedicatedExecutor", path: "Tests/Support/DedicatedExecutor"),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "ChildProcess", "TestPostgres"],
            exclude: ["Fixtures"]
        ),

        // epoll and eventfd for Swift: Glibc does not export them. Header only.
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        // HTTP/1.1 over sockets: parser, limits, connections, router; knows nothing of layouts.
        .target(name: "HTTPServer", dependencies: ["CEpoll", "JSON"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "ChildProcess", "DedicatedExecutor"]),
        // The server's own route under load, for scripts/bench-http.sh; and the request parser alone
        // (--profile parse) for scripts/check-budgets.sh.
        .executableTarget(
            name: "navlayout-http-bench", dependencies: ["HTTPServer", "BenchmarkSupport"],
            path: "Benchmarks/navlayout-http-bench"),
        // libFuzzer entry point for the request parser; a plain build links an empty program
        // (see Sources/HTTPParserFuzz/main.swift for the fuzzing build command).
        .executableTarget(name: "HTTPParserFuzz", dependencies: ["HTTPServer"]),

        // glibc's mallopt for Swift: Glibc does not export <malloc.h>. Header only.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // The service: repositories on Storage (Persistence/), routes, auth, config, metrics, OpenAPI.
        // NavigationLayout: the device catalog (GET /v1/devices) and, with the engine, the layout routes.
        .target(
            name: "NavLayoutService",
            dependencies: [
                "Storage", "HTTPServer", "JSON", "NavigationLayout", "LayoutPicture", "CMalloc", "SwiftDelegate",
            ]),
        .testTarget(
            name: "NavLayoutServiceTests",
            dependencies: [
                "NavLayoutService", "Storage", "HTTPServer", "JSON", "NavigationLayout", "BenchmarkSupport",
                "TestPostgres", "DedicatedExecutor",
            ]),
        // Reading an app's Swift layout delegate with the compiler's own parser, from the toolchain's
        // host libraries: built with library evolution (as they are) and linked with an rpath to them,
        // so that nothing that links this target needs flags of its own. Kept apart so the layout
        // engine stays free of it.
        .target(
            name: "SwiftDelegate",
            dependencies: ["NavigationLayout", "JSON"],
            swiftSettings: [.unsafeFlags(["-enable-library-evolution", "-I", swiftHost])],
            linkerSettings: [
                .unsafeFlags(["-L", swiftHost, "-Xlinker", "-rpath", "-Xlinker", swiftHost]),
                .linkedLibrary("SwiftSyntax"), .linkedLibrary("SwiftParser"), .linkedLibrary("SwiftOperators"),
            ]),
        .testTarget(
            name: "SwiftDelegateTests", dependencies: ["SwiftDelegate", "NavigationLayout", "JSON", "BenchmarkSupport"]),
        // libFuzzer harness for the Swift importer (see Sources/SwiftDelegateFuzz/main.swift).
        .executableTarget(name: "SwiftDelegateFuzz", dependencies: ["SwiftDelegate", "JSON"]),
        // A request carrying Swift source next to the same request as JSON, and a cold import next to
        // the toolchain's parser alone:
        // swift run -c release navlayout-swift-bench
        .executableTarget(
            name: "navlayout-swift-bench",
            dependencies: ["NavLayoutService", "SwiftDelegate", "NavigationLayout", "JSON", "BenchmarkSupport"],
            path: "Benchmarks/navlayout-swift-bench",
            // The peer, the toolchain's parser alone, is called directly (SwiftDelegate links it).
            swiftSettings: [.unsafeFlags(["-I", swiftHost])]),
        // The executable: main.swift only; commands and flags are parsed in NavLayoutService.
        .executableTarget(name: "navlayout", dependencies: ["NavLayoutService"]),
        // What the service's schema and repositories cost next to bare storage-level peers.
        .executableTarget(
            name: "navlayout-persistence-bench", dependencies: ["NavLayoutService", "Storage", "BenchmarkSupport"],
            path: "Benchmarks/navlayout-persistence-bench"),
    ],
    swiftLanguageModes: [.v6]
)
