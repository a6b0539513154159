/// One operation of the OpenAPI document: what the route table must contain, and what clients read.

import JSON

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
    /// Whether the operation writes to the database (and so can find the disk full).
    var writes = false

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
        if requestBody != nil, !responses.contains(where: { $0.0 == "408" }) {
            responses.append(
                (
                    "408",
                    OpenAPIResponses.problem(
                        "The body did not arrive within the server's time limit; the connection is closed.")
                ))
        }
        // Authentication reads the database, so every authenticated operation can meet a failing one.
        if security != .none, !responses.contains(where: { $0.0 == "503" }) {
            responses.append(
                (
                    "503",
                    OpenAPIResponses.problem(
                        "The database's storage failed (an I/O error, a file that cannot be written or opened); "
                            + "nothing was changed.", retryAfter: true)
                ))
        }
        if writes {
            responses.append(
                ("507", OpenAPIResponses.problem("The disk or the database is full; nothing was stored.")))
        }
        members.append(("responses", .object(JSONObject(responses.sorted { $0.0 < $1.0 }))))
        return .object(JSONObject(members))
    }
}
