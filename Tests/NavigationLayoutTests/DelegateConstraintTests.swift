import Testing

@testable import NavigationLayout

@Suite("Delegate constraints")
struct DelegateConstraintTests {
    func decodedGuidance() throws -> [DelegateConstraint] {
        let request = try LayoutRequest.decode(from: Fixtures.bytes("seed-delegate-prompt.json"))
        return try #require(request.delegate?.guidance?.constraints)
    }

    @Test("constraints of a decoded list share a storage yet each keeps its own fields and path")
    func decodedListKeepsEachConstraint() throws {
        let constraints = try decodedGuidance()
        #expect(constraints.count == 14)
        #expect(constraints[0].text == "turnCard.leading == safeArea.leading")
        #expect(constraints[13].text == "viewport.bottom == contentBottom.top")
        #expect(constraints[13].path == "delegate.guidance.constraints[13]")
        #expect(constraints[1].spec == (try ConstraintParser.parse("turnCard.top == map.top")).spec)
        #expect(constraints[0] != constraints[1])
        #expect(constraints[2] == constraints[2])
    }

    @Test("setting a field changes only that constraint")
    func settingAFieldChangesOnlyThatConstraint() throws {
        let constraints = try decodedGuidance()
        var changed = constraints[3]
        changed.text = "changed"
        changed.path = "elsewhere[0]"
        #expect(changed.text == "changed")
        #expect(changed.path == "elsewhere[0]")
        #expect(changed.spec == constraints[3].spec)
        #expect(constraints[3].text == "etaCard.bottom == map.bottom")
        #expect(constraints[3].path == "delegate.guidance.constraints[3]")
        var respecified = constraints[4]
        respecified.spec = constraints[5].spec
        #expect(respecified.spec == constraints[5].spec)
        #expect(respecified.text == constraints[4].text)
        #expect(respecified.path == constraints[4].path)
    }

    @Test("a constraint made from its fields equals the decoded one with the same fields")
    func madeConstraintEqualsDecodedOne() throws {
        let decoded = try decodedGuidance()[6]
        let made = DelegateConstraint(spec: decoded.spec, path: decoded.path, text: decoded.text)
        #expect(made == decoded)
    }
}
