import Foundation
import Testing

/// The README's five-minute tour, end to end over a real socket: solve the seed's sample delegate
/// on an iPhone, look at its SVG, store a profile, solve by profile name, query history.
@Suite("Layout routes over HTTP: the tour")
struct LayoutTourApiTests {
    static func sample() throws -> [String: Any] { try Fixtures.object("seed-delegate-guidance.json") }

    @Test("solve the sample, draw it, store a profile, solve by its name, find both in history")
    func tour() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let client = service.client

            // 1. Solve the seed's sample delegate on an iPhone 15 (393 x 852).
            let solved = try await client.send(
                "POST", "/v1/layouts", token: acme.secret, json: try Fixtures.text("seed-delegate-guidance.json"))
            #expect(solved.status == 200, "\(solved.text)")
            let result = try solved.object()
            let id = try #require(result["id"] as? String)
            #expect(result["mode"] as? String == "delegate")
            #expect(result["status"] as? String == "ok")
            let frames = try #require(result["frames"] as? [String: [String: Double]])
            let turnCard = try #require(frames["turnCard"])
            let viewport = try #require(frames["viewport"])
            #expect(viewport["y"] == (turnCard["y"] ?? 0) + (turnCard["height"] ?? 0), "viewport under the turn card")
            #expect((result["solveMicros"] as? Int).map { $0 >= 0 } == true)

            // 2. Its picture, drawn from what history stored.
            let picture = try await client.send("GET", "/v1/layouts/\(id).svg", token: acme.secret)
            #expect(picture.status == 200)
            #expect(picture.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
            #expect(picture.text.contains("<svg") && picture.text.contains("turnCard"))

