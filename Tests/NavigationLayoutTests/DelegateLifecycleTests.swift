import Testing

@testable import NavigationLayout

@Suite("Delegate lifecycle")
struct DelegateLifecycleTests {
    static let phone = Screen(width: 393, height: 852, safeArea: EdgeInsets(top: 59, bottom: 34, left: 0, right: 0))
    static let landscape = Screen(
        width: 852, height: 393, safeArea: EdgeInsets(top: 0, bottom: 21, left: 59, right: 59))
    static let incident = Prompt(kind: "incident", height: 96)
    static let betterRoute = Prompt(kind: "betterRoute")

    /// A lifecycle after `events`, each of which must succeed.
    static func lifecycle(
        after events: [ScenarioEvent], screen: Screen = phone, sourceLocation: SourceLocation = #_sourceLocation
    ) -> DelegateLifecycle {
        var lifecycle = DelegateLifecycle(screen: screen)
        for event in events {
            let transition = lifecycle.apply(event)
            #expect(transition.error == nil, "setup step \(event.name) failed", sourceLocation: sourceLocation)
        }
        return lifecycle
    }

    @Test("a delegate sees every callback of the lifecycle in order, with old and new states")
    func fullLifecycleWithDelegate() {
        var lifecycle = DelegateLifecycle(screen: Self.phone)
        let steps: [(ScenarioEvent, [DelegateCallback], NavigationMode, Prompt?)] = [
            (.setLayoutDelegate, [], .disabled, nil),
            (.enableNavigation, [.enableNavigationUI(newState: .ready)], .ready, nil),
            (.startGuidance, [.startGuidance(newState: .guidance, oldState: .ready)], .guidance, nil),
            (.showPrompt(Self.incident), [.showPrompt(newPrompt: Self.incident)], .guidance, Self.incident),
            (.resize(Self.landscape), [.sizeChanged(newState: .guidance)], .guidance, Self.incident),
            (
                .changePrompt(Self.betterRoute),
                [.changePrompt(newPrompt: Self.betterRoute, oldPrompt: Self.incident)], .guidance, Self.betterRoute
            ),
            (.hidePrompt, [.hidePrompt(oldPrompt: Self.betterRoute)], .guidance, nil),
            (.stopGuidance, [.stopGuidance(newState: .ready, oldState: .guidance)], .ready, nil),
            (.disableNavigation, [.disableNavigationUI(oldState: .ready)], .disabled, nil),
            (.removeLayoutDelegate, [], .disabled, nil),
        ]
        for (event, callbacks, navigation, prompt) in steps {
            let transition = lifecycle.apply(event)
            #expect(transition.error == nil, "\(event.name)")
            #expect(transition.callbacks == callbacks, "\(event.name)")
            #expect(lifecycle.navigation == navigation, "\(event.name)")
            #expect(lifecycle.prompt == prompt, "\(event.name)")
        }
        #expect(lifecycle.screen == Self.landscape)
        #expect(!lifecycle.hasDelegate)
    }

    @Test("without a delegate the events move the state and fire no callback")
    func builtInModeFiresNothing() {
        var lifecycle = DelegateLifecycle(screen: Self.phone)
        let steps: [(ScenarioEvent, NavigationMode, Prompt?)] = [
            (.enableNavigation, .ready, nil), (.startGuidance, .guidance, nil),
            (.showPrompt(Self.incident), .guidance, Self.incident), (.resize(Self.landscape), .guidance, Self.incident),
            (.changePrompt(Self.betterRoute), .guidance, Self.betterRoute), (.hidePrompt, .guidance, nil),
            (.stopGuidance, .ready, nil), (.disableNavigation, .disabled, nil),
        ]
        for (event, navigation, prompt) in steps {
            let transition = lifecycle.apply(event)
            #expect(transition == DelegateLifecycle.Transition(callbacks: [], error: nil), "\(event.name)")
            #expect(lifecycle.navigation == navigation && lifecycle.prompt == prompt, "\(event.name)")
        }
    }

    struct RefusedCase: Sendable, CustomStringConvertible {
        var setup: [ScenarioEvent]
        var screen: Screen = DelegateLifecycleTests.phone
        var event: ScenarioEvent
        var code: ScenarioStepError.Code
        var description: String { "\(event.name) after \(setup.map(\.name.rawValue)) -> \(code.rawValue)" }
    }

