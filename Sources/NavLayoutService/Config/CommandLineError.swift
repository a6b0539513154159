/// A command line the executable cannot run: what is wrong, in words for the person who typed it.
/// The executable prints it with the usage and exits with status 2.
public struct CommandLineError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
