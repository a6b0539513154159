/// A named unknown of a constraint system.
///
/// A variable is identified by the object, not by its name: two views may both own a variable named
/// "left". It holds no value; a ``Solver`` stores the values of the variables it knows, so one variable
/// can take part in several solvers. Immutable, hence safe to share between tasks.
public final class Variable: Sendable, Identifiable, CustomStringConvertible {
    /// A label for diagnostics; it plays no part in solving.
    public let name: String

    public init(_ name: String = "") {
        self.name = name
    }

    public var description: String { name }
}