    static let carPlay = Screen(width: 800, height: 480, carPlay: true)

    static let refusedCases: [RefusedCase] = [
        RefusedCase(setup: [.enableNavigation], event: .setLayoutDelegate, code: .delegateWhileNavigating),
        RefusedCase(
            setup: [.setLayoutDelegate, .enableNavigation, .startGuidance], event: .setLayoutDelegate,
            code: .delegateWhileNavigating),
        RefusedCase(
            setup: [.setLayoutDelegate, .enableNavigation], event: .removeLayoutDelegate,
            code: .delegateWhileNavigating),
        RefusedCase(setup: [], screen: carPlay, event: .setLayoutDelegate, code: .delegateOnCarPlay),
        // CarPlay wins over navigating: a CarPlay map view never takes a delegate at all.
        RefusedCase(setup: [.enableNavigation], screen: carPlay, event: .setLayoutDelegate, code: .delegateOnCarPlay),
        RefusedCase(setup: [], event: .removeLayoutDelegate, code: .noDelegateToRemove),
        RefusedCase(setup: [.enableNavigation], event: .enableNavigation, code: .navigationAlreadyEnabled),
        RefusedCase(
            setup: [.enableNavigation, .startGuidance], event: .enableNavigation, code: .navigationAlreadyEnabled),
        RefusedCase(setup: [], event: .startGuidance, code: .navigationNotEnabled),
        RefusedCase(setup: [], event: .disableNavigation, code: .navigationNotEnabled),
        RefusedCase(setup: [.enableNavigation, .startGuidance], event: .startGuidance, code: .guidanceAlreadyActive),
        RefusedCase(setup: [.enableNavigation], event: .stopGuidance, code: .guidanceNotActive),
        RefusedCase(setup: [], event: .stopGuidance, code: .guidanceNotActive),
        RefusedCase(setup: [.enableNavigation], event: .showPrompt(incident), code: .promptOutsideGuidance),
        RefusedCase(setup: [], event: .showPrompt(incident), code: .promptOutsideGuidance),
        RefusedCase(setup: [.enableNavigation], event: .changePrompt(incident), code: .promptOutsideGuidance),
        RefusedCase(setup: [.enableNavigation], event: .hidePrompt, code: .promptOutsideGuidance),
        RefusedCase(
            setup: [.enableNavigation, .startGuidance, .showPrompt(incident)], event: .showPrompt(betterRoute),
            code: .promptAlreadyShown),
        RefusedCase(setup: [.enableNavigation, .startGuidance], event: .hidePrompt, code: .noPromptShown),
        RefusedCase(setup: [.enableNavigation, .startGuidance], event: .changePrompt(incident), code: .noPromptShown),
    ]

    @Test("out-of-order steps are refused with their error and leave the state as it was", arguments: refusedCases)
    func refusedSteps(_ refused: RefusedCase) {
        for withDelegate in [false, true] where !(withDelegate && refused.screen.carPlay) {
            var setup = refused.setup
            if withDelegate, !setup.contains(.setLayoutDelegate) { setup.insert(.setLayoutDelegate, at: 0) }
            if !withDelegate { setup.removeAll { $0 == .setLayoutDelegate } }
            // Removing a delegate that was never set is refused differently: only test it without one.
            if withDelegate, refused.code == .noDelegateToRemove { continue }
            var lifecycle = Self.lifecycle(after: setup, screen: refused.screen)
            let before = lifecycle
            let transition = lifecycle.apply(refused.event)
            #expect(transition.error?.code == refused.code, "delegate: \(withDelegate)")
            #expect(transition.callbacks.isEmpty)
            #expect(lifecycle == before, "the state must not move")
        }
    }

