/// The layout delegate's lifecycle as a pure state machine: the SDK's rules for which call is allowed
/// when, and which delegate callbacks each one fires.
///
/// Source: the layout delegate page of the SDK documentation (see navigation-layout.md, "Delegate states
/// and callbacks"): enableNavigationUI takes the map view from not navigating to navigation-ready,
/// startGuidance to active guidance, stopGuidance back to ready, disableNavigationUI back to not
/// navigating; sizeChanged on any resize; showPrompt, hidePrompt and changePrompt during guidance. A
/// delegate can be set only while navigation is disabled (error 1) and never on CarPlay (error 2).
///
/// Without a delegate (the built-in layout) the same events move the same state, and no callback fires.
public struct DelegateLifecycle: Sendable, Equatable {
    public private(set) var screen: Screen
    public private(set) var navigation: NavigationMode
    /// The prompt on screen; only ever set during guidance.
    public private(set) var prompt: Prompt?
    /// Whether a layout delegate is set (else the built-in layout is in force).
    public private(set) var hasDelegate: Bool

    /// A map view as created: navigation disabled, no prompt, no delegate.
    public init(screen: Screen) {
        self.screen = screen
        navigation = .disabled
        prompt = nil
        hasDelegate = false
    }

    /// What one event did.
    public struct Transition: Sendable, Equatable {
        /// The callbacks fired, in order; empty when none fires (built-in mode, refused steps, steps
        /// that have no callback such as setting the delegate).
        public var callbacks: [DelegateCallback]
        /// Why the event was refused; nil when it happened.
        public var error: ScenarioStepError?
    }

    /// Applies `event`: on success moves the state and returns the callbacks fired; on refusal returns
    /// the error and leaves the state exactly as it was.
    public mutating func apply(_ event: ScenarioEvent) -> Transition {
        switch event {
        case .setLayoutDelegate: return setDelegate()
        case .removeLayoutDelegate: return removeDelegate()
        case .enableNavigation: return enableNavigation()
        case .startGuidance: return startGuidance()
        case .stopGuidance: return stopGuidance()
        case .disableNavigation: return disableNavigation()
        case .showPrompt(let newPrompt): return showPrompt(newPrompt)
        case .changePrompt(let newPrompt): return changePrompt(to: newPrompt)
        case .hidePrompt: return hidePrompt()
        case .resize(let newScreen): return resize(to: newScreen)
        }
    }

    /// Sets a layout delegate: only while navigation is disabled, never on CarPlay.
    private mutating func setDelegate() -> Transition {
        // CarPlay first: a CarPlay map view never takes a delegate, navigating or not.
        if screen.carPlay {
            return refuse(.delegateOnCarPlay, "a CarPlay map view never takes a layout delegate (SDK error 2)")
        }
        if navigation != .disabled {
            return refuse(
                .delegateWhileNavigating,
                "setLayoutDelegate while navigation is \(navigation.rawValue); set the delegate before enabling navigation (SDK error 1)"
            )
        }
        hasDelegate = true
        return Transition(callbacks: [], error: nil)
    }

    /// Removes the layout delegate, restoring the built-in layout: only while navigation is disabled.
    private mutating func removeDelegate() -> Transition {
        if navigation != .disabled {
            return refuse(
                .delegateWhileNavigating,
                "setLayoutDelegate(nil) while navigation is \(navigation.rawValue); the built-in layout can be restored only while navigation is disabled (SDK error 1)"
            )
        }
        guard hasDelegate else {
            return refuse(.noDelegateToRemove, "no layout delegate is set; the built-in layout is already in force")
        }
        hasDelegate = false
        return Transition(callbacks: [], error: nil)
    }

    /// enableNavigationUI: not navigating to navigation-ready.
    private mutating func enableNavigation() -> Transition {
        guard navigation == .disabled else {
            return refuse(.navigationAlreadyEnabled, "navigation is already enabled (\(navigation.rawValue))")
        }
        navigation = .ready
        return fired([.enableNavigationUI(newState: .ready)])
    }

