import Foundation
import NavigationLayout
import Testing

/// Reading requests and checking results for the engine tests.
enum EngineFixtures {
    static func request(_ name: String) throws -> LayoutRequest {
        try LayoutRequest.decode(from: Fixtures.bytes(name))
    }

    static func request(json: String) throws -> LayoutRequest {
        try LayoutRequest.decode(from: Array(json.utf8))
    }

    static func solve(_ name: String) throws -> LayoutResult {
        LayoutEngine.solve(try request(name))
    }

    static func pretty(_ result: LayoutResult) -> String {
        String(decoding: result.jsonBytes(format: .pretty), as: UTF8.self)
    }
}

extension LayoutResult {
    /// Diagnostics at warning level or worse, as "code: message" lines, for readable failures.
    var problems: [String] {
        diagnostics.filter { $0.severity >= .warning }.map { "\($0.code.rawValue): \($0.message)" }
    }

    var codes: [DiagnosticCode] { diagnostics.map(\.code) }
}

/// SplitMix64: a small seeded generator, so a property test's cases are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
