internal import NavigationLayout

/// What the SDK hands a layout delegate in each of its callbacks: the engine's own table
/// (`BuiltInItem.isAvailable`, `isHandedToDelegates`) read for the three states a delegate document
/// has, so the interpreter, the document builder and the export agree with the engine and with
/// one another.
enum DelegateHandOver {
    /// The component properties of the SDK's state objects, in the order they are declared.
    static let stateComponents = ["googleLogo", "viewport", "turnCard", "etaCard", "tripProgressBar", "speedWidget"]
    /// The buttons of `newState.buttons`, in the SDK's order.
    static let buttons = ["compass", "reporting"]

    /// The names of the items handed over in a navigation state, with or without a prompt shown.
    static func items(_ navigation: NavigationMode, promptShown: Bool) -> Set<String> {
        Set(
            BuiltInItem.allCases.filter {
                $0.isHandedToDelegates && $0.isAvailable(in: navigation, promptShown: promptShown)
            }.map(\.rawValue))
    }

    /// The items handed over in a document state: `ready`, `guidance`, or `prompt` (guidance with a
    /// prompt shown).
    static func items(inState state: String) -> Set<String> {
        switch state {
        case "ready": items(.ready, promptShown: false)
        case "guidance": items(.guidance, promptShown: false)
        default: items(.guidance, promptShown: true)
        }
    }
}
