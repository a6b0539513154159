/// Why a scenario step could not happen. The step leaves the state as it was and the scenario goes on,
/// as an app goes on after the SDK refuses a call.

import JSON

public struct ScenarioStepError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, CaseIterable, Sendable {
        /// setLayoutDelegate (or nil) while navigation is enabled: the SDK's error code 1.
        case delegateWhileNavigating = "delegate-while-navigating"
        /// setLayoutDelegate on a CarPlay map view: the SDK's error code 2.
        case delegateOnCarPlay = "delegate-on-carplay"
        /// removeLayoutDelegate with no delegate set.
        case noDelegateToRemove = "no-delegate-to-remove"
        /// enableNavigation while it is already enabled.
        case navigationAlreadyEnabled = "navigation-already-enabled"
        /// startGuidance or disableNavigation while navigation is disabled.
        case navigationNotEnabled = "navigation-not-enabled"
        /// startGuidance during guidance.
        case guidanceAlreadyActive = "guidance-already-active"
        /// stopGuidance outside guidance.
        case guidanceNotActive = "guidance-not-active"
        /// A prompt event outside active guidance: the SDK shows prompts only during guidance.
        case promptOutsideGuidance = "prompt-outside-guidance"
        /// showPrompt while a prompt is shown (changePrompt replaces one).
        case promptAlreadyShown = "prompt-already-shown"
        /// changePrompt or hidePrompt with no prompt shown.
        case noPromptShown = "no-prompt-shown"

        /// The error code the Navigation SDK itself reports, where the SDK has one.
        public var sdkErrorCode: Int? {
            switch self {
            case .delegateWhileNavigating: return 1
            case .delegateOnCarPlay: return 2
            default: return nil
            }
        }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { code.rawValue + ": " + message }

    /// In the shape of a diagnostic (severity, code, message), plus the SDK's own code where it has one.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["severity"] = "error"
        object["code"] = .string(code.rawValue)
        if let sdkErrorCode = code.sdkErrorCode { object["sdkErrorCode"] = .number(Double(sdkErrorCode)) }
        object["message"] = .string(message)
        return .object(object)
    }
}
