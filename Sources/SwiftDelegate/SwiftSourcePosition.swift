internal import JSON

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

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }

    /// Reads `path:line:column` (the path may itself hold colons).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            return nil
        }
        self.init(path: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }

    /// `{"path", "line", "column"}`.
    var jsonValue: JSONValue {
        ["path": .string(path), "line": .number(Double(line)), "column": .number(Double(column))]
    }
}
