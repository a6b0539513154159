import Testing

@testable import NavigationLayout

@Suite("Profile merge")
struct ProfileMergeTests {
    func merge(_ profile: String, _ request: String) throws -> JSONValue {
        ProfileMerge.merge(profile: try JSONParser().parse(profile), request: try JSONParser().parse(request))
    }

    @Test("request fields win and objects merge member by member")
    func objectsMergeRecursively() throws {
        let merged = try merge(
            #"{"description": "fleet", "screen": {"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34}}, "settings": {"compassButton": true, "padding": {"bottom": 24}}, "style": {"headerNominalHeight": 112}}"#,
            #"{"screen": {"safeArea": {"top": 20}}, "state": {"navigation": "ready"}, "settings": {"myLocationButton": true}, "style": {"buttonSize": 44}}"#
        )
        let expected = try JSONParser().parse(
            #"{"screen": {"width": 393, "height": 852, "safeArea": {"top": 20, "bottom": 34}}, "settings": {"compassButton": true, "padding": {"bottom": 24}, "myLocationButton": true}, "style": {"headerNominalHeight": 112, "buttonSize": 44}, "state": {"navigation": "ready"}}"#
        )
        #expect(merged == expected)
    }

    @Test("the delegate is replaced whole")
    func delegateReplacedWhole() throws {
        let merged = try merge(
            #"{"delegate": {"guides": ["a"], "shared": ["a.height == 0"]}}"#, #"{"delegate": {"shared": []}}"#)
        #expect(merged == ["delegate": ["shared": []]])
    }

    @Test("the profile's delegate applies when the request has none")
    func profileDelegateApplies() throws {
        let merged = try merge(#"{"delegate": {"guides": ["a"]}}"#, #"{"state": {"navigation": "ready"}}"#)
        #expect(merged == ["delegate": ["guides": ["a"]], "state": ["navigation": "ready"]])
    }

    @Test("null in the request removes the profile's value")
    func nullRemoves() throws {
        let merged = try merge(
            #"{"state": {"navigation": "guidance", "wideMode": true}, "delegate": {"guides": ["a"]}}"#,
            #"{"state": {"wideMode": null}, "delegate": null, "settings": {"compassButton": null}}"#)
        #expect(merged == ["state": ["navigation": "guidance"], "settings": [:]])
    }

    @Test("arrays are replaced, not concatenated")
    func arraysReplaced() throws {
        let merged = try merge(#"{"screen": {"list": [1, 2]}}"#, #"{"screen": {"list": [3]}}"#)
        #expect(merged == ["screen": ["list": [3]]])
    }

    @Test("a merged profile and request decode into one request")
    func mergedRequestDecodes() throws {
        let profile = try JSONParser().parse(
            #"{"description": "iPhone 15 fleet", "screen": {"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34}}, "settings": {"compassButton": true}, "style": {"headerNominalHeight": 112}}"#
        )
        let request = try JSONParser().parse(
            #"{"profile": "fleet", "state": {"navigation": "guidance"}, "settings": {"showsStopSigns": true}}"#)
        let decoded = try LayoutRequest.decode(from: ProfileMerge.merge(profile: profile, request: request))
        #expect(decoded.profileName == "fleet")
        #expect(decoded.screen.safeArea.top == 59)
        #expect(decoded.settings.compassButton && decoded.settings.showsStopSigns)
        #expect(decoded.settings.providedKeys == [.compassButton, .showsStopSigns])
        #expect(decoded.style[.headerNominalHeight] == 112)
    }

    @Test("a request that is not an object is returned unchanged for the decoder to report")
    func nonObjectRequest() throws {
        #expect(try merge(#"{"screen": {}}"#, "[1]") == [1])
    }
}
