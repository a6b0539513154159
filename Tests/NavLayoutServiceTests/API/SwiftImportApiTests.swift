import BenchmarkSupport
import Foundation
import NavLayoutService
import Storage
import Testing

/// The app's Swift delegate over HTTP: POST /v1/imports/swift, and `delegateSource` in place of
/// `delegate` in layout requests and profiles.
@Suite("Swift delegates over HTTP")
struct SwiftImportApiTests {
    static func source() throws -> String { try Fixtures.text("swift/BasicLayoutDelegate.swift") }

    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test("POST /v1/imports/swift answers the class, the delegate with its source map, and the warnings")
    func importRoute() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let body = try Self.json(["swift": try Self.source(), "path": "App/NavLayout.swift"])
            let answer = try await service.client.send("POST", "/v1/imports/swift", token: acme.secret, json: body)
            #expect(answer.status == 200, "\(answer.text)")
            let report = try answer.object()
            #expect(report["className"] as? String == "BasicLayoutDelegate")
            let delegate = try #require(report["delegate"] as? [String: Any])
            let sourceMap = try #require(delegate["sourceMap"] as? [String: String])
            #expect(sourceMap["guidance.constraints[0]"] == "App/NavLayout.swift:133:7")
            #expect((report["diagnostics"] as? [Any])?.isEmpty == true)
            let anonymous = try await service.client.send("POST", "/v1/imports/swift", token: nil, json: body)
            #expect(anonymous.status == 401)
        }
    }

    @Test("a file the importer refuses, or a body that is not a source, is a 422 at its position")
    func importErrors() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let recursion = try Fixtures.text("swift/broken/Recursion.swift")
            let answer = try await service.client.send(
                "POST", "/v1/imports/swift", token: acme.secret,
                json: try Self.json(["swift": recursion, "path": "R.swift"]))
            #expect(answer.status == 422)
            let errors = try #require(try answer.object()["errors"] as? [[String: Any]])
            #expect(errors.first?["path"] as? String == "swift")
            #expect((errors.first?["message"] as? String)?.hasPrefix("R.swift:13:7: error: recursion") == true)
            #expect((errors.first?["message"] as? String)?.contains("line 13, column 7") == true)
            for body in [#"{"path": "a.swift"}"#, #"{"swift": 3}"#, #"{"swift": "", "colour": 1}"#] {
                let bad = try await service.client.send("POST", "/v1/imports/swift", token: acme.secret, json: body)
                #expect(bad.status == 422, "\(body)")
            }
        }
    }

    @Test("a file shaped to overflow the parser's stack is a 422 at its token, and the service reads the next")
    func parserHazards() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let hazards = [
                ("let x = " + String(repeating: "a<", count: 1000), "H.swift:1:262: error: more than 256 levels"),
                (
                    "func f() {\n  if a {}" + String(repeating: " else if a {}", count: 5000) + "\n}",
                    "H.swift:2:"
                ),
            ]
            for (swift, prefix) in hazards {
                let answer = try await service.client.send(
                    "POST", "/v1/imports/swift", token: acme.secret,
                    json: try Self.json(["swift": swift, "path": "H.swift"]))
                #expect(answer.status == 422, "\(answer.text.prefix(300))")
                let errors = try #require(try answer.object()["errors"] as? [[String: Any]])
                let message = errors.first?["message"] as? String ?? ""
                #expect(message.hasPrefix(prefix) && message.contains("levels are open here"), "\(message)")
            }
            // Just under the limit, the shape that takes the most stack is parsed on a pool thread.
            let deepest = try await service.client.send(
                "POST", "/v1/imports/swift", token: acme.secret,
                json: try Self.json(["swift": ParserHazardShape.closures.source(250), "path": "H.swift"]))
            #expect(deepest.status == 422 && deepest.text.contains("no class"), "\(deepest.text.prefix(300))")
            let sample = try await service.client.send(
                "POST", "/v1/imports/swift", token: acme.secret, json: try Self.json(["swift": try Self.source()]))
            #expect(sample.status == 200, "\(sample.text.prefix(300))")
        }
    }

    @Test("a layout request may carry the Swift in place of the delegate; history keeps it with the delegate read")
    func layoutFromSource() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            var request = try Fixtures.object("seed-delegate-guidance.json")
            request["delegate"] = nil
            request["delegateSource"] = ["swift": try Self.source(), "path": "App/NavLayout.swift"]
            let answer = try await service.client.send(
                "POST", "/v1/layouts", token: acme.secret, json: try Self.json(request))
            #expect(answer.status == 200, "\(answer.text)")
            let result = try answer.object()
            #expect(result["status"] as? String == "ok")
            let frames = try #require(result["frames"] as? [String: Any])
            #expect(frames["buttonStack"] != nil && frames["viewport"] != nil)
            let idText = try #require(result["id"] as? String)
            let id = try #require(LayoutID(idText))
            let stored = try await service.application.environment.repositories.layouts.get(tenantID: acme.id, id: id)
            let storedRequest = try #require(
                try JSONSerialization.jsonObject(with: Data(stored.requestJSON.utf8)) as? [String: Any])
            #expect(storedRequest["delegate"] != nil)
            #expect((storedRequest["delegateSource"] as? [String: Any])?["path"] as? String == "App/NavLayout.swift")
            // What history keeps reads back: the stored layout draws.
            let picture = try await service.client.send("GET", "/v1/layouts/\(id.text).svg", token: acme.secret)
            #expect(picture.status == 200)
            // A second request with the same source is served from the import cache.
            #expect(service.application.environment.swiftImports.count == 1)
            let again = try await service.client.send(
                "POST", "/v1/layouts?record=false", token: acme.secret, json: try Self.json(request))
            #expect(again.status == 200)
            #expect(service.application.environment.swiftImports.count == 1)
        }
    }

    @Test("findings of a delegate read from Swift carry their source; both delegate and source is a 422")
    func sourcesAndConflicts() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let swift = """
                final class Layout: NSObject, NavigationLayoutDelegate {
                  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
                    navMap.addSubview(newState.viewport)
                    newState.viewport.leftAnchor.constraint(equalTo: navMap.leftAnchor).isActive = true
                  }
                }
                """
            var request: [String: Any] = [
                "screen": ["width": 393, "height": 852], "state": ["navigation": "ready"],
                "delegateSource": ["swift": swift, "path": "L.swift"],
            ]
            let answer = try await service.client.send(
                "POST", "/v1/layouts?record=false", token: acme.secret, json: try Self.json(request))
            #expect(answer.status == 200, "\(answer.text)")
            let diagnostics = try #require(try answer.object()["diagnostics"] as? [[String: Any]])
            let leftRight = try #require(diagnostics.first { $0["code"] as? String == "left-right-anchor" })
            let source = try #require(leftRight["source"] as? [String: Any])
            #expect(
                source["path"] as? String == "L.swift" && source["line"] as? Int == 4 && source["column"] as? Int == 5)

            request["delegate"] = ["ready": ["views": ["viewport"]]]
            let both = try await service.client.send(
                "POST", "/v1/layouts", token: acme.secret, json: try Self.json(request))
            #expect(both.status == 422)
            #expect(((try both.object()["errors"] as? [[String: Any]])?.first?["path"] as? String) == "delegate")

            request["delegate"] = nil
            request["delegateSource"] = ["swift": "class A {}", "path": "A.swift"]
            let refused = try await service.client.send(
                "POST", "/v1/layouts", token: acme.secret, json: try Self.json(request))
            #expect(refused.status == 422)
            let errors = try #require(try refused.object()["errors"] as? [[String: Any]])
            #expect(errors.first?["path"] as? String == "delegateSource.swift")
        }
    }

    @Test("a profile keeps the source and the delegate read from it; a request's own delegate drops the source")
    func profileFromSource() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let profile: [String: Any] = [
                "state": ["navigation": "guidance"],
                "delegateSource": ["swift": try Self.source(), "path": "App/NavLayout.swift"],
            ]
            let put = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: try Self.json(profile))
            #expect(put.status == 201, "\(put.text)")
            let stored = try await service.client.send("GET", "/v1/profiles/driver", token: acme.secret)
            let document = try #require(try stored.object()["document"] as? [String: Any])
            #expect(document["delegate"] != nil && document["delegateSource"] != nil)

            let body = #"{"profile":"driver","screen":{"width":393,"height":852,"safeArea":{"top":59,"bottom":34}}}"#
            let answer = try await service.client.send("POST", "/v1/layouts", token: acme.secret, json: body)
            #expect(answer.status == 200, "\(answer.text)")
            #expect((try answer.object()["frames"] as? [String: Any])?["buttonStack"] != nil)

            let own = try Self.json([
                "profile": "driver", "screen": ["width": 393, "height": 852],
                "delegate": ["guidance": ["views": ["viewport", "googleLogo"]]],
            ])
            let overridden = try await service.client.send("POST", "/v1/layouts", token: acme.secret, json: own)
            #expect(overridden.status == 200, "\(overridden.text)")
            let idText = try #require(try overridden.object()["id"] as? String)
            let id = try #require(LayoutID(idText))
            let merged = try await service.application.environment.repositories.layouts.get(tenantID: acme.id, id: id)
            #expect(!merged.requestJSON.contains("delegateSource"))

            let broken = try await service.client.send(
                "PUT", "/v1/profiles/broken", token: acme.secret,
                json: try Self.json(["delegateSource": ["swift": "let x = ", "path": "B.swift"]]))
            #expect(broken.status == 422)
        }
    }

    @Test("GET /v1/profiles/{name}/swift writes the profile's delegate as a Swift class named after it")
    func profileAsSwift() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            var profile = try Fixtures.object("seed-delegate-prompt.json")
            profile["screen"] = nil
            let put = try await service.client.send(
                "PUT", "/v1/profiles/fleet-driver", token: acme.secret, json: try Self.json(profile))
            #expect(put.status == 201)
            let swift = try await service.client.send("GET", "/v1/profiles/fleet-driver/swift", token: acme.secret)
            #expect(swift.status == 200)
            #expect(swift.header("Content-Type") == "text/x-swift; charset=utf-8")
            #expect(swift.text.contains("final class FleetDriverLayoutDelegate: NSObject, NavigationLayoutDelegate {"))
            #expect(swift.text.contains("func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {"))
            // What it writes reads back through the importer to the same delegate's layout.
            let importAnswer = try await service.client.send(
                "POST", "/v1/imports/swift", token: acme.secret, json: try Self.json(["swift": swift.text]))
            #expect(importAnswer.status == 200, "\(importAnswer.text)")

            let bare = try await service.client.send(
                "PUT", "/v1/profiles/bare", token: acme.secret, json: #"{"state": {"navigation": "ready"}}"#)
            #expect(bare.status == 201)
            let none = try await service.client.send("GET", "/v1/profiles/bare/swift", token: acme.secret)
            #expect(none.status == 404)
            let missing = try await service.client.send("GET", "/v1/profiles/nobody/swift", token: acme.secret)
            #expect(missing.status == 404)
        }
    }
}
