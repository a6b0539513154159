import HTTPServer
import JSON
import NavigationLayout

/// The body of an engine route read once with the engine's own JSON parser: media type checked,
/// parsed, and every failure a problem document. Malformed JSON is a 422 with its line and column
/// (api.md: "Malformed JSON ... are 422 problem details instead, with the position").
enum EngineRequestBody {
    static func parse(_ request: Request) throws(HTTPError) -> JSONValue {
        try JSONBody.checkMediaType(of: request)
        guard !request.body.isEmpty else {
            throw HTTPError(.badRequest, detail: "the request needs a JSON object body")
        }
        do throws(JSONParseError) {
            return try JSONParser().parse(request.body)
        } catch {
            throw RequestError.httpError(
                RequestError(issues: [
                    RequestError.Issue(path: "", message: error.message, line: error.line, column: error.column)
                ]),
                detail: "the body is not valid JSON")
        }
    }
}

extension RequestError {
    /// A 422 problem document with one `errors` entry per issue; positions go into the message.
    static func httpError(_ error: RequestError, detail: String) -> HTTPError {
        HTTPError(
            .unprocessableContent, detail: detail,
            errors: error.issues.map { issue in
                var position: [String] = []
                if let line = issue.line { position.append("line \(line)") }
                if let column = issue.column { position.append("column \(column)") }
                return ProblemDetails.FieldError(
                    path: issue.path.isEmpty ? "$" : issue.path,
                    message: issue.message + (position.isEmpty ? "" : " (\(position.joined(separator: ", ")))"))
            })
    }
}
