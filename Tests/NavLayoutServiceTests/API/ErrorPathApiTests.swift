import Foundation
import Testing

@Suite("Every error path answers problem details")
struct ErrorPathApiTests {
    @Test("401, 404, 405, 400 and 415 are problem details with X-Request-Id")
    func problems() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let client = service.client
            let unauthorized = try await client.send("GET", "/v1/profiles")
            try unauthorized.expectProblem(401)
            #expect(unauthorized.header("WWW-Authenticate") == "Bearer realm=\"navlayout\"")
            let wrongScheme = try await client.send("GET", "/v1/audit", headers: ["Authorization": "Basic YTpi"])
            try wrongScheme.expectProblem(401)
            try await client.send("GET", "/v1/nothing-here", token: acme.secret).expectProblem(404)
            try await client.send("GET", "/v1/profiles/absent", token: acme.secret).expectProblem(404)
            try await client.send("GET", "/v1/layouts/not-an-id", token: acme.secret).expectProblem(404)

            let notAllowed = try await client.send("PATCH", "/v1/profiles/p", token: acme.secret, json: "{}")
            try notAllowed.expectProblem(405)
            #expect(notAllowed.header("Allow") == "DELETE, GET, HEAD, OPTIONS, PUT")

            try await client.send("GET", "/v1/profiles/p/versions/one", token: acme.secret).expectProblem(400)
            try await client.send("PUT", "/v1/profiles/p", token: acme.secret, json: "{").expectProblem(400)
            try await client.send(
                "PUT", "/v1/profiles/p", token: acme.secret, json: "{}", headers: ["Content-Type": "text/plain"]
            ).expectProblem(415)
            try await client.send("PUT", "/v1/profiles/p", token: acme.secret, json: "{}", headers: ["If-Match": ""])
                .expectProblem(400)
        }
    }

    @Test(
        "bad history query values are 400 naming the parameter",
        arguments: [
            ("limit=0", "query.limit"), ("limit=abc", "query.limit"), ("limit=1001", "query.limit"),
            ("navigation=flying", "query.navigation"), ("status=fine", "query.status"),
            ("since=yesterday", "query.since"), ("until=2026-13-01T00:00:00Z", "query.until"),
            ("cursor=bm90LWEtY3Vyc29y", "query.cursor"), ("cursor=%25%25", "query.cursor"),
        ])
    func badQueries(query: String, path: String) async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let problem = try await service.client.send("GET", "/v1/layouts?\(query)", token: acme.secret)
                .expectProblem(400)
            let errors = try #require(problem["errors"] as? [[String: Any]])
            #expect(errors.first?["path"] as? String == path)
        }
    }

    @Test("the request id the client sends comes back on success and on error")
    func requestID() async throws {
        try await LiveService.with { service in
            let ok = try await service.client.send("GET", "/healthz", headers: ["X-Request-Id": "trace-abc-123"])
            #expect(ok.header("X-Request-Id") == "trace-abc-123")
            let failed = try await service.client.send("GET", "/v1/audit", headers: ["X-Request-Id": "trace-def-456"])
            #expect(failed.header("X-Request-Id") == "trace-def-456")
        }
    }
}
