/// Why a JSON document could not be read, and where: 1-based line and column (columns count Unicode
/// scalars, so they match what an editor shows) plus the byte offset.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    public var byteOffset: Int

    public init(message: String, line: Int, column: Int, byteOffset: Int) {
        self.message = message
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}