            // 3. Store the delegate as a profile.
            let profile: [String: Any] = [
                "description": "driver app", "delegate": try #require(Self.sample()["delegate"]),
                "settings": ["showsTrafficLights": true],
            ]
            let stored = try await client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: try Fixtures.json(profile))
            #expect(stored.status == 201, "\(stored.text)")

            // 4. Solve by profile name on a smaller iPhone: the request brings only the screen and state.
            let byName = try await client.send(
                "POST", "/v1/layouts", token: acme.secret,
                json:
                    #"{"profile":"driver","screen":{"width":375,"height":667,"safeArea":{"top":20}},"state":{"navigation":"guidance"}}"#
            )
            #expect(byName.status == 200, "\(byName.text)")
            let byNameResult = try byName.object()
            let byNameID = try #require(byNameResult["id"] as? String)
            #expect(byNameResult["mode"] as? String == "delegate", "the profile's delegate was merged")
            let features = try #require(byNameResult["mapFeatures"] as? [String: Any])
            #expect(features["trafficLights"] as? Bool == true, "the profile's settings were merged")

            // 5. History: newest first, filtered by profile and status, each entry as stored.
            let all = try await client.send("GET", "/v1/layouts", token: acme.secret).items()
            #expect(all.compactMap { $0["id"] as? String } == [byNameID, id])
            let driver = try await client.send("GET", "/v1/layouts?profile=driver", token: acme.secret).items()
            #expect(driver.count == 1)
            #expect(driver.first?["profileVersion"] as? Int == 1)
            let guidanceOK = try await client.send(
                "GET", "/v1/layouts?navigation=guidance&status=ok&limit=1", token: acme.secret)
            #expect(try guidanceOK.items().count == 1)
            #expect(try guidanceOK.object()["nextCursor"] is String)
            let entry = try await client.send("GET", "/v1/layouts/\(byNameID)", token: acme.secret).object()
            let request = try #require(entry["request"] as? [String: Any])
            #expect(request["profile"] as? String == "driver")
            #expect(request["profileVersion"] as? Int == 1, "the stored request names the version solved")
            #expect(request["delegate"] != nil, "the stored request is what was solved, profile merged")
            #expect((entry["result"] as? [String: Any])?["id"] as? String == byNameID)
        }
    }

    @Test("?record=false answers without an id and leaves history alone; POST /v1/layouts/svg draws without recording")
    func unrecorded() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let body = try Fixtures.text("seed-delegate-prompt.json")
            let solved = try await service.client.send(
                "POST", "/v1/layouts?record=false", token: acme.secret, json: body)
            #expect(solved.status == 200)
            let result = try solved.object()
            #expect(result["id"] == nil)
            let prompt = try #require(result["prompt"] as? [String: Any])
            #expect(prompt["animation"] is [String: Any])
            let drawn = try await service.client.send("POST", "/v1/layouts/svg", token: acme.secret, json: body)
            #expect(drawn.status == 200)
            #expect(drawn.text.contains("<svg"))
            #expect(try await service.client.send("GET", "/v1/layouts", token: acme.secret).items().isEmpty)
            #expect(try await service.application.environment.repositories.layouts.count(tenantID: acme.id) == 0)
        }
    }

    @Test("a named profile version is solved as it was; If-Match guards the update; missing ones are 404")
    func profileVersions() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let client = service.client
            let first = try await client.send(
                "PUT", "/v1/profiles/p", token: acme.secret, json: #"{"settings":{"showsTrafficLights":true}}"#)
            let etag = try #require(first.header("ETag"))
            let second = try await client.send(
                "PUT", "/v1/profiles/p", token: acme.secret, json: #"{"settings":{"showsTrafficLights":false}}"#,
                headers: ["If-Match": etag])
            #expect(second.status == 200)
            try await client.send(
                "PUT", "/v1/profiles/p", token: acme.secret, json: #"{"settings":{}}"#, headers: ["If-Match": etag]
            ).expectProblem(412)

            let screen = #""screen":{"width":393,"height":852},"state":{"navigation":"guidance"}"#
            func trafficLights(_ body: String) async throws -> Bool? {
                let response = try await client.send("POST", "/v1/layouts", token: acme.secret, json: body)
                #expect(response.status == 200, "\(response.text)")
                return (try response.object()["mapFeatures"] as? [String: Any])?["trafficLights"] as? Bool
            }
            #expect(try await trafficLights(#"{"profile":"p",\#(screen)}"#) == false, "latest by default")
            #expect(try await trafficLights(#"{"profile":"p","profileVersion":1,\#(screen)}"#) == true)
            let versions = try await client.send("GET", "/v1/layouts?profile=p", token: acme.secret).items()
            #expect(versions.compactMap { $0["profileVersion"] as? Int } == [1, 2])

            try await client.send(
                "POST", "/v1/layouts", token: acme.secret, json: #"{"profile":"p","profileVersion":9,\#(screen)}"#
            ).expectProblem(404)
            try await client.send("POST", "/v1/layouts", token: acme.secret, json: #"{"profile":"nobody",\#(screen)}"#)
                .expectProblem(404)
        }
    }

    @Test("a profile that would not make a valid request is a 422 at PUT time, with the path")
    func profileValidatedOnWrite() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let problem = try await service.client.send(
                "PUT", "/v1/profiles/bad", token: acme.secret,
                json:
                    #"{"settings":{"isCompassButton":true},"delegate":{"guidance":{"views":["viewport"],"constraints":["viewport.top == == 1"]}}}"#
            ).expectProblem(422)
            let paths = try #require(problem["errors"] as? [[String: Any]]).compactMap { $0["path"] as? String }
            #expect(paths.contains("settings.isCompassButton"))
            #expect(paths.contains("delegate.guidance.constraints[0]"))
            try await service.client.send("GET", "/v1/profiles/bad", token: acme.secret).expectProblem(404)
        }
    }

    @Test("a recorded matrix keeps its cells in history and draws its contact sheet")
    func matrix() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            var body = try Self.sample()
            body["matrix"] = ["devices": ["iphone-se-3", "ipad-air-11"], "directions": ["ltr", "rtl"]]
            let answered = try await service.client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret, json: try Fixtures.json(body))
            #expect(answered.status == 200, "\(answered.text)")
            let table = try answered.object()
            let matrixID = try #require(table["id"] as? String)
            let cells = try #require(table["cells"] as? [[String: Any]])
            let expectedCells = 24  // 2 devices x 2 orientations x 2 directions x 3 states
            #expect(cells.count == expectedCells)
            let ids = cells.compactMap { $0["id"] as? String }
            #expect(ids.count == cells.count && Set(ids).count == ids.count)

            let history = try await service.client.send("GET", "/v1/layouts?limit=100", token: acme.secret).items()
            #expect(Set(history.compactMap { $0["id"] as? String }) == Set(ids))
            let cell = try await service.client.send("GET", "/v1/layouts/\(ids[0])", token: acme.secret).object()
            #expect((cell["request"] as? [String: Any])?["screen"] != nil)

            let sheet = try await service.client.send(
                "GET", "/v1/layouts/matrix/\(matrixID).svg", token: acme.secret)
            #expect(sheet.status == 200)
            #expect(sheet.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
            #expect(sheet.text.contains("<svg"))

            let unrecorded = try await service.client.send(
                "POST", "/v1/layouts/matrix?record=false", token: acme.secret, json: try Fixtures.json(body))
            #expect(try unrecorded.object()["id"] == nil)
            #expect(
                try await service.application.environment.repositories.layouts.count(tenantID: acme.id) == expectedCells
            )
        }
    }

    @Test("convert, scenarios and style answer the engine's documents")
    func otherRoutes() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let converted = try await service.client.send(
                "POST", "/v1/convert", token: acme.secret, json: #"{"settings":{"compassButton":true}}"#)
            #expect(converted.status == 200, "\(converted.text)")
            #expect(try converted.object()["delegate"] is [String: Any])

            let scenario: [String: Any] = [
                "screen": ["width": 393, "height": 852, "safeArea": ["top": 59, "bottom": 34]],
                "delegate": try #require(Self.sample()["delegate"]),
                "steps": [
                    ["event": "setLayoutDelegate"], ["event": "enableNavigation"], ["event": "startGuidance"],
                    ["event": "showPrompt", "prompt": ["kind": "incident", "height": 96]],
                    ["event": "changePrompt", "prompt": ["kind": "betterRoute", "height": 120]],
                    ["event": "hidePrompt"], ["event": "enableNavigation"],
                ],
            ]
            let played = try await service.client.send(
                "POST", "/v1/scenarios", token: acme.secret, json: try Fixtures.json(scenario))
            #expect(played.status == 200, "\(played.text)")
            let steps = try #require(try played.object()["steps"] as? [[String: Any]])
            #expect(steps.count == 7)
            let kinds = steps.map {
                (($0["layout"] as? [String: Any])?["promptTransition"] as? [String: Any])?["kind"] as? String
            }
            #expect(kinds == [nil, nil, nil, "show", "change", "hide", nil])
            let hide = (steps[5]["layout"] as? [String: Any])?["promptTransition"] as? [String: Any]
            #expect(hide?["animation"] is [String: Any], "the hide slides out from where the prompt was")
            #expect((steps[6]["errors"] as? [Any])?.isEmpty == false, "enabling navigation twice is refused")

            let style = try await service.client.send("GET", "/v1/style")
            #expect(style.status == 200)
            let entries = try #require(try JSONSerialization.jsonObject(with: style.body) as? [[String: Any]])
            #expect(entries.contains { $0["name"] as? String == "headerNominalHeight" })
        }
    }

    @Test("a restart keeps recorded layouts, their pictures and matrices", .sqliteOnly)
    func restart() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("restart.sqlite")
        let first = try await LiveService(databasePath: path)
        let acme = try await first.createTenant("acme")
        let solved = try await first.client.send(
            "POST", "/v1/layouts", token: acme.secret, json: try Fixtures.text("seed-delegate-guidance.json"))
        let id = try #require(try solved.object()["id"] as? String)
        var body = try Self.sample()
        body["matrix"] = ["devices": ["iphone-se-3"], "directions": ["ltr"], "orientations": ["portrait"]]
        let matrix = try await first.client.send(
            "POST", "/v1/layouts/matrix", token: acme.secret, json: try Fixtures.json(body))
        let matrixID = try #require(try matrix.object()["id"] as? String)
        await first.stop()

        let second = try await LiveService(databasePath: path) { $0.adminToken = nil }
        let stored = try await second.client.send("GET", "/v1/layouts/\(id)", token: acme.secret)
        #expect(stored.status == 200)
        #expect(try await second.client.send("GET", "/v1/layouts/\(id).svg", token: acme.secret).status == 200)
        #expect(
            try await second.client.send("GET", "/v1/layouts/matrix/\(matrixID).svg", token: acme.secret).status == 200)
        #expect(try await second.client.send("GET", "/v1/layouts", token: acme.secret).items().count == 4)
        await second.stop()
    }
}
