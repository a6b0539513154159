import JSON

/// An RFC 9457 problem details document, served as `application/problem+json`.
public struct ProblemDetails: Sendable, Equatable {
    /// One offending input: a JSON path such as `delegate.guidance.constraints[3]` and what is wrong.
    public struct FieldError: Sendable, Equatable {
        public var path: String
        public var message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    public static let contentType = "application/problem+json"

    /// A URI reference naming the kind of problem; `about:blank` when the status says it all.
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String?
    public var errors: [FieldError]

    public init(
        type: String = "about:blank", title: String, status: Int, detail: String? = nil, errors: [FieldError] = []
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.errors = errors
    }

    /// The JSON body, members in a fixed order (type, title, status, detail, errors).
    public var jsonBytes: [UInt8] {
        var json = CompactJSONWriter(capacity: 256)
        json.beginObject()
        json.field("type")
        json.string(type)
        json.field("title")
        json.string(title)
        json.field("status")
        json.number(Double(status))
        if let detail {
            json.field("detail")
            json.string(detail)
        }
        if !errors.isEmpty {
            json.field("errors")
            json.beginArray()
            for error in errors {
                json.beginObject()
                json.field("path")
                json.string(error.path)
                json.field("message")
                json.string(error.message)
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
        return json.bytes
    }

    /// A response carrying this document.
    public func response(headers extraHeaders: HTTPHeaders = HTTPHeaders()) -> Response {
        var headers = extraHeaders
        headers.replaceOrAdd(name: "Content-Type", value: Self.contentType)
        return Response(status: HTTPStatus(code: status), headers: headers, body: jsonBytes)
    }
}
