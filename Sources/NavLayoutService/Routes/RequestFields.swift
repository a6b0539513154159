import HTTPServer
import JSON

/// Checks on the members of a JSON object body, each failure a 422 naming the member.
enum RequestFields {
    /// Unknown members are refused, not silently dropped: a typo must not pass for a default.
    static func refuseUnknown(in object: JSONObject, allowed: [String]) throws(HTTPError) {
        let unknown = object.keys.filter { !allowed.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw HTTPError(
                .unprocessableContent, detail: "unknown member(s): \(unknown.joined(separator: ", "))",
                errors: unknown.map {
                    ProblemDetails.FieldError(
                        path: $0, message: "unknown member; expected one of \(allowed.joined(separator: ", "))")
                })
        }
    }

    static func requiredString(_ name: String, in object: JSONObject) throws(HTTPError) -> String {
        guard let value = object[name] else {
            throw invalid(name, "is required")
        }
        guard case .string(let text) = value else {
            throw invalid(name, "must be a string")
        }
        return text
    }

    static func invalid(_ path: String, _ message: String) -> HTTPError {
        HTTPError(
            .unprocessableContent, detail: "\(path) \(message)",
            errors: [ProblemDetails.FieldError(path: path, message: message)])
    }
}
