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
        members.append(("responses", .object(JSONObject(responses.sorted { $0.0 < $1.0 }))))
        return .object(JSONObject(members))
    }
}
