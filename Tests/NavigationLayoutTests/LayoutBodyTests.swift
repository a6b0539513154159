import JSON
import Testing

@testable import NavigationLayout

@Suite("Layout bodies and the profile they name")
struct LayoutBodyTests {
    @Test(
        "a profile named wrongly is an error at its own path",
        arguments: [
            (#"{"profile": 5}"#, "profile"), (#"{"profile": ""}"#, "profile"),
            (#"{"profile": "driver", "profileVersion": 0}"#, "profileVersion"),
            (#"{"profile": "driver", "profileVersion": 1.5}"#, "profileVersion"),
            (#"{"profile": "driver", "profileVersion": "2"}"#, "profileVersion"),
        ])
    func wrongReferences(text: String, path: String) throws {
        let error = try #require(
            #expect(throws: LayoutBody.ReadError.self) { try LayoutBody.read(Array(text.utf8)) })
        guard case .invalidProfileReference(let issues) = error else {
            Issue.record("expected a profile reference error, got \(error)")
            return
        }
        #expect(issues.issues.map(\.path) == [path])
    }

    @Test("a body names a profile at its latest version, at a given one, or none when the profile is absent or null")
    func references() throws {
        #expect(
            try LayoutBody.read(Array(#"{"profile": "driver"}"#.utf8)).profile
                == ProfileReference(name: "driver", version: nil))
        #expect(
            try LayoutBody.read(Array(#"{"profile": "driver", "profileVersion": 3}"#.utf8)).profile
                == ProfileReference(name: "driver", version: 3))
        #expect(try LayoutBody.read(Array(#"{"profile": null, "profileVersion": 3}"#.utf8)).profile == nil)
        #expect(try LayoutBody.read(Array("{}".utf8)).profile == nil)
    }

    @Test("bytes that are not JSON are refused with the parser's line and column")
    func notJSON() throws {
        let error = try #require(
            #expect(throws: LayoutBody.ReadError.self) { try LayoutBody.read(Array("{\n  \"a\": }".utf8)) })
        guard case .notJSON(let issues) = error else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
        #expect(issues.issues.first?.line == 2)
        #expect(issues.issues.first?.column != nil)
    }
}
