internal import JSON

/// A finding about a Swift delegate file, printed the way swiftc prints one
/// (`path:line:column: error: message`), which Xcode and editors read.
public struct SwiftImportDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
        case note
    }

    public var severity: Severity
    public var message: String
    public var position: SwiftSourcePosition

    public init(_ severity: Severity, _ message: String, at position: SwiftSourcePosition) {
        self.severity = severity
        self.message = message
        self.position = position
    }

    public var description: String { "\(position): \(severity.rawValue): \(message)" }

    /// `{"severity", "message", "source": {"path", "line", "column"}}`.
    var jsonValue: JSONValue {
        ["severity": .string(severity.rawValue), "message": .string(message), "source": position.jsonValue]
    }
}
