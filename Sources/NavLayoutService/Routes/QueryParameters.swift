import HTTPServer

/// Typed reading of query parameters; a value that does not read is a 400 naming the parameter.
struct QueryParameters {
    private let items: [(name: String, value: String)]

    init(_ request: Request) {
        items = request.queryItems
    }

    func string(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    func limit() throws(HTTPError) -> Int? {
        guard let text = string("limit") else { return nil }
        guard let value = Int(text), (1...PageSize.maximum).contains(value) else {
            throw Self.bad("limit", "must be an integer from 1 to \(PageSize.maximum)")
        }
        return value
    }

    func timestamp(_ name: String) throws(HTTPError) -> Timestamp? {
        guard let text = string(name) else { return nil }
        guard let value = Timestamp(iso8601: text) else {
            throw Self.bad(name, "must be an RFC 3339 date-time such as 2026-01-31T12:00:00Z")
        }
        return value
    }

    func oneOf<Value: RawRepresentable & CaseIterable>(_ name: String, as type: Value.Type) throws(HTTPError) -> Value?
    where Value.RawValue == String {
        guard let text = string(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            throw Self.bad(name, "must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// A parameter that must be one of `allowed` (a list too long to quote names where to find it).
    func oneOf(_ name: String, in allowed: [String], listedAt list: String) throws(HTTPError) -> String? {
        guard let text = string(name) else { return nil }
        guard allowed.contains(text) else { throw Self.bad(name, "'\(text)' is not one of \(list)") }
        return text
    }

    /// A length in points from 0 to 10,000 (a diff's tolerance).
    func points(_ name: String) throws(HTTPError) -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text), value.isFinite, value >= 0, value <= 10_000 else {
            throw Self.bad(name, "must be a number of points from 0 to 10000")
        }
        return value
    }

    static func bad(_ name: String, _ message: String) -> HTTPError {
        HTTPError(
            .badRequest, detail: "query parameter \(name) \(message)",
            errors: [ProblemDetails.FieldError(path: "query.\(name)", message: message)])
    }
}
