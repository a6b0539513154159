import Foundation
import HTTPServer
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
            #expect(routed.count == 31)
        }
    }

    @Test(
        "api.md's routes are all present",
        arguments: [
            "POST /v1/layouts", "GET /v1/layouts", "GET /v1/layouts/{id}", "GET /v1/layouts/{id}.svg",
            "POST /v1/convert",
            "POST /v1/scenarios", "GET /v1/style", "PUT /v1/profiles/{name}", "GET /v1/profiles",
            "GET /v1/profiles/{name}",
            "GET /v1/profiles/{name}/versions", "GET /v1/profiles/{name}/versions/{n}", "DELETE /v1/profiles/{name}",
            "GET /v1/audit", "POST /v1/tenants", "GET /v1/tenants", "POST /v1/tenants/{id}/keys",
            "DELETE /v1/tenants/{id}/keys/{keyId}", "GET /healthz", "GET /readyz", "GET /metrics", "GET /openapi.json",
            "GET /", "GET /v1/devices", "POST /v1/layouts/svg", "POST /v1/layouts/matrix",
            "GET /v1/layouts/matrix/{id}.svg",
        ])
    func contractRoute(operation: String) {
        let documented = OpenAPIDocument.documentedOperations().map { "\($0.method) \($0.pattern)" }
        #expect(documented.contains(operation))
    }

    @Test("layout routes document 501 only while their handler is missing")
    func unimplementedIsDocumented() throws {
        let style: ServiceHandler = { _, _, _ in Response.json("{}") }
        let without = JSONWriter().string(for: OpenAPIDocument.make())
        let with = JSONWriter().string(for: OpenAPIDocument.make(layoutRoutes: LayoutRoutes(style: style)))
        #expect(without.components(separatedBy: "\"501\"").count - 1 == 8)
        #expect(with.components(separatedBy: "\"501\"").count - 1 == 7)
        let engine = JSONWriter().string(for: OpenAPIDocument.make(layoutRoutes: .engine))
        #expect(!engine.contains("\"501\""), "the engine serves every layout route")
        #expect(
            !JSONWriter().string(for: OpenAPIDocument.make(layoutRoutes: ServiceConfiguration().layoutRoutes)).contains(
                "\"501\""))
    }

    @Test("a plugged-in layout handler serves its route instead of the 501, with the suffix removed from {id}")
    func pluggedInHandlers() async throws {
        let svg: ServiceHandler = { _, context, _ in
            Response(
                status: .ok, headers: ["Content-Type": "image/svg+xml"],
                body: Array("<svg id=\"\(context.parameters["id"] ?? "")\"/>".utf8))
        }
        try await LiveService.with(
            configure: { $0.layoutRoutes = LayoutRoutes(svg: svg) },
            run: { service in
                let acme = try await service.createTenant("acme")
                let drawing = try await service.client.send(
                    "GET", "/v1/layouts/01jd0000000000000000000000.svg", token: acme.secret)
                #expect(drawing.status == 200)
                #expect(drawing.text == "<svg id=\"01jd0000000000000000000000\"/>")
                try await service.client.send("GET", "/v1/layouts/01jd0000000000000000000000", token: acme.secret)
                    .expectProblem(404)
            })
    }
}
