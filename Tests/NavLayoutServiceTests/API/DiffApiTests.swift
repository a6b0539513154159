import Foundation
import Testing

/// Layout review over HTTP: POST /v1/diffs with each kind of side, the recorded report and its
/// pictures, profile version diffs, replays, and history filtered by device and code.
@Suite("Layout review routes")
struct DiffApiTests {
    static func seed() throws -> [String: Any] { try Fixtures.object("seed-delegate-guidance.json") }

    /// The seed without the Google logo in its guidance layout: its cells regress with an error.
    static func withoutLogo() throws -> [String: Any] {
        let text = String(decoding: try Fixtures.bytes("seed-delegate-guidance.json"), as: UTF8.self)
        let edited = text.replacingOccurrences(of: #""googleLogo","#, with: "")
        #expect(edited != text)
        return try #require(try JSONSerialization.jsonObject(with: Data(edited.utf8)) as? [String: Any])
    }

    static var oneDevice: [String: Any] { ["devices": ["iphone-se-3"], "directions": ["ltr"]] }

    @Test("POST /v1/diffs records both sides and the report; GET answers it again and draws it")
    func recordedDiff() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let body: [String: Any] = [
                "before": ["request": try Self.seed()], "after": ["request": try Self.withoutLogo()],
                "matrix": Self.oneDevice,
            ]
            let response = try await service.client.send(
                "POST", "/v1/diffs", token: acme.secret, json: try Fixtures.json(body))
            #expect(response.status == 200)
            let report = try response.object()
            let id = try #require(report["id"] as? String)
            #expect(response.header("Location") == "/v1/diffs/\(id)")
            let summary = try #require(report["summary"] as? [String: Int])
            #expect(summary["cells"] == 6)
            #expect((summary["regressed"] ?? 0) > 0)
            let cells = try #require(report["cells"] as? [[String: Any]])
            #expect(cells.first?["change"] as? String == "regressed")
            #expect((cells.first?["vanished"] as? [String]) == ["googleLogo"])
            let before = try #require(report["before"] as? [String: Any])
            #expect(before["kind"] as? String == "request")
            #expect(before["matrix"] is String)

            let again = try await service.client.send("GET", "/v1/diffs/\(id)", token: acme.secret)
            #expect(again.status == 200)
            #expect(again.body == response.body)

            let sheet = try await service.client.send("GET", "/v1/diffs/\(id).svg", token: acme.secret)
            #expect(sheet.status == 200)
            #expect(sheet.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
            for cell in cells {
                let key = try #require(cell["key"] as? String)
                #expect(sheet.text.contains("data-key=\"\(key)\""), "\(key)")
            }
            let regressedKey = try #require(cells.first?["key"] as? String)
            let overlay = try await service.client.send(
                "GET", "/v1/diffs/\(id).svg?cell=\(regressedKey)", token: acme.secret)
            #expect(overlay.status == 200)
            #expect(overlay.text.hasPrefix("<?xml") || overlay.text.hasPrefix("<svg"))
            try await service.client.send("GET", "/v1/diffs/\(id).svg?cell=nowhere", token: acme.secret)
                .expectProblem(404)

            // Another tenant sees none of it.
            let other = try await service.createTenant("other")
            try await service.client.send("GET", "/v1/diffs/\(id)", token: other.secret).expectProblem(404)
            try await service.client.send("GET", "/v1/diffs/\(id).svg", token: other.secret).expectProblem(404)
        }
    }

    @Test("a side of each kind: two profile versions, a past layout, the same request twice")
    func sides() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            for delegate in [try Self.seed()["delegate"], try Self.withoutLogo()["delegate"]] {
                let put = try await service.client.send(
                    "PUT", "/v1/profiles/driver", token: acme.secret,
                    json: try Fixtures.json(["delegate": try #require(delegate)]))
                #expect(put.status == 201 || put.status == 200)
            }
            let versions = try await service.client.send(
                "GET", "/v1/profiles/driver/versions/1/diff/2?devices=iphone-se-3", token: acme.secret)
            #expect(versions.status == 200)
            let versionReport = try versions.object()
            #expect((versionReport["summary"] as? [String: Int])?["cells"] == 12)
            #expect(((versionReport["summary"] as? [String: Int])?["regressed"] ?? 0) > 0)
            #expect(versionReport["id"] == nil, "a GET records nothing")
            let same = try await service.client.send(
                "GET", "/v1/profiles/driver/versions/2/diff/2?devices=iphone-se-3", token: acme.secret
            ).object()
            #expect((same["summary"] as? [String: Int])?["unchanged"] == 12)

            // The same two versions through POST /v1/diffs, recorded and listed under the profile.
            let posted = try await service.client.send(
                "POST", "/v1/diffs", token: acme.secret,
                json: try Fixtures.json([
                    "before": ["profile": "driver", "version": 1], "after": ["profile": "driver", "version": 2],
                    "matrix": ["devices": ["iphone-se-3"]],
                ])
            ).object()
            #expect((posted["cells"] as? [[String: Any]])?.count == 12)
            let listed = try await service.client.send("GET", "/v1/diffs?profile=driver", token: acme.secret).object()
            let items = try #require(listed["items"] as? [[String: Any]])
            #expect(items.map { $0["id"] as? String } == [posted["id"] as? String])
            let none = try await service.client.send("GET", "/v1/diffs?profile=other", token: acme.secret).object()
            #expect((none["items"] as? [Any])?.isEmpty == true)

            // A past layout against the request it was solved from: every cell unchanged.
            let solved = try await service.client.send(
                "POST", "/v1/layouts", token: acme.secret, json: try Fixtures.json(try Self.seed())
            ).object()
            let layoutID = try #require(solved["id"] as? String)
            let past = try await service.client.send(
                "POST", "/v1/diffs?record=false", token: acme.secret,
                json: try Fixtures.json([
                    "before": ["layout": layoutID], "after": ["request": try Self.seed()], "matrix": Self.oneDevice,
                ])
            ).object()
            #expect(past["id"] == nil)
            #expect((past["summary"] as? [String: Int])?["unchanged"] == 6)
        }
    }

    @Test("a replay of a stored layout with today's engine: unchanged, with the replayed result")
    func replay() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let solved = try await service.client.send(
                "POST", "/v1/layouts", token: acme.secret, json: try Fixtures.json(try Self.seed())
            ).object()
            let id = try #require(solved["id"] as? String)
            let replay = try await service.client.send("POST", "/v1/layouts/\(id)/replay", token: acme.secret)
            #expect(replay.status == 200)
            let report = try replay.object()
            #expect(report["layout"] as? String == id)
            #expect((report["summary"] as? [String: Int])?["unchanged"] == 1)
            #expect((report["cells"] as? [[String: Any]])?.first?["key"] as? String == id)
            #expect((report["replayed"] as? [String: Any])?["frames"] != nil)
            try await service.client.send("POST", "/v1/layouts/lay_missing/replay", token: acme.secret)
                .expectProblem(404)
            try await service.client.send("POST", "/v1/layouts/\(id)/replay?tolerance=-1", token: acme.secret)
                .expectProblem(400)
        }
    }

    @Test("bad diff requests are problem documents naming the member at fault")
    func badRequests() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let cases: [(String, Int, String)] = [
                (#"{"after": {"request": {}}}"#, 422, "before"),
                (#"{"before": 1, "after": {"request": {}}}"#, 422, "before"),
                (#"{"before": {"request": {}}, "after": {"nothing": 1}}"#, 422, "after"),
                (#"{"before": {"request": {}}, "after": {"request": {}}, "tolerance": -2}"#, 422, "tolerance"),
                (#"{"before": {"request": {}}, "after": {"request": {}}, "matrix": []}"#, 422, "matrix"),
                (#"{"before": {"request": {}}, "after": {"request": {}}, "extra": 1}"#, 422, "extra"),
                (#"{"before": {"profile": "p", "version": 0}, "after": {"request": {}}}"#, 422, "before.version"),
                (
                    #"{"before": {"request": {"delegate": {"views": 3}}}, "after": {"request": {}}}"#, 422,
                    "before.request.delegate.views"
                ),
            ]
            for (body, status, path) in cases {
                let problem = try await service.client.send("POST", "/v1/diffs", token: acme.secret, json: body)
                    .expectProblem(status)
                let paths = (problem["errors"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
                #expect(paths.contains(path), "\(body): \(paths)")
            }
            try await service.client.send(
                "POST", "/v1/diffs", token: acme.secret,
                json: #"{"before": {"profile": "nobody"}, "after": {"request": {}}}"#
            ).expectProblem(404)
            try await service.client.send(
                "POST", "/v1/diffs", token: acme.secret, json: #"{"before": {"layout": "x"}, "after": {"request": {}}}"#
            ).expectProblem(404)
            try await service.client.send("GET", "/v1/diffs/nothing", token: acme.secret).expectProblem(404)
            try await service.client.send("GET", "/v1/profiles/p/versions/x/diff/1", token: acme.secret)
                .expectProblem(400)
            try await service.client.send("POST", "/v1/diffs", json: "{}").expectProblem(401)
        }
    }

    @Test("history filters by device and by diagnostic code; a bad value is a 400 naming it")
    func historyFilters() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            var body = try Self.withoutLogo()
            body["matrix"] = ["devices": ["iphone-se-3", "ipad-mini-6"], "states": ["guidance"]]
            let table = try await service.client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret, json: try Fixtures.json(body)
            ).object()
            let cells = try #require(table["cells"] as? [[String: Any]])
            let phoneIDs = Set(
                cells.filter { $0["device"] as? String == "iphone-se-3" }.compactMap { $0["id"] as? String })
            #expect(phoneIDs.count == 4)
            let phone = try await service.client.send("GET", "/v1/layouts?device=iphone-se-3", token: acme.secret)
                .object()
            #expect(Set((phone["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) == phoneIDs)

            let missing = try await service.client.send(
                "GET", "/v1/layouts?code=missing-required-component", token: acme.secret
            ).object()
            let withCode = cells.filter { ($0["codes"] as? [String])?.contains("missing-required-component") == true }
            #expect(!withCode.isEmpty)
            #expect((missing["items"] as? [Any])?.count == withCode.count)
            let overlaps = try await service.client.send("GET", "/v1/layouts?code=prompt-corners", token: acme.secret)
                .object()
            #expect((overlaps["items"] as? [Any])?.isEmpty == true)

            // A single layout on a preset's screen is found under that preset.
            let single = try await service.client.send(
                "POST", "/v1/layouts", token: acme.secret, json: try Fixtures.json(try Self.seed())
            ).object()
            let screen = try #require(try Self.seed()["screen"] as? [String: Any])
            #expect(screen["width"] as? Int == 393)
            let sized = try await service.client.send("GET", "/v1/layouts?device=iphone-15", token: acme.secret)
                .object()
            #expect((sized["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [single["id"] as? String])

            try await service.client.send("GET", "/v1/layouts?device=nokia", token: acme.secret).expectProblem(400)
            try await service.client.send("GET", "/v1/layouts?code=nope", token: acme.secret).expectProblem(400)
        }
    }
}