    /// startGuidance: navigation-ready to active guidance.
    private mutating func startGuidance() -> Transition {
        switch navigation {
        case .disabled:
            return refuse(.navigationNotEnabled, "startGuidance before enableNavigation: navigation is disabled")
        case .guidance:
            return refuse(.guidanceAlreadyActive, "guidance is already active")
        case .ready:
            navigation = .guidance
            return fired([.startGuidance(newState: .guidance, oldState: .ready)])
        }
    }

    /// stopGuidance: active guidance back to navigation-ready.
    private mutating func stopGuidance() -> Transition {
        guard navigation == .guidance else {
            return refuse(.guidanceNotActive, "stopGuidance while navigation is \(navigation.rawValue)")
        }
        // Leaving guidance removes the guidance views and any prompt with them (delegate rule 10).
        navigation = .ready
        prompt = nil
        return fired([.stopGuidance(newState: .ready, oldState: .guidance)])
    }

    /// disableNavigationUI: back to not navigating, from either navigating state.
    private mutating func disableNavigation() -> Transition {
        switch navigation {
        case .disabled:
            return refuse(.navigationNotEnabled, "disableNavigation while navigation is already disabled")
        case .ready:
            navigation = .disabled
            return fired([.disableNavigationUI(oldState: .ready)])
        case .guidance:
            // disableNavigationUI receives a navigation-ready state, so guidance ends first: the
            // delegate sees stopGuidance, then disableNavigationUI, and everything goes, prompts included.
            navigation = .disabled
            prompt = nil
            return fired([
                .stopGuidance(newState: .ready, oldState: .guidance), .disableNavigationUI(oldState: .ready),
            ])
        }
    }

    /// showPrompt: presents a prompt during guidance when none is shown.
    private mutating func showPrompt(_ newPrompt: Prompt) -> Transition {
        guard navigation == .guidance else {
            return refuse(
                .promptOutsideGuidance,
                "showPrompt while navigation is \(navigation.rawValue); prompts appear only during guidance")
        }
        if let shown = prompt {
            return refuse(
                .promptAlreadyShown, "a '\(shown.kind)' prompt is already shown; changePrompt replaces it")
        }
        prompt = newPrompt
        return fired([.showPrompt(newPrompt: newPrompt)])
    }

    /// changePrompt: replaces the prompt shown during guidance.
    private mutating func changePrompt(to newPrompt: Prompt) -> Transition {
        guard navigation == .guidance else {
            return refuse(
                .promptOutsideGuidance,
                "changePrompt while navigation is \(navigation.rawValue); prompts appear only during guidance")
        }
        guard let oldPrompt = prompt else {
            return refuse(.noPromptShown, "changePrompt with no prompt shown; showPrompt presents one")
        }
        prompt = newPrompt
        return fired([.changePrompt(newPrompt: newPrompt, oldPrompt: oldPrompt)])
    }

    /// hidePrompt: takes the prompt shown during guidance away.
    private mutating func hidePrompt() -> Transition {
        guard navigation == .guidance else {
            return refuse(
                .promptOutsideGuidance,
                "hidePrompt while navigation is \(navigation.rawValue); prompts appear only during guidance")
        }
        guard let oldPrompt = prompt else {
            return refuse(.noPromptShown, "hidePrompt with no prompt shown")
        }
        prompt = nil
        return fired([.hidePrompt(oldPrompt: oldPrompt)])
    }

    /// A new screen: its size, its safe area or both.
    private mutating func resize(to newScreen: Screen) -> Transition {
        let sizeChanged = newScreen.width != screen.width || newScreen.height != screen.height
        screen = newScreen
        // sizeChanged reports a new size to a delegate that has a navigation state. A change of the
        // safe area alone fires nothing: constraints to the safe area follow it by themselves.
        guard sizeChanged, navigation != .disabled else { return Transition(callbacks: [], error: nil) }
        return fired([.sizeChanged(newState: navigation)])
    }

    /// The callbacks when a delegate is set to receive them; none in built-in mode.
    private func fired(_ callbacks: [DelegateCallback]) -> Transition {
        Transition(callbacks: hasDelegate ? callbacks : [], error: nil)
    }

    private func refuse(_ code: ScenarioStepError.Code, _ message: String) -> Transition {
        Transition(callbacks: [], error: ScenarioStepError(code, message))
    }
}
