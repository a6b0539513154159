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