    @Test("the SDK's own errors carry its codes 1 and 2; the others have none")
    func sdkErrorCodes() {
        #expect(ScenarioStepError.Code.delegateWhileNavigating.sdkErrorCode == 1)
        #expect(ScenarioStepError.Code.delegateOnCarPlay.sdkErrorCode == 2)
        for code in ScenarioStepError.Code.allCases where code != .delegateWhileNavigating && code != .delegateOnCarPlay
        {
            #expect(code.sdkErrorCode == nil, "\(code.rawValue)")
        }
        var lifecycle = Self.lifecycle(after: [.enableNavigation])
        #expect(
            lifecycle.apply(.setLayoutDelegate).error?.jsonValue
                == [
                    "severity": "error", "code": "delegate-while-navigating", "sdkErrorCode": 1,
                    "message":
                        "setLayoutDelegate while navigation is ready; set the delegate before enabling navigation (SDK error 1)",
                ])
    }

    @Test("leaving guidance removes the prompt with the guidance views")
    func stopGuidanceRemovesThePrompt() {
        var lifecycle = Self.lifecycle(after: [
            .setLayoutDelegate, .enableNavigation, .startGuidance, .showPrompt(Self.incident),
        ])
        let transition = lifecycle.apply(.stopGuidance)
        #expect(transition.callbacks == [.stopGuidance(newState: .ready, oldState: .guidance)])
        #expect(lifecycle.prompt == nil)
        // A prompt event now is out of order: the prompt went with guidance.
        #expect(lifecycle.apply(.hidePrompt).error?.code == .promptOutsideGuidance)
    }

    @Test("disabling navigation during guidance ends guidance first and removes everything, prompts included")
    func disableDuringGuidance() {
        var lifecycle = Self.lifecycle(after: [
            .setLayoutDelegate, .enableNavigation, .startGuidance, .showPrompt(Self.incident),
        ])
        let transition = lifecycle.apply(.disableNavigation)
        #expect(transition.error == nil)
        #expect(
            transition.callbacks == [
                .stopGuidance(newState: .ready, oldState: .guidance), .disableNavigationUI(oldState: .ready),
            ])
        #expect(lifecycle.navigation == .disabled)
        #expect(lifecycle.prompt == nil)
        #expect(lifecycle.hasDelegate, "the delegate stays set")
    }

    struct ResizeCase: Sendable, CustomStringConvertible {
        var setup: [ScenarioEvent]
        var newScreen: Screen
        var callbacks: [DelegateCallback]
        var description: String { "\(setup.map(\.name.rawValue)) -> \(newScreen.width)x\(newScreen.height)" }
    }

    static let resizeCases: [ResizeCase] = [
        ResizeCase(
            setup: [.setLayoutDelegate, .enableNavigation], newScreen: landscape,
            callbacks: [.sizeChanged(newState: .ready)]),
        ResizeCase(
            setup: [.setLayoutDelegate, .enableNavigation, .startGuidance], newScreen: landscape,
            callbacks: [.sizeChanged(newState: .guidance)]),
        // Navigation disabled: the delegate has no state to hand over yet.
        ResizeCase(setup: [.setLayoutDelegate], newScreen: landscape, callbacks: []),
        // The built-in layout has no delegate to call.
        ResizeCase(setup: [.enableNavigation, .startGuidance], newScreen: landscape, callbacks: []),
        // Same size, new safe area: nothing to report, the safe-area constraints follow by themselves.
        ResizeCase(
            setup: [.setLayoutDelegate, .enableNavigation],
            newScreen: Screen(width: 393, height: 852, safeArea: EdgeInsets(top: 20, bottom: 0, left: 0, right: 0)),
            callbacks: []),
        // Split screen: only the width changes.
        ResizeCase(
            setup: [.setLayoutDelegate, .enableNavigation, .startGuidance], newScreen: Screen(width: 320, height: 852),
            callbacks: [.sizeChanged(newState: .guidance)]),
    ]

    @Test(
        "a resize takes the new screen and fires sizeChanged when the size changes under a delegate",
        arguments: resizeCases)
    func resize(_ resize: ResizeCase) {
        var lifecycle = Self.lifecycle(after: resize.setup)
        let navigation = lifecycle.navigation
        let transition = lifecycle.apply(.resize(resize.newScreen))
        #expect(transition.error == nil)
        #expect(transition.callbacks == resize.callbacks)
        #expect(lifecycle.screen == resize.newScreen)
        #expect(lifecycle.navigation == navigation)
    }
}
