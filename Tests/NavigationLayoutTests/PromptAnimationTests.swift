import NavigationLayout
import Testing

@Suite struct PromptAnimationTests {
    let frame = Frame(x: 0, y: 756, width: 393, height: 96)

    @Test func showSlidesInFromBelowTheBottomEdge() {
        let animation = PromptAnimation.show(frame, mapHeight: 852, duration: 0.4)
        #expect(animation.from == Frame(x: 0, y: 852, width: 393, height: 96))
        #expect(animation.to == frame)
        #expect(animation.duration == 0.4)
    }

    @Test func hideSlidesOutTheSameWay() {
        let animation = PromptAnimation.hide(frame, mapHeight: 852, duration: 0.4)
        #expect(animation.from == frame)
        #expect(animation.to.y == 852)
    }

    @Test func aPromptAboveASheetStillStartsOutOfSight() {
        let raised = Frame(x: 0, y: 500, width: 393, height: 96)
        #expect(PromptAnimation.show(raised, mapHeight: 852, duration: 0.4).from.y == 852)
    }

    @Test func changeRunsHideAndShowAtOnce() {
        let next = Frame(x: 0, y: 712, width: 393, height: 140)
        let change = PromptAnimation.change(from: frame, to: next, mapHeight: 852, duration: 0.4)
        #expect(change.outgoing == PromptAnimation.hide(frame, mapHeight: 852, duration: 0.4))
        #expect(change.incoming == PromptAnimation.show(next, mapHeight: 852, duration: 0.4))
    }

    @Test func theResultCarriesTheShowAnimationWithTheStyleDuration() throws {
        var request = try EngineFixtures.request("seed-delegate-prompt.json")
        request.style[.promptAnimationDuration] = 0.25
        let prompt = try #require(LayoutEngine.solve(request).prompt)
        #expect(prompt.corners == .top)
        #expect(prompt.animation == PromptAnimation.show(prompt.frame, mapHeight: 852, duration: 0.25))
    }

    @Test func promptHeightComesFromTheRequestOrTheStyle() throws {
        var request = try EngineFixtures.request("seed-delegate-prompt.json")
        request.state.prompt = Prompt(kind: "betterRoute")
        request.style[.promptDefaultHeight] = 120
        #expect(LayoutEngine.solve(request).prompt?.frame.height == 120)
    }
}

@Suite struct LayoutResultJSONTests {
    @Test func resultJSONFollowsTheContractsFieldOrder() throws {
        let result = try EngineFixtures.solve("seed-delegate-prompt.json")
        guard case .object(let object) = result.jsonValue else {
            Issue.record("not an object")
            return
        }
        #expect(
            object.keys == [
                "mode", "navigation", "wideMode", "status", "frames", "hidden", "guides", "camera", "prompt", "layers",
                "diagnostics", "broken", "mapFeatures",
            ])
        let text = JSONWriter().string(for: result.jsonValue)
        #expect(
            text.hasPrefix(
                #"{"mode":"delegate","navigation":"guidance","wideMode":false,"status":"ok","frames":{"turnCard":{"x":0,"y":0,"width":393,"height":155}"#
            ))
        // Solving twice gives the same bytes.
        #expect(try EngineFixtures.solve("seed-delegate-prompt.json").jsonBytes() == result.jsonBytes())
    }

    @Test func diagnosticsCarryTheConflictingSetAndTheRule() throws {
        var request = try EngineFixtures.request("seed-delegate-guidance.json")
        let extra = try ConstraintParser.parse("viewport.top == map.top")
        request.delegate?.guidance?.constraints.append(
            DelegateConstraint(
                spec: extra.spec, path: "delegate.guidance.constraints[14]", text: "viewport.top == map.top"))
        let result = LayoutEngine.solve(request)
        #expect(result.status == "error")
        let json = JSONWriter().string(for: result.diagnostics[0].jsonValue)
        #expect(json.contains(#""code":"unsatisfiable-constraints""#))
        #expect(json.contains(#""conflicting":["#))
        #expect(result.diagnostics[0].conflicting?.contains("viewport.top == turnCard.bottom") == true)
        #expect(json.contains(#""brokenToRecover":"viewport.top == map.top""#))
        #expect(json.contains(#""rule":"Auto Layout"#))
    }
}
