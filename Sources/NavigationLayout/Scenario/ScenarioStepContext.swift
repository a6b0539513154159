/// Everything the layout engine needs to lay out the moment after one scenario step.
public struct ScenarioStepContext: Sendable, Equatable {
    /// 0-based position of the step in the scenario.
    public var index: Int
    public var event: ScenarioEvent
    /// The delegate callbacks the step fired, in order (empty in built-in mode and for refused steps).
    public var callbacks: [DelegateCallback]
    /// Why the step was refused; the state then is the state before the step.
    public var error: ScenarioStepError?
    /// The map view after the step.
    public var screen: Screen
    public var navigation: NavigationMode
    /// The prompt shown after the step.
    public var prompt: Prompt?
    /// The prompt shown before the step, for the slide animations of hide and change.
    public var previousPrompt: Prompt?
    /// The delegate document in force after the step; nil: the built-in layout.
    public var delegate: DelegateDocument?
    public var settings: Settings
    public var style: StyleValues

    init(
        index: Int, event: ScenarioEvent, callbacks: [DelegateCallback], error: ScenarioStepError?,
        before: DelegateLifecycle, after: DelegateLifecycle, scenario: Scenario
    ) {
        self.index = index
        self.event = event
        self.callbacks = callbacks
        self.error = error
        screen = after.screen
        navigation = after.navigation
        prompt = after.prompt
        previousPrompt = before.prompt
        delegate = after.hasDelegate ? scenario.delegate : nil
        settings = scenario.settings
        style = scenario.style
    }

    /// The step's moment as a layout request (POST /v1/layouts), for an engine that solves requests.
    public var request: LayoutRequest {
        LayoutRequest(
            screen: screen, state: NavigationState(navigation: navigation, prompt: prompt), settings: settings,
            delegate: delegate, style: style)
    }

    /// How the prompt changed in this step, for the slide animation: nil when it did not.
    public var promptTransition: PromptTransition? {
        switch (previousPrompt, prompt) {
        case (nil, let shown?): return .shown(shown)
        case (let hidden?, nil): return .hidden(hidden)
        case (let old?, let new?) where old != new: return .changed(from: old, to: new)
        default: return nil
        }
    }
}

/// A prompt appearing, leaving or being replaced: the delegate animates each (the SDK does not).
public enum PromptTransition: Sendable, Equatable {
    /// Slides in from below the bottom edge.
    case shown(Prompt)
    /// Slides out (also when leaving guidance or disabling navigation takes the prompt away).
    case hidden(Prompt)
    /// The old one slides out while the new one slides in.
    case changed(from: Prompt, to: Prompt)
}
