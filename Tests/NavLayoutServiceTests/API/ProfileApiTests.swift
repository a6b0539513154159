import Foundation
import NavLayoutService
import Testing

@Suite("Profiles over HTTP")
struct ProfileApiTests {
    static let document =
        #"{"description":"driver app","screen":{"width":393,"height":852},"settings":{"compassButton":true}}"#

    @Test("PUT creates version 1 with an ETag; GET returns it; a PUT with that ETag makes version 2")
    func versionsAndETags() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let created = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: Self.document)
            #expect(created.status == 201)
            let etag = try #require(created.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            let body = try created.object()
            #expect(body["version"] as? Int == 1)
            #expect(body["description"] as? String == "driver app")
            #expect((body["document"] as? [String: Any])?["screen"] != nil)

            let read = try await service.client.send("GET", "/v1/profiles/driver", token: acme.secret)
            #expect(read.status == 200)
            #expect(read.header("ETag") == etag)

            let updated = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: #"{"style":{"headerNominalHeight":100}}"#,
                headers: ["If-Match": etag])
            #expect(updated.status == 200)
            #expect(try updated.object()["version"] as? Int == 2)
            #expect(updated.header("ETag") != etag)

            let versions = try await service.client.send("GET", "/v1/profiles/driver/versions", token: acme.secret)
            #expect(try versions.items().compactMap { $0["version"] as? Int } == [2, 1])
            let first = try await service.client.send("GET", "/v1/profiles/driver/versions/1", token: acme.secret)
            #expect(first.status == 200)
            #expect(first.header("ETag") == etag)
            #expect(try first.object()["description"] as? String == "driver app")

            let listed = try await service.client.send("GET", "/v1/profiles", token: acme.secret)
            #expect(try listed.items().first?["currentVersion"] as? Int == 2)
        }
    }

    @Test("a stale If-Match is 412 and writes nothing; a PUT without If-Match is unconditional (no 428)")
    func staleWrite() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let first = try await service.client.send("PUT", "/v1/profiles/p", token: acme.secret, json: Self.document)
            let staleTag = try #require(first.header("ETag"))
            #expect(
                try await service.client.send("PUT", "/v1/profiles/p", token: acme.secret, json: "{}").status == 200)
            try await service.client.send(
                "PUT", "/v1/profiles/p", token: acme.secret, json: "{}", headers: ["If-Match": staleTag]
            ).expectProblem(412)
            try await service.client.send(
                "DELETE", "/v1/profiles/p", token: acme.secret, headers: ["If-Match": staleTag]
            ).expectProblem(412)
            try await service.client.send(
                "PUT", "/v1/profiles/p", token: acme.secret, json: "{}", headers: ["If-Match": "garbage"]
            ).expectProblem(412)
            try await service.client.send(
                "PUT", "/v1/profiles/new", token: acme.secret, json: "{}", headers: ["If-Match": "*"]
            ).expectProblem(412)
            let versions = try await service.client.send("GET", "/v1/profiles/p/versions", token: acme.secret)
            #expect(try versions.items().count == 2)
        }
    }

    @Test("a soft delete hides the profile but keeps its versions; a later PUT continues the numbering")
    func softDelete() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            _ = try await service.client.send("PUT", "/v1/profiles/p", token: acme.secret, json: Self.document)
            let deleted = try await service.client.send("DELETE", "/v1/profiles/p", token: acme.secret)
            #expect(deleted.status == 204)
            try await service.client.send("GET", "/v1/profiles/p", token: acme.secret).expectProblem(404)
            #expect(try await service.client.send("GET", "/v1/profiles", token: acme.secret).items().isEmpty)
            #expect(try await service.client.send("GET", "/v1/profiles/p/versions/1", token: acme.secret).status == 200)
            try await service.client.send("DELETE", "/v1/profiles/p", token: acme.secret).expectProblem(404)
            let recreated = try await service.client.send("PUT", "/v1/profiles/p", token: acme.secret, json: "{}")
            #expect(recreated.status == 201)
            #expect(try recreated.object()["version"] as? Int == 2)
        }
    }

    @Test(
        "a profile body that is not an object of known sections is 422 with the offending path",
        arguments: [
            (#"{"screen":[]}"#, "screen"), (#"{"description":5}"#, "description"),
            (#"{"camera":{}}"#, "camera"), (#"[]"#, "$"),
        ])
    func shapeValidation(body: String, path: String) async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let problem = try await service.client.send("PUT", "/v1/profiles/p", token: acme.secret, json: body)
                .expectProblem(422)
            let errors = try #require(problem["errors"] as? [[String: Any]])
            #expect(errors.contains { $0["path"] as? String == path })
        }
    }

    @Test("the profile validator's problems come back as a 422 and nothing is written")
    func validatorRefusal() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let problem = try await service.client.send(
                "PUT", "/v1/profiles/p", token: acme.secret,
                json: #"{"delegate":{"guidance":{"views":["viewport"],"constraints":["viewport.top == == 1"]}}}"#
            ).expectProblem(422)
            let errors = try #require(problem["errors"] as? [[String: Any]])
            #expect(errors.first?["path"] as? String == "delegate.guidance.constraints[0]")
            #expect(
                try await service.client.send("PUT", "/v1/profiles/p", token: acme.secret, json: "{}").status == 201)
            try await service.client.send("GET", "/v1/profiles/p/versions/2", token: acme.secret).expectProblem(404)
        }
    }
}
