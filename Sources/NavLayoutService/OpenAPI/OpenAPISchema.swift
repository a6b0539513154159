/// Small constructors for the JSON Schema (2020-12, as OpenAPI 3.1 uses it) pieces of the document.

import JSON

enum OpenAPISchema {
    static func ref(_ name: String) -> JSONValue {
        .object([("$ref", .string("#/components/schemas/\(name)"))])
    }

    static func string(format: String? = nil, description: String? = nil, minLength: Int? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string("string"))]
        if let format { members.append(("format", .string(format))) }
        if let minLength { members.append(("minLength", .number(Double(minLength)))) }
        if let description { members.append(("description", .string(description))) }
        return .object(JSONObject(members))
    }

    static func nullableString(format: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .array([.string("string"), .string("null")]))]
        if let format { members.append(("format", .string(format))) }
        return .object(JSONObject(members))
    }

    static func integer(minimum: Int? = nil, maximum: Int? = nil, nullable: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", nullable ? .array([.string("integer"), .string("null")]) : .string("integer"))
        ]
        if let minimum { members.append(("minimum", .number(Double(minimum)))) }
        if let maximum { members.append(("maximum", .number(Double(maximum)))) }
        return .object(JSONObject(members))
    }

    static func enumeration(_ values: [String], nullable: Bool = false) -> JSONValue {
        .object([
            ("type", nullable ? .array([.string("string"), .string("null")]) : .string("string")),
            ("enum", .array(values.map { .string($0) } + (nullable ? [.null] : []))),
        ])
    }

    /// An object with these properties; `closed` forbids any other member.
    static func object(
        _ properties: [(String, JSONValue)], required: [String] = [], closed: Bool = true, description: String? = nil
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string("object"))]
        if let description { members.append(("description", .string(description))) }
        members.append(("properties", .object(JSONObject(properties))))
        if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
        if closed { members.append(("additionalProperties", .bool(false))) }
        return .object(JSONObject(members))
    }

    /// Any JSON object (a section whose content the layout engine defines).
    static func anyObject(_ description: String) -> JSONValue {
        .object([("type", .string("object")), ("description", .string(description))])
    }

    static func array(of items: JSONValue) -> JSONValue {
        .object([("type", .string("array")), ("items", items)])
    }

    /// `{"items": [...]}` with an optional `nextCursor`.
    static func list(of item: String, paginated: Bool) -> JSONValue {
        var properties: [(String, JSONValue)] = [("items", array(of: ref(item)))]
        if paginated {
            properties.append(
                (
                    "nextCursor",
                    .object([
                        ("type", .array([.string("string"), .string("null")])),
                        ("description", .string("Pass as `cursor` to read the next page; null on the last page.")),
                    ])
                ))
        }
        return object(properties, required: paginated ? ["items", "nextCursor"] : ["items"])
    }
}
