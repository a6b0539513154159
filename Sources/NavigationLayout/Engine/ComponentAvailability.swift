/// Whether the SDK hands a component over in the state being solved: the three facts of the plan
/// that decide it, which the checks ask about for every view and constraint.
struct ComponentAvailability: Sendable {
    let allowsBuiltInOnlyItems: Bool
    let navigation: NavigationMode
    let promptShown: Bool

    /// Why the component cannot be placed in the plan's state, or nil when it can.
    func problem(with item: BuiltInItem) -> String? {
        // The built-in layout shows its own controls (and the compass with navigation off) by the
        // settings' rules, which its generated document already applied.
        if allowsBuiltInOnlyItems && (item == .compass || !item.isHandedToDelegates) { return nil }
        if !allowsBuiltInOnlyItems && !item.isHandedToDelegates {
            return "only the built-in layout places \(item.rawValue); a delegate adds its own view instead"
        }
        if !item.isAvailable(in: navigation, promptShown: promptShown) {
            if item == .prompt { return "a prompt exists only while one is shown during guidance" }
            let states = item.availableStates.map(\.rawValue).joined(separator: ", ")
            return "the SDK hands it over in: \(states.isEmpty ? "no state" : states)"
        }
        return nil
    }
}
