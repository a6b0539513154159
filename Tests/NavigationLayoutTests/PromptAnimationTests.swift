import NavigationLayout
import Testing

@Suite("Prompt animation")
struct PromptAnimationTests {
    let frame = Frame(x: 0, y: 756, width: 393, height: 96)

    @Test("show slides the prompt in from below the bottom edge")
    func showSlidesInFromBelowTheBottomEdge() {
        let animation = PromptAnimation.show(frame, mapHeight: 852, duration: 0.4)
        #expect(animation.from == Frame(x: 0, y: 852, width: 393, height: 96))
        #expect(animation.to == frame)
        #expect(animation.duration == 0.4)
    }

    @Test("hide slides the prompt out the same way")
    func hideSlidesOutTheSameWay() {
        let animation = PromptAnimation.hide(frame, mapHeight: 852, duration: 0.4)
        #expect(animation.from == frame)
        #expect(animation.to.y == 852)
    }

    @Test("a prompt raised above a sheet still starts out of sight")
    func aPromptAboveASheetStillStartsOutOfSight() {
        let raised = Frame(x: 0, y: 500, width: 393, height: 96)
        #expect(PromptAnimation.show(raised, mapHeight: 852, duration: 0.4).from.y == 852)
    }

    @Test("a change runs hide and show at once")
    func changeRunsHideAndShowAtOnce() {
        let next = Frame(x: 0, y: 712, width: 393, height: 140)
        let change = PromptAnimation.change(from: frame, to: next, mapHeight: 852, duration: 0.4)
        #expect(change.outgoing == PromptAnimation.hide(frame, mapHeight: 852, duration: 0.4))
        #expect(change.incoming == PromptAnimation.show(next, mapHeight: 852, duration: 0.4))
    }

    @Test("the result's prompt has top corners and the show animation with the style's duration")
    func theResultCarriesTheShowAnimationWithTheStyleDuration() throws {
        var request = try EngineFixtures.request("seed-delegate-prompt.json")
        request.style[.promptAnimationDuration] = 0.25
        let prompt = try #require(LayoutEngine.solve(request).prompt)
        #expect(prompt.corners == .top)
        #expect(prompt.animation == PromptAnimation.show(prompt.frame, mapHeight: 852, duration: 0.25))
    }

    @Test("a prompt without a height of its own takes the style's default height")
    func promptHeightComesFromTheRequestOrTheStyle() throws {
        var request = try EngineFixtures.request("seed-delegate-prompt.json")
        request.state.prompt = Prompt(kind: "betterRoute")
        request.style[.promptDefaultHeight] = 120
        #expect(LayoutEngine.solve(request).prompt?.frame.height == 120)
    }
}
