/// An error that carries the HTTP response it stands for. Handlers throw these; the error
/// middleware turns them into problem details, and any other error into a 500.
public protocol HTTPResponseError: Error {
    var status: HTTPStatus { get }
    /// The problem details body; by default built from the status alone.
    var problem: ProblemDetails { get }
    /// Headers the response needs, such as `Allow` for 405 or `WWW-Authenticate` for 401.
    var responseHeaders: HTTPHeaders { get }
}

extension HTTPResponseError {
    public var problem: ProblemDetails {
        ProblemDetails(title: status.reasonPhrase, status: status.code)
    }

    public var responseHeaders: HTTPHeaders { HTTPHeaders() }
}

/// The general-purpose `HTTPResponseError`: a status plus problem-details fields.
public struct HTTPError: HTTPResponseError, Sendable, Equatable, CustomStringConvertible {
    public var status: HTTPStatus
    public var type: String
    public var title: String
    public var detail: String?
    public var errors: [ProblemDetails.FieldError]
    public var responseHeaders: HTTPHeaders

    public init(
        _ status: HTTPStatus,
        detail: String? = nil,
        type: String = "about:blank",
        title: String? = nil,
        errors: [ProblemDetails.FieldError] = [],
        headers: HTTPHeaders = HTTPHeaders()
    ) {
        self.status = status
        self.type = type
        self.title = title ?? status.reasonPhrase
        self.detail = detail
        self.errors = errors
        self.responseHeaders = headers
    }

    public var problem: ProblemDetails {
        ProblemDetails(type: type, title: title, status: status.code, detail: detail, errors: errors)
    }

    public var description: String {
        "HTTP \(status.code) \(title)" + (detail.map { ": \($0)" } ?? "")
    }
}
