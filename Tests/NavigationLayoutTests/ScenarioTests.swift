import JSON
import Testing

@testable import NavigationLayout

@Suite("Scenarios: decoding, playing, encoding")
struct ScenarioTests {
    static let delegate = #"""
        "delegate": {"guidance": {"views": ["turnCard", "etaCard", "googleLogo", "viewport"], "constraints": [
            "turnCard.leading == safeArea.leading", "turnCard.top == map.top", "viewport.top == turnCard.bottom"]},
          "ready": {"views": ["googleLogo", "viewport"], "constraints": []},
          "prompt": {"constraints": ["prompt.bottom == map.bottom"]}}
        """#

    /// A scenario body with the seed phone screen, a delegate and the given steps (JSON array members).
    static func body(_ steps: String, extra: String = "", withDelegate: Bool = true) -> String {
        #"{"screen": {"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34}, "layoutDirection": "rtl"}, "#
            + (withDelegate ? delegate + ", " : "") + extra + #""steps": ["# + steps + "]}"
    }

    static let fullSteps = #"""
        {"event": "setLayoutDelegate"}, {"event": "enableNavigation"}, {"event": "startGuidance"},
        {"event": "showPrompt", "prompt": {"kind": "incident", "height": 96}},
        {"event": "resize", "screen": {"width": 852, "height": 393, "safeArea": {"left": 59, "right": 59, "bottom": 21}}},
        {"event": "changePrompt", "prompt": {"kind": "betterRoute"}}, {"event": "hidePrompt"},
        {"event": "stopGuidance"}, {"event": "disableNavigation"}, {"event": "removeLayoutDelegate"}
        """#

    func decode(_ text: String) throws(RequestError) -> Scenario {
        try Scenario.decode(from: Array(text.utf8))
    }

    func issues(_ text: String) -> [RequestError.Issue] {
        do throws(RequestError) {
            _ = try decode(text)
            return []
        } catch {
            return error.issues
        }
    }

    // MARK: Decoding

    @Test("decodes every event with its prompt or screen")
    func decodesEveryEvent() throws {
        let scenario = try decode(Self.body(Self.fullSteps))
        #expect(scenario.delegate != nil)
        #expect(scenario.screen.layoutDirection == .rightToLeft)
        #expect(Set(scenario.steps.map(\.name)) == Set(ScenarioEventName.allCases), "every event is covered")
        #expect(
            scenario.steps.map(\.name.rawValue) == [
                "setLayoutDelegate", "enableNavigation", "startGuidance", "showPrompt", "resize", "changePrompt",
                "hidePrompt", "stopGuidance", "disableNavigation", "removeLayoutDelegate",
            ])
        #expect(scenario.steps[3] == .showPrompt(Prompt(kind: "incident", height: 96)))
        #expect(scenario.steps[5] == .changePrompt(Prompt(kind: "betterRoute")))
        // A resize keeps the starting direction and CarPlay flag when it does not give them.
        #expect(
            scenario.steps[4]
                == .resize(
                    Screen(
                        width: 852, height: 393, safeArea: EdgeInsets(top: 0, bottom: 21, left: 59, right: 59),
                        layoutDirection: .rightToLeft, carPlay: false)))
    }

    struct BadBody: Sendable, CustomStringConvertible {
        var name: String
        var body: String
        var path: String
        var message: String
        var description: String { name }
    }

    static let badBodies: [BadBody] = [
        BadBody(
            name: "unknown event", body: body(#"{"event": "startGuidence"}"#), path: "steps[0].event",
            message: "'startGuidence' is not one of"),
        BadBody(
            name: "unknown event suggests the closest", body: body(#"{"event": "startGuidence"}"#),
            path: "steps[0].event", message: "(did you mean 'startGuidance'?)"),
        BadBody(
            name: "missing event", body: body(#"{"prompt": {"kind": "incident"}}"#), path: "steps[0].event",
            message: "required field is missing"),
        BadBody(
            name: "showPrompt without its prompt", body: body(#"{"event": "showPrompt"}"#), path: "steps[0].prompt",
            message: "required field is missing"),
        BadBody(
            name: "changePrompt with a prompt without kind", body: body(#"{"event": "changePrompt", "prompt": {}}"#),
            path: "steps[0].prompt.kind", message: "required field is missing"),
        BadBody(
            name: "a prompt on hidePrompt", body: body(#"{"event": "hidePrompt", "prompt": {"kind": "incident"}}"#),
            path: "steps[0].prompt", message: "'hidePrompt' takes no prompt"),
        BadBody(
            name: "resize without its screen", body: body(#"{"event": "resize"}"#), path: "steps[0].screen",
            message: "required field is missing"),
        BadBody(
            name: "resize without a width", body: body(#"{"event": "resize", "screen": {"height": 393}}"#),
            path: "steps[0].screen.width", message: "required field is missing"),
        BadBody(
            name: "a screen on startGuidance",
            body: body(#"{"event": "startGuidance", "screen": {"width": 1, "height": 1}}"#), path: "steps[0].screen",
            message: "'startGuidance' takes no screen"),
        BadBody(
            name: "unknown step field", body: body(#"{"event": "startGuidance", "when": 3}"#), path: "steps[0].when",
            message: "unknown field 'when'"),
        BadBody(
            name: "a step that is not an object", body: body(#""startGuidance""#), path: "steps[0]",
            message: "expected an object, found a string"),
        BadBody(
            name: "setLayoutDelegate without a delegate document",
            body: body(#"{"event": "setLayoutDelegate"}"#, withDelegate: false), path: "steps[0].event",
            message: "the scenario has none"),
        BadBody(
            name: "resize onto CarPlay",
            body: body(#"{"event": "resize", "screen": {"width": 800, "height": 480, "carPlay": true}}"#),
            path: "steps[0].screen.carPlay", message: "cannot move the map view onto CarPlay"),
        BadBody(name: "no steps", body: body(""), path: "steps", message: "at least one step"),
        BadBody(
            name: "steps missing", body: #"{"screen": {"width": 393, "height": 852}}"#, path: "steps",
            message: "required field is missing"),
        BadBody(
            name: "screen missing", body: #"{"steps": [{"event": "enableNavigation"}]}"#, path: "screen",
            message: "required field is missing"),
        BadBody(
            name: "unknown body field", body: body(#"{"event": "enableNavigation"}"#, extra: #""state": {}, "#),
            path: "state", message: "unknown field 'state'"),
        BadBody(
            name: "a delegate constraint that does not parse",
            body:
                #"{"screen": {"width": 393, "height": 852}, "delegate": {"ready": {"views": ["viewport", "googleLogo"], "constraints": ["viewport.top = map.top"]}}, "steps": [{"event": "setLayoutDelegate"}]}"#,
            path: "delegate.ready.constraints[0]", message: "write '==' for equality"),
        BadBody(
            name: "an unknown settings key",
            body: body(#"{"event": "enableNavigation"}"#, extra: #""settings": {"compas": true}, "#),
            path: "settings.compas", message: "unknown"),
    ]

    @Test("a body that cannot be read names the path of each problem", arguments: badBodies)
    func reportsProblemsWithPaths(_ bad: BadBody) {
        let found = issues(bad.body)
        #expect(
            found.contains { $0.path == bad.path && $0.message.contains(bad.message) },
            "got: \(found.map(\.description))")
    }

    @Test("every problem is reported, not only the first")
    func collectsEveryProblem() {
        let found = issues(Self.body(#"{"event": "nope"}, {"event": "resize"}, {"event": "hidePrompt", "screen": {}}"#))
        #expect(found.map(\.path) == ["steps[0].event", "steps[1].screen", "steps[2].screen"])
    }

    @Test("more steps than the cap are refused")
    func capsTheSteps() {
        let steps = Array(repeating: #"{"event": "enableNavigation"}"#, count: Scenario.maximumSteps + 1)
            .joined(separator: ",")
        #expect(issues(Self.body(steps)).map(\.path) == ["steps"])
    }

    // MARK: Playing

    @Test("each step gets the layout of its state; refused steps keep the state and the scenario goes on")
    func playsThroughErrors() throws {
        let scenario = try decode(
            Self.body(
                #"{"event": "startGuidance"}, {"event": "setLayoutDelegate"}, {"event": "enableNavigation"}, {"event": "setLayoutDelegate"}, {"event": "startGuidance"}, {"event": "hidePrompt"}, {"event": "showPrompt", "prompt": {"kind": "incident"}}"#
            ))
        var seen: [Int] = []
        let results = scenario.run { context in
            seen.append(context.index)
            return context.request
        }
        #expect(seen == [0, 1, 2, 3, 4, 5, 6], "the layout runs once per step, in order, refused steps included")
        #expect(
            results.map { $0.error?.code } == [
                .navigationNotEnabled, nil, nil, .delegateWhileNavigating, nil, .noPromptShown, nil,
            ])
        #expect(
            results.map(\.layout.state.navigation) == [
                .disabled, .disabled, .ready, .ready, .guidance, .guidance, .guidance,
            ])
        #expect(results[0].layout.delegate == nil, "no delegate set yet: the built-in layout")
        #expect(results[1].layout.delegate == scenario.delegate)
        #expect(results[6].layout.state.prompt == Prompt(kind: "incident"))
        #expect(results[6].callbacks == [.showPrompt(newPrompt: Prompt(kind: "incident"))])
        #expect(results[3].callbacks.isEmpty)
    }

    @Test("the step context tells the engine how the prompt changed")
    func promptTransitions() throws {
        let scenario = try decode(Self.body(Self.fullSteps))
        let transitions = scenario.run { $0.promptTransition }.map(\.layout)
        let incident = Prompt(kind: "incident", height: 96)
        let betterRoute = Prompt(kind: "betterRoute")
        #expect(
            transitions == [
                nil, nil, nil, .shown(incident), nil, .changed(from: incident, to: betterRoute), .hidden(betterRoute),
                nil,
                nil, nil,
            ])
    }

    @Test("the screen of a resize reaches the layout of that step and the following ones")
    func resizeReachesTheLayout() throws {
        let scenario = try decode(Self.body(Self.fullSteps))
        let results = scenario.run { $0.request.screen.width }
        #expect(results.map(\.layout) == [393, 393, 393, 393, 852, 852, 852, 852, 852, 852])
        #expect(results[4].callbacks == [.sizeChanged(newState: .guidance)])
    }

    struct LayoutFailure: Error, Equatable {
        var step: Int
    }

    @Test("a layout closure's error stops the run and reaches the caller")
    func layoutErrorsPropagate() throws {
        let scenario = try decode(Self.body(Self.fullSteps))
        #expect(throws: LayoutFailure(step: 2)) {
            _ = try scenario.run { (context: ScenarioStepContext) throws(LayoutFailure) -> Int in
                if context.index == 2 { throw LayoutFailure(step: 2) }
                return context.index
            }
        }
    }

    // MARK: Encoding

    @Test("step results encode with the step, event, callbacks, state, errors and the layout's own JSON")
    func encodesSteps() throws {
        let scenario = try decode(
            Self.body(
                #"{"event": "setLayoutDelegate"}, {"event": "enableNavigation"}, {"event": "setLayoutDelegate"}, {"event": "startGuidance"}"#
            ))
        let results = scenario.run { context in context.callbacks.count }
        let json = JSONWriter().string(
            for: Scenario.jsonValue(
                of: results, encodeLayout: { .object(JSONObject([("callbackCount", .number(Double($0)))])) }))
        let screen =
            #""screen":{"width":393,"height":852,"safeArea":{"top":59,"bottom":34,"left":0,"right":0},"layoutDirection":"rtl","carPlay":false}"#
        #expect(
            json
                == #"{"steps":["#
                + #"{"step":0,"event":"setLayoutDelegate","callbacks":[],"mode":"delegate","navigation":"disabled","prompt":null,"#
                + screen + #","errors":[],"layout":{"callbackCount":0}},"#
                + #"{"step":1,"event":"enableNavigation","callbacks":[{"name":"enableNavigationUI","newState":"ready"}],"mode":"delegate","navigation":"ready","prompt":null,"#
                + screen + #","errors":[],"layout":{"callbackCount":1}},"#
                + #"{"step":2,"event":"setLayoutDelegate","callbacks":[],"mode":"delegate","navigation":"ready","prompt":null,"#
                + screen
                + #","errors":[{"severity":"error","code":"delegate-while-navigating","sdkErrorCode":1,"message":"setLayoutDelegate while navigation is ready; set the delegate before enabling navigation (SDK error 1)"}],"layout":{"callbackCount":0}},"#
                + #"{"step":3,"event":"startGuidance","callbacks":[{"name":"startGuidance","newState":"guidance","oldState":"ready"}],"mode":"delegate","navigation":"guidance","prompt":null,"#
                + screen + #","errors":[],"layout":{"callbackCount":1}}]}"#)
    }

    @Test("prompt callbacks encode both prompts; CarPlay refusals carry SDK code 2")
    func encodesPromptsAndCarPlay() throws {
        let change = DelegateCallback.changePrompt(
            newPrompt: Prompt(kind: "betterRoute"), oldPrompt: Prompt(kind: "incident", height: 96))
        #expect(
            JSONWriter().string(for: change.jsonValue)
                == #"{"name":"changePrompt","newPrompt":{"kind":"betterRoute"},"oldPrompt":{"kind":"incident","height":96}}"#
        )
        let scenario = try decode(
            #"{"screen": {"width": 800, "height": 480, "carPlay": true}, "delegate": {}, "steps": [{"event": "setLayoutDelegate"}, {"event": "enableNavigation"}]}"#
        )
        let results = scenario.run { _ in 0 }
        let json = JSONWriter().string(for: results[0].jsonValue(encodeLayout: { .number(Double($0)) }))
        #expect(json.contains(#""code":"delegate-on-carplay","sdkErrorCode":2"#))
        #expect(json.contains(#""mode":"builtIn""#))
        #expect(results[1].error == nil && results[1].callbacks.isEmpty, "built-in mode goes on without callbacks")
    }
}
