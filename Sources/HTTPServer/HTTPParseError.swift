/// Why a request could not be read. The server answers with `status` and `Connection: close`, then
/// closes the connection, because after a framing error nothing that follows can be trusted.
public struct HTTPParseError: Error, Equatable, CustomStringConvertible {
    /// The status the client gets: 400, or 413 / 414 / 417 / 431 / 501 / 505 where those say more.
    public let status: HTTPStatus
    /// What was wrong and where, for the problem details `detail`.
    public let detail: String

    init(_ status: HTTPStatus, _ detail: String) {
        self.status = status
        self.detail = detail
    }

    static func malformed(_ detail: String) -> HTTPParseError { HTTPParseError(.badRequest, detail) }

    public var description: String { "\(status.code) \(detail)" }
}
