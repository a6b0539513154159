/// Reusable pieces of operations: parameters, bodies and responses.

import JSON

enum OpenAPIResponses {
    static let requestIDHeader: (String, JSONValue) = (
        "X-Request-Id", .object([("$ref", .string("#/components/headers/RequestId"))])
    )

    static func json(_ description: String, _ schema: JSONValue, headers: [(String, JSONValue)] = []) -> JSONValue {
        .object([
            ("description", .string(description)),
            ("headers", .object(JSONObject([requestIDHeader] + headers))),
            ("content", .object([("application/json", .object([("schema", schema)]))])),
        ])
    }

    static func problem(
        _ description: String, challenge: Bool = false, allow: Bool = false, retryAfter: Bool = false
    ) -> JSONValue {
        var headers: [(String, JSONValue)] = [requestIDHeader]
        if retryAfter {
            headers.append(
                (
                    "Retry-After",
                    .object([
                        ("description", .string("Seconds to wait before trying again.")), ("required", .bool(true)),
                        ("schema", .object([("type", .string("integer")), ("minimum", .number(0))])),
                    ])
                ))
        }
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
            ("headers", .object(JSONObject(headers))),
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
