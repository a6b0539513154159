/// One thing that happens to a map view in a scenario: what the app does (set or remove the layout
/// delegate, enable navigation, start guidance...) or what the device does (resize), in the event names
/// of POST /v1/scenarios.
public enum ScenarioEvent: Sendable, Equatable {
    /// setLayoutDelegate with the scenario's delegate document.
    case setLayoutDelegate
    /// setLayoutDelegate(nil): back to the built-in layout; allowed only while navigation is disabled.
    case removeLayoutDelegate
    /// The map view's navigation UI is turned on: navigation-ready.
    case enableNavigation
    /// Guidance starts on a route: active guidance.
    case startGuidance
    /// The SDK presents a prompt (during guidance only).
    case showPrompt(Prompt)
    /// The SDK replaces the shown prompt with another.
    case changePrompt(Prompt)
    /// The SDK dismisses the shown prompt.
    case hidePrompt
    /// Rotation, split screen or slide over gives the map view a new size (and safe area).
    case resize(Screen)
    /// Guidance ends: back to navigation-ready.
    case stopGuidance
    /// The map view's navigation UI is turned off.
    case disableNavigation

    public var name: ScenarioEventName {
        switch self {
        case .setLayoutDelegate: return .setLayoutDelegate
        case .removeLayoutDelegate: return .removeLayoutDelegate
        case .enableNavigation: return .enableNavigation
        case .startGuidance: return .startGuidance
        case .showPrompt: return .showPrompt
        case .changePrompt: return .changePrompt
        case .hidePrompt: return .hidePrompt
        case .resize: return .resize
        case .stopGuidance: return .stopGuidance
        case .disableNavigation: return .disableNavigation
        }
    }
}

/// The event names a scenario step may give, as written in JSON.
public enum ScenarioEventName: String, CaseIterable, Sendable {
    case setLayoutDelegate
    case removeLayoutDelegate
    case enableNavigation
    case startGuidance
    case showPrompt
    case changePrompt
    case hidePrompt
    case resize
    case stopGuidance
    case disableNavigation

    /// Whether the step must carry a `prompt` (and may carry nothing else).
    var takesPrompt: Bool { self == .showPrompt || self == .changePrompt }
    /// Whether the step must carry a `screen`.
    var takesScreen: Bool { self == .resize }
}
