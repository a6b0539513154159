/// Why a Swift file could not be read as a layout delegate: every error found, in file order.
public struct SwiftImportError: Error, Sendable, Hashable, CustomStringConvertible {
    public var diagnostics: [SwiftImportDiagnostic]

    public init(_ diagnostics: [SwiftImportDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line, as a compiler prints them.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
