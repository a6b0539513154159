import Foundation
import JSON
import NavLayoutService
import NavigationLayout
import Testing

@Suite("POST /v1/layouts/matrix with a solver plugged in")
struct MatrixApiTests {
    /// A stand-in engine: a cell is an error when its request has no delegate (so a profile's
    /// delegate must have reached it), a warning right-to-left, ok otherwise.
    static let fakeEngine: MatrixRoute.SolverFactory = { group in
        let groupKey = group.key
        return { cell in
            let status: ResultStatus =
                cell.request.delegate == nil ? .error : cell.direction == .rightToLeft ? .warning : .ok
            return MatrixCellOutcome(
                status: status, codes: status == .ok ? [] : ["fake-" + groupKey],
                wideMode: cell.request.isWideMode, solveMicros: Int(cell.request.screen.width))
        }
    }

    static func seed() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Fixtures/seed-delegate-guidance.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func text(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    static func withMatrix<T>(_ body: (LiveService) async throws -> T) async throws -> T {
        try await LiveService.with(
            configure: { $0.layoutRoutes = LayoutRoutes(matrix: MatrixRoute.handler(solverForGroup: fakeEngine)) },
            run: body)
    }

    @Test("the seed across two devices answers one row per cell in order, with a summary")
    func table() async throws {
        try await Self.withMatrix { service in
            let acme = try await service.createTenant("acme")
            var body = try Self.seed()
            body["matrix"] = ["devices": ["ipad-pro-13", "iphone-15"], "states": ["ready", "guidance"]]
            let response = try await service.client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret, json: try Self.text(body))
            #expect(response.status == 200)
            let table = try response.object()
            let cells = try #require(table["cells"] as? [[String: Any]])
            #expect(cells.count == 16, "2 devices x 2 orientations x 2 directions x 2 states")
            #expect(cells.first?["key"] as? String == "iphone-15/portrait/ltr/ready")
            #expect(cells.last?["key"] as? String == "ipad-pro-13/landscape/rtl/guidance")
            #expect(cells.first?["solveMicros"] as? Int == 393)
            #expect(cells.last?["wideMode"] as? Bool == true)
            let summary = try #require(table["summary"] as? [String: Any])
            #expect(summary["cells"] as? Int == 16)
            #expect(summary["warning"] as? Int == 8)
            #expect(summary["status"] as? String == "warning")
        }
    }

    @Test("the profile the request names fills what it leaves out")
    func profileMerged() async throws {
        try await Self.withMatrix { service in
            let acme = try await service.createTenant("acme")
            let seed = try Self.seed()
            let profile: [String: Any] = ["description": "driver", "delegate": try #require(seed["delegate"])]
            let put = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: try Self.text(profile))
            #expect(put.status == 201)
            let body: [String: Any] = [
                "profile": "driver", "matrix": ["devices": ["iphone-se-3"], "directions": ["ltr"]],
            ]
            let response = try await service.client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret, json: try Self.text(body))
            let summary = try #require(try response.object()["summary"] as? [String: Any])
            #expect(summary["cells"] as? Int == 6)
            #expect(summary["ok"] as? Int == 6, "every cell got the profile's delegate")
            try await service.client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret, json: #"{"profile":"nobody"}"#
            ).expectProblem(404)
        }
    }

    @Test("an unknown device is a 422 at its path with the closest id; no key is a 401")
    func errors() async throws {
        try await Self.withMatrix { service in
            let acme = try await service.createTenant("acme")
            var body = try Self.seed()
            body["matrix"] = ["devices": ["iphone-16-pro-mx"]]
            let problem = try await service.client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret, json: try Self.text(body)
            ).expectProblem(422)
            let errors = try #require(problem["errors"] as? [[String: Any]])
            #expect(errors.first?["path"] as? String == "matrix.devices[0]")
            #expect((errors.first?["message"] as? String)?.contains("did you mean 'iphone-16-pro-max'?") == true)
            try await service.client.send("POST", "/v1/layouts/matrix", json: try Self.text(body)).expectProblem(401)
            try await service.client.send("POST", "/v1/layouts/matrix", token: acme.secret, json: "[1]")
                .expectProblem(422)
        }
    }
}
