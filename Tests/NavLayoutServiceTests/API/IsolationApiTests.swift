import Foundation
import NavLayoutService
import Testing

@Suite("Tenant isolation over HTTP")
struct IsolationApiTests {
    /// Every tenant-scoped route that names an object, as tenant B would call it on tenant A's objects.
    static let routes: [(method: String, path: String, body: String?)] = [
        ("GET", "/v1/profiles/shared", nil),
        ("PUT", "/v1/profiles/shared", "{}"),
        ("DELETE", "/v1/profiles/shared", nil),
        ("GET", "/v1/profiles/shared/versions", nil),
        ("GET", "/v1/profiles/shared/versions/1", nil),
        ("GET", "/v1/layouts/{layout}", nil),
    ]

    @Test("tenant B gets 404 for every object of tenant A, and A's objects are unchanged afterwards")
    func matrix() async throws {
        try await LiveService.with { service in
            let a = try await service.createTenant("a")
            let b = try await service.createTenant("b")
            let written = try await service.client.send(
                "PUT", "/v1/profiles/shared", token: a.secret, json: #"{"description":"A's"}"#)
            #expect(written.status == 201)
            let etag = try #require(written.header("ETag"))
            let layout = try await service.application.environment.repositories.layouts.record(
                sampleLayout(tenantID: a.id, profile: "shared", version: 1))

            for route in Self.routes {
                let path = route.path.replacingOccurrences(of: "{layout}", with: layout.id.text)
                // PUT with A's ETag: B must not learn that the profile exists, so a conditional
                // write fails as for any profile B does not have.
                let headers = route.method == "PUT" ? ["If-Match": etag] : [:]
                let response = try await service.client.send(
                    route.method, path, token: b.secret, json: route.body, headers: headers)
                let expected = route.method == "PUT" ? 412 : 404
                try response.expectProblem(expected)
                #expect(!response.text.contains("A's"))
            }
            // B's listings show nothing of A's.
            #expect(try await service.client.send("GET", "/v1/profiles", token: b.secret).items().isEmpty)
            #expect(try await service.client.send("GET", "/v1/layouts", token: b.secret).items().isEmpty)
            let audit = try await service.client.send("GET", "/v1/audit", token: b.secret).items()
            #expect(!audit.contains { $0["objectId"] as? String == "shared" })
            // A's profile and layout are as A left them.
            let mine = try await service.client.send("GET", "/v1/profiles/shared", token: a.secret)
            #expect(mine.header("ETag") == etag)
            #expect(
                try await service.client.send("GET", "/v1/layouts/\(layout.id.text)", token: a.secret).status == 200)
        }
    }

    @Test("an unconditional PUT by B makes B's own profile of that name, never a version of A's")
    func sameNameIsAnotherProfile() async throws {
        try await LiveService.with { service in
            let a = try await service.createTenant("a")
            let b = try await service.createTenant("b")
            _ = try await service.client.send("PUT", "/v1/profiles/shared", token: a.secret, json: "{}")
            let mine = try await service.client.send("PUT", "/v1/profiles/shared", token: b.secret, json: "{}")
            #expect(mine.status == 201)
            #expect(try mine.object()["version"] as? Int == 1)
            let versions = try await service.client.send("GET", "/v1/profiles/shared/versions", token: a.secret)
            #expect(try versions.items().count == 1)
        }
    }

    @Test("a key addressed under another tenant's id is not found, and stays valid")
    func keysBelongToTheirTenant() async throws {
        try await LiveService.with { service in
            let a = try await service.createTenant("a")
            let b = try await service.createTenant("b")
            let admin = LiveService.adminToken
            for (method, path) in [
                ("GET", "/v1/tenants/\(a.id)/keys/\(b.keyID)"), ("DELETE", "/v1/tenants/\(a.id)/keys/\(b.keyID)"),
                ("POST", "/v1/tenants/\(a.id)/keys/\(b.keyID)/rotate"),
            ] {
                try await service.client.send(method, path, token: admin).expectProblem(404)
            }
            #expect(try await service.client.send("GET", "/v1/profiles", token: b.secret).status == 200)
        }
    }
}
