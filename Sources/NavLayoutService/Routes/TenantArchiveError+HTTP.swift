import HTTPServer

extension TenantArchiveError: HTTPResponseError {
    /// A line that is not JSON is 400, a record the schema refuses 422, a tenant or id that exists
    /// 409; `errors` names each line and field.
    public var status: HTTPStatus {
        switch kind {
        case .malformed: .badRequest
        case .invalid: .unprocessableContent
        case .conflict: .conflict
        }
    }

    public var problem: ProblemDetails {
        ProblemDetails(
            title: status.reasonPhrase, status: status.code,
            detail: problems.count == 1
                ? description : "\(problems.count) problems in the archive, first \(problems[0])",
            errors: problems.map { ProblemDetails.FieldError(path: $0.location, message: $0.message) })
    }
}
