import HTTPServer

extension PersistenceError: HTTPResponseError {
    /// Each repository failure answers the status a client can act on: a missing object (or another
    /// tenant's) is 404, a clash 409, a stale ETag 412, a damaged cursor 400, a refused value 422.
    public var status: HTTPStatus {
        switch self {
        case .notFound: .notFound
        case .conflict: .conflict
        case .preconditionFailed: .preconditionFailed
        case .invalidCursor: .badRequest
        case .invalidValue: .unprocessableContent
        }
    }

    public var problem: ProblemDetails {
        switch self {
        case .invalidCursor:
            ProblemDetails(
                title: status.reasonPhrase, status: status.code, detail: description,
                errors: [ProblemDetails.FieldError(path: "query.cursor", message: "not a cursor this server issued")])
        case .invalidValue(let field, let reason):
            ProblemDetails(
                title: status.reasonPhrase, status: status.code, detail: description,
                errors: [ProblemDetails.FieldError(path: field, message: reason)])
        default:
            ProblemDetails(title: status.reasonPhrase, status: status.code, detail: description)
        }
    }
}
