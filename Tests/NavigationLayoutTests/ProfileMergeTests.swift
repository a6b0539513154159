import JSON
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

    func profileIssues(_ text: String) throws -> [RequestError.Issue] {
        let value = try JSONParser().parse(text)
        do throws(RequestError) {
            try ProfileMerge.validate(profile: value)
            return []
        } catch {
            return error.issues
        }
    }

    @Test("a profile may hold a partial screen and state")
    func partialProfileIsValid() throws {
        let issues = try profileIssues(
            #"{"description": "fleet", "screen": {"safeArea": {"top": 59}}, "state": {"camera": {"following": false}}, "settings": {"compassButton": true}, "style": {"buttonSize": 44}, "delegate": {"guides": ["g"], "shared": ["g.height == 0"]}}"#
        )
        #expect(issues == [])
    }

    @Test(
        "a profile is as strict as a request about what it holds",
        arguments: [
            (#"{"profile": "x"}"#, "profile", "unknown field 'profile'"),
            (#"{"description": 3}"#, "description", "expected a string"),
            (#"{"screen": {"width": -1}}"#, "screen.width", "expected a number > 0"),
            (#"{"state": {"navigation": "drive"}}"#, "state.navigation", "is not one of"),
            (#"{"settings": {"compass": true}}"#, "settings.compass", "unknown setting"),
            (#"{"style": {"buttonSize": -4}}"#, "style.buttonSize", "from 0 to 10000"),
            (
                #"{"delegate": {"stacks": {"s": {"alignment": "leading"}}}}"#, "delegate.stacks.s.position",
                "required field is missing"
            ),
            (#"{"delegate": {"shared": ["nope.top == map.top"]}}"#, "delegate.shared[0]", "unknown item 'nope'"),
        ])
    func profileErrors(text: String, path: String, message: String) throws {
        let issues = try profileIssues(text)
        #expect(issues.contains { $0.path == path && $0.message.contains(message) }, "got \(issues)")
    }

    @Test("a profile must be an object")
    func profileMustBeAnObject() throws {
        #expect(try profileIssues("[]").first?.message == "expected the profile to be an object, found an array")
    }
}
