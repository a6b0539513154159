import Foundation
import Testing

@Suite("Playground page and device catalog")
struct PlaygroundApiTests {
    @Test("GET / serves the playground as HTML without credentials and loads nothing from elsewhere")
    func pageIsSelfContained() async throws {
        try await LiveService.with { service in
            let response = try await service.client.send("GET", "/")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            let policy = try #require(response.header("Content-Security-Policy"))
            #expect(policy.hasPrefix("default-src 'none'"))
            let page = response.text
            #expect(page.hasPrefix("<!DOCTYPE html>"))
            let external = try NSRegularExpression(
                pattern: #"(src|href|action)\s*=\s*["']?\s*(https?:)?//"#, options: [.caseInsensitive])
            let range = NSRange(page.startIndex..., in: page)
            #expect(external.numberOfMatches(in: page, range: range) == 0, "no external resources")
            #expect(!page.contains("http://") && !page.contains("https://"))
            #expect(!page.contains("<link") && !page.contains("<script src") && !page.contains("@import"))
            #expect(!page.contains("localStorage"), "the key stays in session storage")
        }
    }

    /// One fragment per control; checked against one fetch of the page, since a live service per
    /// fragment would only load the machine.
    static let controls = [
        #"<textarea id="request""#, #"<select id="device""#, #"name="orientation" id="orientation-portrait""#,
        #"name="orientation" id="orientation-landscape""#, #"name="direction" id="direction-ltr""#,
        #"name="direction" id="direction-rtl""#, #"name="state" id="state-disabled""#,
        #"name="state" id="state-ready""#, #"name="state" id="state-guidance""#,
        #"<input type="checkbox" id="prompt""#, #"<input id="api-key" type="password""#,
        #"<div id="picture""#, #"<ul id="diagnostics""#, "sessionStorage.setItem(\"navlayout.apiKey\"",
        "fetch(\"/v1/devices\"", "fetch(\"/v1/layouts?record=false\"", "fetch(\"/v1/layouts/svg\"",
        "[data-item]", #"<textarea id="swift""#, #"<input type="checkbox" id="use-swift""#, #"<ul id="swift-errors""#,
        "request.delegateSource = {", "diagnostic.source",
    ]

    /// The compare view's controls and the calls it makes: the two editors, the devices and the
    /// tolerance (0.5 to start with), the diff, its sheet and a cell's overlay by its encoded key.
    static let compareControls = [
        #"role="tab" id="tab-single""#, #"role="tab" id="tab-compare""#, #"<main id="compare-view""#,
        #"<textarea id="compare-before""#, #"<textarea id="compare-after""#,
        #"<input id="compare-devices" type="text" value="iphone-se-3, iphone-15""#,
        #"<input id="compare-tolerance" type="number" min="0" max="10000" step="0.1" value="0.5""#,
        #"<button id="compare-run""#, #"<div id="compare-summary""#, #"<div id="compare-sheet""#,
        #"<div id="compare-overlay""#, #"<dl id="compare-cell""#, "fetch(\"/v1/diffs\", { method: \"POST\"",
        #"".svg?cell=" + encodeURIComponent(key)"#, #"closest("[data-key]")"#,
    ]

    @Test("the page has the editor, the device picker, the switches, the prompt toggle and the key field")
    func pageHasItsControls() async throws {
        try await LiveService.with { service in
            let page = try await service.client.send("GET", "/").text
            for fragment in Self.controls {
                #expect(page.contains(fragment), "the page holds \(fragment)")
            }
        }
    }

    @Test("the compare view has both editors, the devices, the tolerance, the sheet and the overlay")
    func pageHasTheCompareView() async throws {
        try await LiveService.with { service in
            let page = try await service.client.send("GET", "/").text
            for fragment in Self.compareControls {
                #expect(page.contains(fragment), "the page holds \(fragment)")
            }
        }
    }

    @Test("the editor and both sides of the compare view open with the sample delegate request")
    func editorHoldsTheSample() async throws {
        try await LiveService.with { service in
            let page = try await service.client.send("GET", "/").text
            let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(
                    "Fixtures/seed-delegate-guidance.json")
            let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: sample)) as? NSDictionary
            for label in ["Request JSON", "Before request JSON", "After request JSON"] {
                let start = try #require(page.range(of: #"aria-label="\#(label)">"#))
                let end = try #require(page.range(of: "</textarea>", range: start.upperBound..<page.endIndex))
                let text = page[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
                    .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
                let shown = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
                #expect(shown != nil && shown == expected, "the \(label) editor holds the sample")
            }
        }
    }

    @Test("GET /v1/devices answers the catalog without credentials: iPhones then iPads, both orientations")
    func deviceCatalog() async throws {
        try await LiveService.with { service in
            let response = try await service.client.send("GET", "/v1/devices")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let devices = try #require(try response.object()["devices"] as? [[String: Any]])
            let ids = devices.compactMap { $0["id"] as? String }
            #expect(ids.count == devices.count && Set(ids).count == ids.count)
            for id in ["iphone-se-3", "iphone-13-mini", "iphone-15", "iphone-16-pro-max", "ipad-mini-6", "ipad-pro-13"]
            {
                #expect(ids.contains(id), "\(id) is in the catalog")
            }
            #expect(devices.first?["family"] as? String == "iphone")
            #expect(devices.last?["family"] as? String == "ipad")
            for device in devices {
                let portrait = try #require(device["portrait"] as? [String: Any])
                let landscape = try #require(device["landscape"] as? [String: Any])
                #expect(portrait["width"] as? Double == landscape["height"] as? Double)
                #expect(portrait["safeArea"] is [String: Any])
            }
            let pro13 = try #require(devices.first { $0["id"] as? String == "ipad-pro-13" })
            let windows = try #require(pro13["splitViews"] as? [[String: Any]])
            #expect(windows.compactMap { $0["id"] as? String }.contains("ipad-pro-13.split-half"))
            #expect(
                try await service.client.send("GET", "/v1/devices").body == response.body, "the same bytes every time")
        }
    }

    @Test("the Swift editor opens with a delegate that the service reads, with a finding at its line")
    func swiftSample() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let page = try await service.client.send("GET", "/").text
            let opening = try #require(
                page.range(of: #"<textarea id="swift" spellcheck="false" aria-label="Swift layout delegate">"#))
            let closing = try #require(page[opening.upperBound...].range(of: "</textarea>"))
            let escaped = String(page[opening.upperBound..<closing.lowerBound])
            let source = escaped.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
            #expect(source.contains("final class PlaygroundLayoutDelegate"))
            let body: [String: Any] = [
                "screen": ["width": 393, "height": 852, "safeArea": ["top": 59, "bottom": 34]],
                "state": ["navigation": "guidance"],
                "delegateSource": ["swift": source, "path": "PlaygroundLayoutDelegate.swift"],
            ]
            let answer = try await service.client.send(
                "POST", "/v1/layouts?record=false", token: acme.secret,
                json: String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self))
            #expect(answer.status == 200, "\(answer.text)")
            let diagnostics = try #require(try answer.object()["diagnostics"] as? [[String: Any]])
            let leftRight = try #require(diagnostics.first { $0["code"] as? String == "left-right-anchor" })
            #expect((leftRight["source"] as? [String: Any])?["line"] as? Int == 20)
        }
    }
}
