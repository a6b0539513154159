/// A scenario line that could not be read.
public struct ScenarioError: Error, CustomStringConvertible {
    public let line: Int
    public let message: String

    public var description: String { "line \(line): \(message)" }
}
