/// The values bound to a statement's parameters, in order: `[id, name, nil]`.
public struct StatementArguments: Sendable, Hashable, ExpressibleByArrayLiteral {
    public var values: [DatabaseValue]

    public init(_ values: [DatabaseValue] = []) {
        self.values = values
    }

    public init(_ values: [(any DatabaseValueConvertible)?]) {
        self.values = values.map { $0?.databaseValue ?? .null }
    }

    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }
}
