/// A NavigationLayoutDelegate callback the SDK makes, with the states or prompts it hands over.
///
/// States are the navigation modes the callback's state objects stand for (NavigationReadyUIState is
/// `.ready`, ActiveGuidanceUIState is `.guidance`).

import JSON

public enum DelegateCallback: Sendable, Equatable {
    case enableNavigationUI(newState: NavigationMode)
    case startGuidance(newState: NavigationMode, oldState: NavigationMode)
    case stopGuidance(newState: NavigationMode, oldState: NavigationMode)
    case disableNavigationUI(oldState: NavigationMode)
    case sizeChanged(newState: NavigationMode)
    case showPrompt(newPrompt: Prompt)
    case hidePrompt(oldPrompt: Prompt)
    case changePrompt(newPrompt: Prompt, oldPrompt: Prompt)

    /// The callback's name in the SDK.
    public var name: String {
        switch self {
        case .enableNavigationUI: return "enableNavigationUI"
        case .startGuidance: return "startGuidance"
        case .stopGuidance: return "stopGuidance"
        case .disableNavigationUI: return "disableNavigationUI"
        case .sizeChanged: return "sizeChanged"
        case .showPrompt: return "showPrompt"
        case .hidePrompt: return "hidePrompt"
        case .changePrompt: return "changePrompt"
        }
    }

    /// `{"name": ..., "newState": ..., "oldState": ...}` with the arguments the callback receives.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["name"] = .string(name)
        switch self {
        case .enableNavigationUI(let newState), .sizeChanged(let newState):
            object["newState"] = .string(newState.rawValue)
        case .startGuidance(let newState, let oldState), .stopGuidance(let newState, let oldState):
            object["newState"] = .string(newState.rawValue)
            object["oldState"] = .string(oldState.rawValue)
        case .disableNavigationUI(let oldState):
            object["oldState"] = .string(oldState.rawValue)
        case .showPrompt(let newPrompt):
            object["newPrompt"] = newPrompt.scenarioJSONValue
        case .hidePrompt(let oldPrompt):
            object["oldPrompt"] = oldPrompt.scenarioJSONValue
        case .changePrompt(let newPrompt, let oldPrompt):
            object["newPrompt"] = newPrompt.scenarioJSONValue
            object["oldPrompt"] = oldPrompt.scenarioJSONValue
        }
        return .object(object)
    }
}

extension Prompt {
    /// `{"kind": ..., "height": ...}`, the height only when the prompt asks for one. (Named for the
    /// scenario output, where a prompt stands alone rather than inside a request's state.)
    var scenarioJSONValue: JSONValue {
        var object = JSONObject()
        object["kind"] = .string(kind)
        if let height { object["height"] = .number(height) }
        return .object(object)
    }
}
