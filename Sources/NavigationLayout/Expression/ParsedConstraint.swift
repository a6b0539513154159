/// A constraint together with where its parts were written, so later checks can point at them.
public struct ParsedConstraint: Sendable, Equatable {
    public var spec: LayoutConstraintSpec
    /// Columns (1-based) of the parts inside the text they were read from. In the JSON object form each
    /// part is its own string, so each column is 1 and a check names the field through `ExpressionError.part`.
    public var columns: Columns

    public struct Columns: Sendable, Equatable {
        public var first: Int
        public var second: Int?
        public var constant: Int?

        public init(first: Int, second: Int? = nil, constant: Int? = nil) {
            self.first = first
            self.second = second
            self.constant = constant
        }
    }

    public init(spec: LayoutConstraintSpec, columns: Columns) {
        self.spec = spec
        self.columns = columns
    }
}
