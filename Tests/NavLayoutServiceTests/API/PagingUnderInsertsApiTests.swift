import Foundation
import NavLayoutService
import Testing

@Suite("History pagination under concurrent inserts")
struct PagingUnderInsertsApiTests {
    @Test("paging while layouts are recorded loses and repeats none of the rows that existed at the start")
    func stablePaging() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let layouts = service.application.environment.repositories.layouts
            var existing: [String] = []
            for marker in 0..<40 {
                existing.append(try await layouts.record(sampleLayout(tenantID: acme.id, marker: marker)).id.text)
            }
            let writer = Task {
                for marker in 40..<120 {
                    _ = try await layouts.record(sampleLayout(tenantID: acme.id, marker: marker))
                }
            }
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = "limit=7" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await service.client.send("GET", "/v1/layouts?\(query)", token: acme.secret)
                #expect(page.status == 200)
                seen += try page.items().compactMap { $0["id"] as? String }
                cursor = try page.object()["nextCursor"] as? String
                pages += 1
            } while cursor != nil && pages < 100
            try await writer.value
            #expect(Set(seen).count == seen.count, "a row was repeated")
            #expect(Set(existing).isSubset(of: Set(seen)), "a row that existed at the start was lost")
            #expect(seen == seen.sorted(by: >), "pages are not newest first")
        }
    }

    @Test("a method the server knows but the route does not take is 405 with Allow, QUERY included")
    func queryMethod() async throws {
        try await LiveService.with { service in
            let response = try await service.client.send("QUERY", "/v1/profiles")
            try response.expectProblem(405)
            #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
        }
    }
}
