import Foundation
import Testing

/// Tenant B against tenant A's layouts, pictures, matrices and profiles: always 404, never 403,
/// and never A's data.
@Suite("Layout routes: tenant isolation")
struct LayoutIsolationApiTests {
    @Test("tenant B gets 404 for A's layout ids, pictures, matrix sheets and profile names")
    func isolation() async throws {
        try await LiveService.with { service in
            let a = try await service.createTenant("a")
            let b = try await service.createTenant("b")
            let client = service.client
            let sample = try Fixtures.text("seed-delegate-guidance.json")
            let solved = try await client.send("POST", "/v1/layouts", token: a.secret, json: sample)
            let layoutID = try #require(try solved.object()["id"] as? String)
            var body = try Fixtures.object("seed-delegate-guidance.json")
            body["matrix"] = ["devices": ["iphone-se-3"], "directions": ["ltr"], "orientations": ["portrait"]]
            let matrix = try await client.send(
                "POST", "/v1/layouts/matrix", token: a.secret, json: try Fixtures.json(body))
            let matrixID = try #require(try matrix.object()["id"] as? String)
            #expect(
                try await client.send(
                    "PUT", "/v1/profiles/secret", token: a.secret, json: #"{"settings":{"compassButton":true}}"#
                ).status == 201)

            for path in [
                "/v1/layouts/\(layoutID)", "/v1/layouts/\(layoutID).svg", "/v1/layouts/matrix/\(matrixID).svg",
            ] {
                #expect(try await client.send("GET", path, token: a.secret).status == 200, "A reads \(path)")
                try await client.send("GET", path, token: b.secret).expectProblem(404)
            }
            for route in ["/v1/layouts", "/v1/layouts/svg", "/v1/layouts/matrix", "/v1/convert"] {
                try await client.send(
                    "POST", route, token: b.secret,
                    json: #"{"profile":"secret","screen":{"width":393,"height":852},"state":{"navigation":"ready"}}"#
                ).expectProblem(404)
            }
            #expect(try await client.send("GET", "/v1/layouts", token: b.secret).items().isEmpty)
        }
    }
}
