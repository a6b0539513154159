import HTTPServer
import JSON

/// Reads a request body as one JSON object, answering 415 for a body that declares another media
/// type and 400 for one that is not JSON (with the parser's line and column) or not an object.
enum JSONBody {
    static func object(of request: Request) throws(HTTPError) -> JSONObject {
        try checkMediaType(of: request)
        guard !request.body.isEmpty else {
            throw HTTPError(.badRequest, detail: "the request needs a JSON object body")
        }
        let parsed: JSONValue
        do throws(JSONParseError) {
            parsed = try JSONParser().parse(request.body)
        } catch {
            throw HTTPError(
                .badRequest,
                detail: "the body is not valid JSON: \(error.message) (line \(error.line), column \(error.column))")
        }
        guard case .object(let object) = parsed else {
            throw HTTPError(
                .unprocessableContent, detail: "the body must be a JSON object",
                errors: [ProblemDetails.FieldError(path: "$", message: "expected an object")])
        }
        return object
    }

    /// 415 for a body that declares a media type other than JSON; no declared type reads as JSON.
    static func checkMediaType(of request: Request) throws(HTTPError) {
        guard let contentType = request.headers["Content-Type"] else { return }
        guard isJSON(mediaTypeOf: contentType) else {
            throw HTTPError(.unsupportedMediaType, detail: "the body must be application/json, not \(contentType)")
        }
    }

    /// Whether a Content-Type value names JSON: `application/json` or any `+json` type, in any case,
    /// whatever its parameters. Read as bytes: every engine request passes through here.
    static func isJSON(mediaTypeOf contentType: String) -> Bool {
        var utf8 = Substring(contentType).utf8
        if let semicolon = utf8.firstIndex(of: UInt8(ascii: ";")) { utf8 = utf8[..<semicolon] }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while let first = utf8.first, isBlank(first) { utf8 = utf8.dropFirst() }
        while let last = utf8.last, isBlank(last) { utf8 = utf8.dropLast() }
        func endsWith(_ suffix: String) -> Bool {
            let suffix = suffix.utf8
            guard utf8.count >= suffix.count else { return false }
            return zip(utf8.suffix(suffix.count), suffix).allSatisfy { pair in
                // ASCII case folding; the suffixes compared here are lower case letters and punctuation.
                (pair.0 >= UInt8(ascii: "A") && pair.0 <= UInt8(ascii: "Z") ? pair.0 | 0x20 : pair.0) == pair.1
            }
        }
        return (utf8.count == "application/json".utf8.count && endsWith("application/json")) || endsWith("+json")
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
        var response = Response.json(JSONWriter().bytes(for: self), status: status)
        for field in headers { response.headers.replaceOrAdd(name: field.name, value: field.value) }
        return response
    }
}
