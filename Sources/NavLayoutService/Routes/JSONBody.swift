import Foundation
import HTTPServer

/// Reads a request body as one JSON object, answering 415 for a body that declares another media
/// type and 400 for one that is not JSON or not an object.
enum JSONBody {
    static func object(of request: Request) throws(HTTPError) -> [String: Any] {
        try checkMediaType(of: request)
        guard !request.body.isEmpty else {
            throw HTTPError(.badRequest, detail: "the request needs a JSON object body")
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(request.body), options: [.fragmentsAllowed])
        } catch {
            throw HTTPError(.badRequest, detail: "the body is not valid JSON")
        }
        guard let object = parsed as? [String: Any] else {
            throw HTTPError(
                .unprocessableContent, detail: "the body must be a JSON object",
                errors: [ProblemDetails.FieldError(path: "$", message: "expected an object")])
        }
        return object
    }

    /// 415 for a body that declares a media type other than JSON; no declared type reads as JSON.
    static func checkMediaType(of request: Request) throws(HTTPError) {
        if let contentType = request.headers["Content-Type"] {
            let mediaType = contentType.split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard mediaType == "application/json" || (mediaType?.hasSuffix("+json") ?? false) else {
                throw HTTPError(
                    .unsupportedMediaType, detail: "the body must be application/json, not \(contentType)")
            }
        }
    }

    /// The body's text, once `object(of:)` has accepted it.
    static func text(of request: Request) throws(HTTPError) -> String {
        guard let text = String(validating: request.body, as: UTF8.self) else {
            throw HTTPError(.badRequest, detail: "the body is not UTF-8")
        }
        return text
    }
}

extension JSONValue {
    /// A 200 (or other status) JSON response with this value as its body.
    func response(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders()) -> Response {
        var response = Response.json(bytes, status: status)
        for field in headers { response.headers.replaceOrAdd(name: field.name, value: field.value) }
        return response
    }
}
