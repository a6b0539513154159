/// The values a route pattern captured, e.g. `name` and `n` for `/v1/profiles/{name}/versions/{n}`.
public struct RouteParameters: Sendable, Equatable {
    /// Captured values in pattern order, percent-decoded.
    public private(set) var all: [(name: String, value: String)] = []

    public init() {}

    public init(_ pairs: [(String, String)]) {
        all = pairs.map { (name: $0.0, value: $0.1) }
    }

    mutating func append(name: String, value: String) {
        all.append((name, value))
    }

    public subscript(name: String) -> String? {
        all.first { $0.name == name }?.value
    }

    /// The value, or a 400 problem naming the parameter when it is missing.
    public func require(_ name: String) throws(HTTPError) -> String {
        guard let value = self[name] else {
            throw HTTPError(.badRequest, detail: "missing path parameter \(name)")
        }
        return value
    }

    /// The value converted, e.g. `try context.parameters.require("n", as: Int.self)`; a value that
    /// does not convert is a 400 problem naming the parameter.
    public func require<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) throws(HTTPError)
        -> Value
    {
        let text = try require(name)
        guard let value = Value(text) else {
            throw HTTPError(.badRequest, detail: "path parameter \(name) is not a valid \(Value.self): \(text)")
        }
        return value
    }

    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.all.elementsEqual(rhs.all) { $0.name == $1.name && $0.value == $1.value }
    }
}
