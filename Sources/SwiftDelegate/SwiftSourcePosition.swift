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
}
