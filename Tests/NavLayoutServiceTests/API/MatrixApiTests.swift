import Foundation
import Testing

@Suite("POST /v1/layouts/matrix")
struct MatrixApiTests {
    static func seed() throws -> [String: Any] { try Fixtures.object("seed-delegate-guidance.json") }

    /// The layout a cell recorded, as GET /v1/layouts/{id} answers it.
    static func recordedCell(_ cell: [String: Any], _ service: LiveService, token: String) async throws
        -> [String: Any]
    {
        let id = try #require(cell["id"] as? String)
        return try await service.client.send("GET", "/v1/layouts/\(id)", token: token).object()
    }

    @Test(
        "the seed across two devices answers one row per cell in order, each solved on its own screen, with a summary")
    func table() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            var body = try Self.seed()
            body["matrix"] = ["devices": ["ipad-pro-13", "iphone-15"], "states": ["ready", "guidance"]]
            let response = try await service.client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret, json: try Fixtures.json(body))
            #expect(response.status == 200)
            let table = try response.object()
            let cells = try #require(table["cells"] as? [[String: Any]])
            #expect(cells.count == 16, "2 devices x 2 orientations x 2 directions x 2 states")
            #expect(cells.first?["key"] as? String == "iphone-15/portrait/ltr/ready")
            #expect(cells.last?["key"] as? String == "ipad-pro-13/landscape/rtl/guidance")
            #expect(cells.last?["wideMode"] as? Bool == true)

            // Each cell was solved on its device's screen, in its state and direction.
            let first = try await Self.recordedCell(try #require(cells.first), service, token: acme.secret)
            let firstRequest = try #require(first["request"] as? [String: Any])
            #expect((firstRequest["screen"] as? [String: Any])?["width"] as? Int == 393)
            #expect((firstRequest["state"] as? [String: Any])?["navigation"] as? String == "ready")
            let last = try await Self.recordedCell(try #require(cells.last), service, token: acme.secret)
            #expect(last["navigation"] as? String == "guidance")

            // The summary counts the rows by status and takes the worst.
            let summary = try #require(table["summary"] as? [String: Any])
            #expect(summary["cells"] as? Int == 16)
            let statuses = cells.compactMap { $0["status"] as? String }
            #expect(statuses.count == 16)
            for status in ["ok", "warning", "error"] {
                #expect(summary[status] as? Int == statuses.filter { $0 == status }.count, "\(status)")
            }
            let worst = ["error", "warning", "ok"].first { statuses.contains($0) }
            #expect(summary["status"] as? String == worst)
        }
    }

    @Test("the profile the request names fills what it leaves out")
    func profileMerged() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let seed = try Self.seed()
            let profile: [String: Any] = ["description": "driver", "delegate": try #require(seed["delegate"])]
            let put = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: try Fixtures.json(profile))
            #expect(put.status == 201)
            let body: [String: Any] = [
                "profile": "driver", "matrix": ["devices": ["iphone-se-3"], "directions": ["ltr"]],
            ]
            let response = try await service.client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret, json: try Fixtures.json(body))
            let table = try response.object()
            let summary = try #require(table["summary"] as? [String: Any])
            #expect(summary["cells"] as? Int == 6)
            let cells = try #require(table["cells"] as? [[String: Any]])
            for cell in cells {
                let recorded = try await Self.recordedCell(cell, service, token: acme.secret)
                #expect(recorded["mode"] as? String == "delegate", "every cell got the profile's delegate")
                #expect(recorded["profile"] as? String == "driver")
            }
            try await service.client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret, json: #"{"profile":"nobody"}"#
            ).expectProblem(404)
        }
    }

    @Test("an unknown device is a 422 at its path with the closest id; no key is a 401")
    func errors() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            var body = try Self.seed()
            body["matrix"] = ["devices": ["iphone-16-pro-mx"]]
            let problem = try await service.client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret, json: try Fixtures.json(body)
            ).expectProblem(422)
            let errors = try #require(problem["errors"] as? [[String: Any]])
            #expect(errors.first?["path"] as? String == "matrix.devices[0]")
            #expect((errors.first?["message"] as? String)?.contains("did you mean 'iphone-16-pro-max'?") == true)
            try await service.client.send("POST", "/v1/layouts/matrix", json: try Fixtures.json(body)).expectProblem(
                401)
            try await service.client.send("POST", "/v1/layouts/matrix", token: acme.secret, json: "[1]")
                .expectProblem(422)
        }
    }
}
