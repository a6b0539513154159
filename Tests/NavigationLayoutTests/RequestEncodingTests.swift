import JSON
import Testing

@testable import NavigationLayout

@Suite("Request encoding")
struct RequestEncodingTests {
    static let requests: [String] = [
        #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"}}"#,
        ##"{"profile": "fleet", "profileVersion": 2, "screen": {"width": 852, "height": 393, "safeArea": {"left": 59, "right": 59, "bottom": 21}, "layoutDirection": "rtl", "carPlay": true}, "state": {"navigation": "guidance", "prompt": {"kind": "incident", "height": 96}, "wideMode": true, "camera": {"bearing": 12.5, "following": false, "userPanned": true, "locationKnown": false}, "speedWidget": "both"}, "settings": {"navigationHeaderPrimaryBackgroundColor": "#1a73e8", "headerAccessoryView": null, "padding": {"bottom": 24}, "alternateRoutesStrategy": "one", "compassButton": false}, "style": {"layoutMargin": 4, "headerNominalHeight": 100.5}}"##,
        #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance"}, "delegate": {"views": {"orderCard": {"width": 220, "hugging": {"vertical": 751}, "compression": "required"}, "empty": {}}, "guides": ["contentBottom"], "stacks": {"side": {"position": "center", "alignment": "trailing", "arranged": ["compass", "orderCard"], "spacing": 4}}, "shared": ["contentBottom.height == 0"], "ready": {"views": [], "constraints": []}, "guidance": {"views": ["turnCard", "side"], "constraints": [{"id": "a", "first": "turnCard.top", "relation": "==", "second": "map.top"}, "b: side.trailing == safeArea.trailing - style.buttonHorizontalPadding @high"]}, "prompt": {"constraints": ["prompt.bottom == map.bottom"], "corners": "all"}, "wide": {"guidance": {"views": ["turnCard"], "constraints": []}}, "layers": ["viewport", "turnCard"]}}"#,
    ]

    @Test("decoding the encoded request gives the same request", arguments: requests)
    func roundTrips(text: String) throws {
        let request = try LayoutRequest.decode(from: Array(text.utf8))
        let encoded = JSONWriter().bytes(for: request.jsonValue)
        #expect(try LayoutRequest.decode(from: encoded) == request)
    }

    @Test(
        "the seed fixtures round-trip",
        arguments: ["builtin-guidance.json", "seed-delegate-guidance.json", "seed-delegate-prompt.json"])
    func fixturesRoundTrip(name: String) throws {
        let request = try LayoutRequest.decode(from: try Fixtures.bytes(name))
        #expect(try LayoutRequest.decode(from: request.jsonValue) == request)
    }

    @Test("writes only the settings that were given or differ from the defaults")
    func writesSettingsSparsely() throws {
        var settings = Settings()
        settings.showsStopSigns = true
        settings.providedKeys = [.compassButton]
        #expect(JSONWriter().string(for: settings.jsonValue) == #"{"compassButton":false,"showsStopSigns":true}"#)
    }

    @Test("writes a constraint object in canonical expression syntax")
    func writesConstraintObjectsCanonically() throws {
        let text =
            #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance"}, "delegate": {"shared": [{"first": "map.width", "relation": ">=", "second": "safeArea.height", "multiplier": 0.5, "constant": -3, "priority": 300}]}}"#
        let request = try LayoutRequest.decode(from: Array(text.utf8))
        guard case .object(let body) = request.jsonValue, case .object(let delegate)? = body["delegate"] else {
            Issue.record("expected a delegate object")
            return
        }
        #expect(delegate["shared"] == ["map.width >= safeArea.height * 0.5 - 3 @300"])
    }

    @Test("the style table lists every entry and marks overridden values")
    func styleTable() throws {
        var values = StyleValues.defaults
        values[.buttonSize] = 44
        guard case .array(let rows) = StyleCatalog.jsonValue(values: values) else {
            Issue.record("expected an array")
            return
        }
        #expect(rows.count == StyleKey.allCases.count)
        let buttonRow = rows.first { row in
            if case .object(let object) = row { return object["name"] == "buttonSize" }
            return false
        }
        guard case .object(let button)? = buttonRow else {
            Issue.record("no buttonSize row")
            return
        }
        #expect(button.keys == ["name", "default", "value", "unit", "meaning", "reasoning"])
        #expect(button["default"] == 48 && button["value"] == 44 && button["unit"] == "pt")
    }
}
