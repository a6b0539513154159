/// A response: status, header fields and a complete body. The server adds the framing headers
/// (Content-Length, Connection, Date), so handlers never frame by hand.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body that is already encoded.
    public static func json(_ body: [UInt8], status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A JSON body from text that is already JSON.
    public static func json(_ text: String, status: HTTPStatus = .ok) -> Response {
        json(Array(text.utf8), status: status)
    }

    /// A plain-text body in UTF-8.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }
}
