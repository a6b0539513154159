import Foundation
import JSON
import NavLayoutService
import Testing

@Suite("OpenAPI document and router agree")
struct OpenAPIRouteTests {
    @Test("every route of the router is in the served document, and every documented operation is routed")
    func routesMatchDocument() async throws {
        try await LiveService.with { service in
            let response = try await service.client.send("GET", "/openapi.json")
            #expect(response.status == 200)
            let document = try response.object()
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            var documented: Set<String> = []
            for (path, item) in paths {
                for method in item.keys { documented.insert("\(method.uppercased()) \(path)") }
            }
            let routed = Set(service.application.routes.operations.map { "\($0.method) \($0.pattern)" })
            #expect(routed.subtracting(documented).sorted() == [], "routed but not documented")
            #expect(documented.subtracting(routed).sorted() == [], "documented but not routed")
            #expect(routed.count == 42)
        }
    }

    @Test(
        "api.md's routes are all present",
        arguments: [
            "POST /v1/layouts", "GET /v1/layouts", "GET /v1/layouts/{id}", "GET /v1/layouts/{id}.svg",
            "POST /v1/convert", "POST /v1/imports/swift",
            "POST /v1/scenarios", "GET /v1/style", "PUT /v1/profiles/{name}", "GET /v1/profiles",
            "GET /v1/profiles/{name}", "GET /v1/profiles/{name}/swift",
            "GET /v1/profiles/{name}/versions", "GET /v1/profiles/{name}/versions/{n}", "DELETE /v1/profiles/{name}",
            "GET /v1/audit", "POST /v1/tenants", "GET /v1/tenants", "POST /v1/tenants/{id}/keys",
            "DELETE /v1/tenants/{id}/keys/{keyId}", "GET /healthz", "GET /readyz", "GET /metrics", "GET /openapi.json",
            "GET /", "GET /v1/devices", "POST /v1/layouts/svg", "POST /v1/layouts/matrix",
            "GET /v1/layouts/matrix/{id}.svg", "POST /v1/admin/backup", "GET /v1/admin/tenants/{name}/export",
            "POST /v1/admin/tenants/import", "POST /v1/diffs", "GET /v1/diffs", "GET /v1/diffs/{id}",
            "GET /v1/diffs/{id}.svg", "GET /v1/profiles/{name}/versions/{n}/diff/{b}", "POST /v1/layouts/{id}/replay",
        ])
    func contractRoute(operation: String) {
        let documented = OpenAPIDocument.documentedOperations().map { "\($0.method) \($0.pattern)" }
        #expect(documented.contains(operation))
    }

    @Test("the document promises no 501: every layout route is served")
    func noUnimplementedRoutes() {
        #expect(!JSONWriter().string(for: OpenAPIDocument.make()).contains("\"501\""))
    }

    @Test("a recorded layout's picture is served under {id}.svg, with the suffix removed from {id}")
    func suffixedPicture() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let solved = try await service.client.send(
                "POST", "/v1/layouts", token: acme.secret, json: try Fixtures.text("seed-delegate-guidance.json"))
            let id = try #require(try solved.object()["id"] as? String)
            let drawing = try await service.client.send("GET", "/v1/layouts/\(id).svg", token: acme.secret)
            #expect(drawing.status == 200)
            #expect(drawing.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
            #expect(drawing.text.contains("Layout \(id)"))
            let stored = try await service.client.send("GET", "/v1/layouts/\(id)", token: acme.secret)
            #expect(try stored.object()["id"] as? String == id)
            try await service.client.send("GET", "/v1/layouts/01jd0000000000000000000000", token: acme.secret)
                .expectProblem(404)
        }
    }

    @Test("every numeric bound the document states is one a JSON number holds exactly (at most 2^53)")
    func boundsAreExact() {
        func bounds(in value: JSONValue) -> [Double] {
            switch value {
            case .object(let object):
                return object.members.flatMap { member -> [Double] in
                    if ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].contains(member.key),
                        case .number(let bound) = member.value
                    {
                        return [bound]
                    }
                    return bounds(in: member.value)
                }
            case .array(let elements): return elements.flatMap(bounds(in:))
            default: return []
            }
        }
        let all = bounds(in: OpenAPIDocument.make())
        #expect(!all.isEmpty)
        #expect(
            all.allSatisfy { abs($0) <= 9_007_199_254_740_992 }, "\(all.filter { abs($0) > 9_007_199_254_740_992 })")
    }

    @Test("the largest version number the document allows is answered 404 for a profile that has no such version")
    func largestVersionIsNotFound() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let put = try await service.client.send("PUT", "/v1/profiles/driver", token: acme.secret, json: "{}")
            #expect(put.status == 201)
            let answer = try await service.client.send(
                "GET", "/v1/profiles/driver/versions/9007199254740992", token: acme.secret)
            #expect(answer.status == 404)
        }
    }
}
