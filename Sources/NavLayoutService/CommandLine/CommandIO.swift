import Foundation

/// Where a layout command reads its input and writes its output: the process's files and standard
/// streams in the executable, memory in tests.
public struct CommandIO: Sendable {
    /// The bytes of a file, or of standard input for `-`.
    public var read: @Sendable (String) throws -> [UInt8]
    /// Writes a whole file.
    public var writeFile: @Sendable (String, [UInt8]) throws -> Void
    public var standardOutput: @Sendable (String) -> Void
    public var standardError: @Sendable (String) -> Void

    public init(
        read: @escaping @Sendable (String) throws -> [UInt8],
        writeFile: @escaping @Sendable (String, [UInt8]) throws -> Void,
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void
    ) {
        self.read = read
        self.writeFile = writeFile
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's own files and streams.
    public static let process = CommandIO(
        read: { path in
            if path == LayoutCommand.standardInput {
                return Array(FileHandle.standardInput.readDataToEndOfFile())
            }
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        },
        writeFile: { path, bytes in try Data(bytes).write(to: URL(fileURLWithPath: path)) },
        standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        standardError: { text in FileHandle.standardError.write(Data(text.utf8)) })
}
