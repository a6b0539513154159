import Foundation
import NavLayoutService
import Testing

@Suite("One rule for stored names and text")
struct StoredTextApiTests {
    @Test(
        "a tenant name with a NUL or another control character is a 422 at name, and nothing is stored",
        arguments: [
            #""\u0000""#, #""a\u0000b""#, #""evil\n{\"level\":\"error\"}""#, #""tab\there""#, #""del\u007f""#,
            #""c1\u0085""#,
        ])
    func tenantNamesWithControls(name: String) async throws {
        try await LiveService.with { service in
            let answer = try await service.client.send(
                "POST", "/v1/tenants", token: LiveService.adminToken, json: #"{"name":\#(name)}"#)
            let problem = try answer.expectProblem(422)
            let errors = try #require(problem["errors"] as? [[String: Any]])
            #expect(errors.first?["path"] as? String == "name")
            let list = try await service.client.send("GET", "/v1/tenants", token: LiveService.adminToken).items()
            #expect(list.isEmpty)
        }
    }

    @Test("a body that repeats a member is malformed JSON, a 400 with its position, on the tenant route too")
    func repeatedMembersAreRefused() async throws {
        try await LiveService.with { service in
            let answer = try await service.client.send(
                "POST", "/v1/tenants", token: LiveService.adminToken, json: #"{"name":"a","name":"b"}"#)
            let problem = try answer.expectProblem(400)
            #expect((problem["detail"] as? String)?.contains("column") == true)
        }
    }

    @Test("a profile description may hold line feeds and tabs but no other control character")
    func profileDescriptions() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let refused = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: #"{"description":"a\u0000b"}"#)
            let problem = try refused.expectProblem(422)
            #expect((problem["errors"] as? [[String: Any]])?.first?["path"] as? String == "description")
            let missing = try await service.client.send("GET", "/v1/profiles/driver", token: acme.secret)
            #expect(missing.status == 404)

            let accepted = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: #"{"description":"line one\n\tline two"}"#)
            #expect(accepted.status == 201)
            let stored = try await service.client.send("GET", "/v1/profiles/driver", token: acme.secret).object()
            #expect(stored["description"] as? String == "line one\n\tline two")
        }
    }

    @Test("a profile name with a control character is a 422 at name")
    func profileNamesWithControls() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let answer = try await service.client.send("PUT", "/v1/profiles/a%01b", token: acme.secret, json: "{}")
            let problem = try answer.expectProblem(422)
            #expect((problem["errors"] as? [[String: Any]])?.first?["path"] as? String == "name")
        }
    }
}
