#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a benchmark's `--name value` options in order; anything it cannot read prints the usage
/// text to standard error and exits with status 2.
public struct OptionReader {
    private var arguments: ArraySlice<String>
    private let usage: String

    /// `arguments` as the process got them (the program's name first); `usage` is printed on error.
    public init(_ arguments: [String], usage: String) {
        self.arguments = arguments.dropFirst()
        self.usage = usage
    }

    /// The next option's name, or nil when none is left.
    public mutating func nextOption() -> String? {
        arguments.popFirst()
    }

    /// The value that follows the option just read.
    public mutating func value() -> String {
        guard let value = arguments.popFirst() else { fail() }
        return value
    }

    /// The value that follows the option just read, as an integer above zero.
    public mutating func positiveInteger() -> Int {
        guard let number = Int(value()), number > 0 else { fail() }
        return number
    }

    /// The `STAGE COUNT` that follow `--profile`: a stage named in `stages`, then an integer above
    /// zero.
    public mutating func profile(stages: [String]) -> ProfileRequest {
        let stage = value()
        guard stages.contains(stage) else { fail() }
        return ProfileRequest(stage: stage, count: positiveInteger())
    }

    /// Prints the usage text and exits with status 2.
    public func fail() -> Never {
        let text = Array((usage.hasSuffix("\n") ? usage : usage + "\n").utf8)
        _ = text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(2)
    }
}
