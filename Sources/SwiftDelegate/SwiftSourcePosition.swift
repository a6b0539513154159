internal import JSON
internal import NavigationLayout

/// A place in a Swift file, as the compiler prints it: 1-based line, and 1-based column in UTF-8
/// bytes of that line.
public struct SwiftSourcePosition: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// The position of the byte at `offset` of the file at `path`.
    init(path: String, offset: Int, in lines: SourceLineTable) {
        let location = lines.location(ofOffset: offset)
        self.init(path: path, line: location.line, column: location.column)
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }

    /// Reads `path:line:column` as a diagnostic's source is read.
    public init?(parsing text: String) {
        guard let source = DiagnosticSource(parsing: text) else { return nil }
        self.init(path: source.path, line: source.line, column: source.column)
    }

    /// `{"path", "line", "column"}`.
    var jsonValue: JSONValue {
        ["path": .string(path), "line": .number(Double(line)), "column": .number(Double(column))]
    }
}
