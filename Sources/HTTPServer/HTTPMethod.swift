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

    /// Methods defined by RFC 9110 and RFC 5789; any other token answers 501 Not Implemented.
    static let known: Set<HTTPMethod> = [.get, .head, .post, .put, .patch, .delete, .options, .trace, .connect]

    public var description: String { rawValue }

    public static func < (lhs: HTTPMethod, rhs: HTTPMethod) -> Bool { lhs.rawValue < rhs.rawValue }
}
