import BenchmarkSupport
import Foundation
import NavLayoutService
import Storage
import Testing

@Suite("The layout pipeline behind the routes")
struct LayoutPipelineApiTests {
    @Test("history keeps the request bytes as they were sent, not a rewrite of them")
    func storedRequestIsTheBytesSent() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            // Spacing and member order a writer would not reproduce.
            let sent = try Fixtures.text("seed-delegate-guidance.json").replacingOccurrences(of: "\n", with: "\n   ")
            let answer = try await service.client.send("POST", "/v1/layouts", token: acme.secret, json: sent)
            #expect(answer.status == 200)
            let idText = try #require(try answer.object()["id"] as? String)
            let id = try #require(LayoutID(idText))
            let stored = try await service.application.environment.repositories.layouts.get(
                tenantID: acme.id, id: id)
            #expect(stored.requestJSON == sent)
        }
    }

    @Test("with a profile, history keeps the merged request with the version that was merged")
    func storedRequestWithAProfileIsTheMergedDocument() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            var profile = try Fixtures.object("seed-delegate-guidance.json")
            profile["screen"] = nil
            let put = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: try Fixtures.json(profile))
            #expect(put.status == 201)
            let body = #"{"profile":"driver","screen":{"width":375,"height":667,"safeArea":{"top":20}}}"#
            let answer = try await service.client.send("POST", "/v1/layouts", token: acme.secret, json: body)
            #expect(answer.status == 200)
            let idText = try #require(try answer.object()["id"] as? String)
            let id = try #require(LayoutID(idText))
            let stored = try await service.application.environment.repositories.layouts.get(
                tenantID: acme.id, id: id)
            let request = try #require(
                try JSONSerialization.jsonObject(with: Data(stored.requestJSON.utf8)) as? [String: Any])
            #expect(request["profileVersion"] as? Int == 1)
            #expect(request["delegate"] != nil)
            #expect((request["screen"] as? [String: Any])?["width"] as? Int == 375)
        }
    }

    @Test("each application solves with a prepared-layout cache of its own")
    func eachApplicationHasItsOwnCache() async throws {
        try await LiveService.with { first in
            try await LiveService.with { second in
                let acme = try await first.createTenant("acme")
                let sample = try Fixtures.text("seed-delegate-guidance.json")
                let answer = try await first.client.send(
                    "POST", "/v1/layouts?record=false", token: acme.secret, json: sample)
                #expect(answer.status == 200)
                #expect(first.application.environment.layouts.preparedLayoutCount == 1)
                #expect(second.application.environment.layouts.preparedLayoutCount == 0)
            }
        }
    }

    @Test("a screen of 1e308 points is a 422 naming the limit and the value, not a solve")
    func hugeScreenIsRefused() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            var body = try Fixtures.object("seed-delegate-guidance.json")
            body["screen"] = ["width": 1e308, "height": 1e308]
            let answer = try await service.client.send(
                "POST", "/v1/layouts?record=false", token: acme.secret, json: try Fixtures.json(body))
            let problem = try answer.expectProblem(422)
            let errors = try #require(problem["errors"] as? [[String: Any]])
            #expect(errors.compactMap { $0["path"] as? String } == ["screen.width", "screen.height"])
            #expect((errors.first?["message"] as? String)?.contains("at most 10000 points") == true)
        }
    }

    @Test("a layout, matrix or scenario over a configured limit is a 422 naming the limit and the count")
    func configuredLimitIsRefused() async throws {
        try await LiveService.with(
            configure: { $0.layoutLimits.views = 10 },
            run: { service in
                let acme = try await service.createTenant("acme")
                let layout = try #require(
                    try JSONSerialization.jsonObject(with: Data(chainedLayoutRequest(views: 11))) as? [String: Any])
                var matrix = layout
                matrix["matrix"] = ["devices": ["iphone-se-3"], "directions": ["ltr"], "orientations": ["portrait"]]
                var scenario = layout
                scenario["state"] = nil
                scenario["steps"] = [["event": "setLayoutDelegate"], ["event": "enableNavigation"]]
                for (path, body) in [
                    ("/v1/layouts", layout), ("/v1/layouts/matrix", matrix), ("/v1/scenarios", scenario),
                ] {
                    let answer = try await service.client.send(
                        "POST", path, token: acme.secret, json: try Fixtures.json(body))
                    let problem = try answer.expectProblem(422)
                    let messages = (problem["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
                    #expect(
                        messages.contains {
                            $0.contains("has 11 views") && $0.contains("the limit is 10 (--max-views)")
                        },
                        "\(path): \(answer.text)")
                }
                let within = try await service.client.send(
                    "POST", "/v1/layouts?record=false", token: acme.secret,
                    json: String(decoding: chainedLayoutRequest(views: 10), as: UTF8.self))
                #expect(within.status == 200, "\(within.text)")
            })
    }

    @Test("a profile reference of the wrong type is a 422 at its path, before any profile is read")
    func wrongProfileReference() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let answer = try await service.client.send(
                "POST", "/v1/layouts", token: acme.secret, json: #"{"profile":"driver","profileVersion":"2"}"#)
            let problem = try answer.expectProblem(422)
            #expect((problem["errors"] as? [[String: Any]])?.first?["path"] as? String == "profileVersion")
        }
    }
}
