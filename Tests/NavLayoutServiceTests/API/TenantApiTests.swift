import Foundation
import Testing

@Suite("Tenant administration over HTTP")
struct TenantApiTests {
    @Test("a tenant is created with its first key, listed, and its key authenticates tenant routes")
    func createListAuthenticate() async throws {
        try await LiveService.with { service in
            let created = try await service.client.send(
                "POST", "/v1/tenants", token: LiveService.adminToken, json: #"{"name":"acme"}"#)
            #expect(created.status == 201)
            let body = try created.object()
            let tenant = try #require(body["tenant"] as? [String: Any])
            let key = try #require(body["key"] as? [String: Any])
            let tenantID = try #require(tenant["id"] as? String)
            let secret = try #require(key["secret"] as? String)
            #expect(created.header("Location") == "/v1/tenants/\(tenantID)")
            #expect(tenant["name"] as? String == "acme")

            let listed = try await service.client.send("GET", "/v1/tenants", token: LiveService.adminToken)
            #expect(listed.status == 200)
            #expect(try listed.items().compactMap { $0["id"] as? String } == [tenantID])

            let profiles = try await service.client.send("GET", "/v1/profiles", token: secret)
            #expect(profiles.status == 200)
            #expect(try profiles.items().isEmpty)

            // The secret is shown once: listing keys shows the prefix, never the secret.
            let keys = try await service.client.send(
                "GET", "/v1/tenants/\(tenantID)/keys", token: LiveService.adminToken)
            #expect(keys.status == 200)
            #expect(!keys.text.contains(secret))
            #expect(try keys.items().count == 1)
        }
    }

    @Test("a second key works, rotation retires the old secret, revocation ends the key")
    func keyLifecycle() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let issued = try await service.client.send(
                "POST", "/v1/tenants/\(acme.id)/keys", token: LiveService.adminToken)
            #expect(issued.status == 201)
            let second = try issued.object()
            let secondID = try #require(second["id"] as? String)
            let secondSecret = try #require(second["secret"] as? String)
            #expect(try await service.client.send("GET", "/v1/profiles", token: secondSecret).status == 200)

            let rotated = try await service.client.send(
                "POST", "/v1/tenants/\(acme.id)/keys/\(secondID)/rotate", token: LiveService.adminToken)
            #expect(rotated.status == 200)
            let newSecret = try #require(try rotated.object()["secret"] as? String)
            #expect(newSecret != secondSecret)
            try await service.client.send("GET", "/v1/profiles", token: secondSecret).expectProblem(401)
            #expect(try await service.client.send("GET", "/v1/profiles", token: newSecret).status == 200)

            let revoked = try await service.client.send(
                "DELETE", "/v1/tenants/\(acme.id)/keys/\(secondID)", token: LiveService.adminToken)
            #expect(revoked.status == 200)
            #expect(try revoked.object()["revokedAt"] is String)
            try await service.client.send("GET", "/v1/profiles", token: newSecret).expectProblem(401)
            // The first key is untouched.
            #expect(try await service.client.send("GET", "/v1/profiles", token: acme.secret).status == 200)
            // DELETE is idempotent: revoking again answers the revoked key as it stands.
            let again = try await service.client.send(
                "DELETE", "/v1/tenants/\(acme.id)/keys/\(secondID)", token: LiveService.adminToken)
            #expect(again.status == 200)
            #expect(try again.object()["revokedAt"] as? String == (try revoked.object()["revokedAt"] as? String))
            try await service.client.send(
                "POST", "/v1/tenants/\(acme.id)/keys/\(secondID)/rotate", token: LiveService.adminToken
            ).expectProblem(409)
        }
    }

    @Test("tenant routes refuse a tenant's API key and a missing token with 401 and a challenge")
    func adminOnly() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            for token in [acme.secret, nil, "not-the-admin-token-at-all"] {
                let response = try await service.client.send("GET", "/v1/tenants", token: token)
                try response.expectProblem(401)
                #expect(response.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            }
        }
    }

    @Test("a duplicate tenant name is 409; a body without a name or with unknown members is 422")
    func tenantValidation() async throws {
        try await LiveService.with { service in
            _ = try await service.createTenant("acme")
            let admin = LiveService.adminToken
            try await service.client.send("POST", "/v1/tenants", token: admin, json: #"{"name":"acme"}"#)
                .expectProblem(409)
            let missing = try await service.client.send("POST", "/v1/tenants", token: admin, json: "{}")
                .expectProblem(422)
            #expect((missing["errors"] as? [[String: Any]])?.first?["path"] as? String == "name")
            let unknown = try await service.client.send(
                "POST", "/v1/tenants", token: admin, json: #"{"name":"b","plan":"gold"}"#
            ).expectProblem(422)
            #expect((unknown["errors"] as? [[String: Any]])?.first?["path"] as? String == "plan")
            try await service.client.send("POST", "/v1/tenants", token: admin, json: "{not json").expectProblem(400)
            try await service.client.send("GET", "/v1/tenants/ten_nothing", token: admin).expectProblem(404)
            try await service.client.send("POST", "/v1/tenants/ten_nothing/keys", token: admin).expectProblem(404)
        }
    }
}
