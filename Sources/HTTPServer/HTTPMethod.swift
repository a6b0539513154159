/// A request method: any RFC 9110 token, with constants for the ones the server knows.
public struct HTTPMethod: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let get = HTTPMethod("GET")
    public static let head = HTTPMethod("HEAD")
    public static let post = HTTPMethod("POST")
    public static let put = HTTPMethod("PUT")
    public static let patch = HTTPMethod("PATCH")
    public static let delete = HTTPMethod("DELETE")
    public static let options = HTTPMethod("OPTIONS")
    public static let trace = HTTPMethod("TRACE")
    public static let connect = HTTPMethod("CONNECT")
    /// The safe method with a body (IETF httpbis draft "The HTTP QUERY Method"): known, so a
    /// resource that does not route it answers 405 with Allow rather than 501.
    public static let query = HTTPMethod("QUERY")

    /// Methods defined by RFC 9110 and RFC 5789, plus QUERY; any other token answers 501 Not Implemented.
    static let known: Set<HTTPMethod> = [.get, .head, .post, .put, .patch, .delete, .options, .trace, .connect, .query]

    public var description: String { rawValue }

    public static func < (lhs: HTTPMethod, rhs: HTTPMethod) -> Bool { lhs.rawValue < rhs.rawValue }
}
