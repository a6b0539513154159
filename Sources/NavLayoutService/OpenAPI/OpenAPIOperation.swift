/// One operation of the OpenAPI document: what the route table must contain, and what clients read.
struct OpenAPIOperation {
    enum Security {
        case none
        case apiKey
        case adminToken
    }

    var method: String
    var path: String
    var operationID: String
    var tag: String
    var summary: String
    var description: String?
    var security: Security
    var parameters: [JSONValue] = []
    var requestBody: JSONValue?
    var responses: [(String, JSONValue)]

    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("operationId", .string(operationID)), ("tags", .array([.string(tag)])), ("summary", .string(summary)),
        ]
        if let description { members.append(("description", .string(description))) }
        switch security {
        case .none: members.append(("security", .array([])))
        case .apiKey: members.append(("security", .array([.object([("apiKey", .array([]))])])))
        case .adminToken: members.append(("security", .array([.object([("adminToken", .array([]))])])))
        }
        if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
        if let requestBody { members.append(("requestBody", requestBody)) }
        var responses = self.responses
        if security != .none, !responses.contains(where: { $0.0 == "401" }) {
            responses.append(("401", OpenAPIResponses.problem("Missing or invalid credentials.", challenge: true)))
        }
        members.append(("responses", .object(responses.sorted { $0.0 < $1.0 })))
        return .object(members)
    }
}

/// Reusable pieces of operations: parameters, bodies and responses.
enum OpenAPIResponses {
    static let requestIDHeader: (String, JSONValue) = (
        "X-Request-Id", .object([("$ref", .string("#/components/headers/RequestId"))])
    )

    static func json(_ description: String, _ schema: JSONValue, headers: [(String, JSONValue)] = []) -> JSONValue {
        .object([
            ("description", .string(description)),
            ("headers", .object([requestIDHeader] + headers)),
            ("content", .object([("application/json", .object([("schema", schema)]))])),
        ])
    }

    static func problem(_ description: String, challenge: Bool = false, allow: Bool = false) -> JSONValue {
        var headers: [(String, JSONValue)] = [requestIDHeader]
        if challenge {
            headers.append(
                (
                    "WWW-Authenticate",
                    .object([
                        ("description", .string("The Bearer challenge.")), ("required", .bool(true)),
                        ("schema", .object([("type", .string("string"))])),
                    ])
                ))
        }
        return .object([
            ("description", .string(description)),
            ("headers", .object(headers)),
            ("content", .object([("application/problem+json", .object([("schema", OpenAPISchema.ref("Problem"))]))])),
        ])
    }

    static func noContent(_ description: String) -> JSONValue {
        .object([("description", .string(description)), ("headers", .object([requestIDHeader]))])
    }

    static func text(_ description: String, mediaType: String) -> JSONValue {
        .object([
            ("description", .string(description)),
            ("headers", .object([requestIDHeader])),
            ("content", .object([(mediaType, .object([("schema", .object([("type", .string("string"))]))]))])),
        ])
    }

    static let etagHeader: (String, JSONValue) = (
        "ETag",
        .object([
            ("description", .string("The strong entity tag of the version, for If-Match.")), ("required", .bool(true)),
            ("schema", .object([("type", .string("string"))])),
        ])
    )

    static func body(_ schema: JSONValue, description: String) -> JSONValue {
        .object([
            ("description", .string(description)), ("required", .bool(true)),
            ("content", .object([("application/json", .object([("schema", schema)]))])),
        ])
    }

    static func pathParameter(
        _ name: String, _ description: String, schema: JSONValue = OpenAPISchema.string(minLength: 1)
    )
        -> JSONValue
    {
        .object([
            ("name", .string(name)), ("in", .string("path")), ("required", .bool(true)),
            ("description", .string(description)), ("schema", schema),
        ])
    }

    static func queryParameter(_ name: String, _ description: String, schema: JSONValue) -> JSONValue {
        .object([
            ("name", .string(name)), ("in", .string("query")), ("required", .bool(false)),
            ("description", .string(description)), ("schema", schema),
        ])
    }

    static func headerParameter(_ name: String, _ description: String, schema: JSONValue, example: String) -> JSONValue
    {
        .object([
            ("name", .string(name)), ("in", .string("header")), ("required", .bool(false)),
            ("description", .string(description)), ("schema", schema), ("example", .string(example)),
        ])
    }
}
