/// A kept answer of ``Solver/undeterminedVariables(memo:)``: the tableau's structure version and
/// the rows at zero it was found with, and the variables (nil: nothing kept). Empty at first.
public struct DeterminednessMemo: Sendable {
    var structureVersion: UInt64 = .max
    var pattern: [UInt8] = []
    var variables: [Variable]?
    /// True when the last call answered from the memo: everything the answer was derived from, with
    /// the same structure version, holds as well.
    public internal(set) var wasReused = false

    public init() {}

    init(structureVersion: UInt64, pattern: [UInt8], variables: [Variable]?) {
        self.structureVersion = structureVersion
        self.pattern = pattern
        self.variables = variables
    }
}
