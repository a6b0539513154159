import Foundation
import NavLayoutService
import Testing

@Suite("Layout history and audit over HTTP")
struct HistoryApiTests {
    @Test("the history pages newest first with a cursor, filters apply, and one layout reads back whole")
    func pagination() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let layouts = service.application.environment.repositories.layouts
            var recorded: [String] = []
            for index in 0..<7 {
                let summary = try await layouts.record(
                    sampleLayout(
                        tenantID: acme.id, profile: index % 2 == 0 ? "even" : "odd", version: 1,
                        navigation: index < 3 ? .ready : .guidance, status: index == 6 ? .error : .ok, marker: index))
                recorded.append(summary.id.text)
            }
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = "limit=3" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await service.client.send("GET", "/v1/layouts?\(query)", token: acme.secret)
                #expect(page.status == 200)
                let body = try page.object()
                seen += try page.items().compactMap { $0["id"] as? String }
                cursor = body["nextCursor"] as? String
                pages += 1
            } while cursor != nil && pages < 10
            #expect(seen == recorded.reversed())
            #expect(pages == 3)

            let even = try await service.client.send("GET", "/v1/layouts?profile=even", token: acme.secret).items()
            #expect(even.count == 4)
            let ready = try await service.client.send("GET", "/v1/layouts?navigation=ready", token: acme.secret).items()
            #expect(ready.count == 3)
            let errors = try await service.client.send("GET", "/v1/layouts?status=error", token: acme.secret).items()
            #expect(errors.compactMap { $0["id"] as? String } == [recorded[6]])
            let future = try await service.client.send(
                "GET", "/v1/layouts?since=2999-01-01T00:00:00Z", token: acme.secret
            ).items()
            #expect(future.isEmpty)
            let past = try await service.client.send(
                "GET", "/v1/layouts?until=2999-01-01T00:00:00Z&since=2000-01-01T00:00:00Z", token: acme.secret
            ).items()
            #expect(past.count == 7)

            let one = try await service.client.send("GET", "/v1/layouts/\(recorded[2])", token: acme.secret)
            #expect(one.status == 200)
            let stored = try one.object()
            #expect((stored["request"] as? [String: Any])?["marker"] as? Int == 2)
            #expect((stored["result"] as? [String: Any])?["status"] as? String == "ok")
            #expect(stored["profile"] as? String == "even")
        }
    }

    @Test("the audit log lists key and profile changes, newest first, with who made them")
    func audit() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            _ = try await service.client.send("PUT", "/v1/profiles/p", token: acme.secret, json: "{}")
            _ = try await service.client.send("DELETE", "/v1/profiles/p", token: acme.secret)
            _ = try await service.client.send("POST", "/v1/tenants/\(acme.id)/keys", token: LiveService.adminToken)
            let events = try await service.client.send("GET", "/v1/audit", token: acme.secret).items()
            let actions = events.compactMap { $0["action"] as? String }
            #expect(actions == ["key.create", "profile.delete", "profile.put", "key.create", "tenant.create"])
            let put = try #require(events.first { $0["action"] as? String == "profile.put" })
            let actor = try #require(put["actor"] as? [String: Any])
            #expect(actor["kind"] as? String == "apiKey")
            #expect(actor["keyId"] as? String == acme.keyID)
            #expect((events.first?["actor"] as? [String: Any])?["kind"] as? String == "admin")

            let first = try await service.client.send("GET", "/v1/audit?limit=2", token: acme.secret)
            let cursor = try #require(try first.object()["nextCursor"] as? String)
            let second = try await service.client.send("GET", "/v1/audit?limit=2&cursor=\(cursor)", token: acme.secret)
            #expect(try second.items().compactMap { $0["action"] as? String } == ["profile.put", "key.create"])
        }
    }
}
