/// An item every layout knows by name without the request declaring it: the map view, its safe area, and
/// the components the Navigation SDK provides.
public enum BuiltInItem: String, CaseIterable, Sendable, Hashable {
    case map
    case safeArea
    case turnCard
    case etaCard
    case tripProgressBar
    case speedWidget
    case googleLogo
    case viewport
    case prompt
    case compass
    case reporting
    case myLocation
    case recenter
    case headerAccessory

    /// What sort of thing the item is; decides margins, sizing and how diagrams draw it.
    public enum Kind: String, Sendable {
        /// The map view itself: the superview every constraint lives in.
        case container
        /// An invisible layout guide (no layout margins, no drawing).
        case guide
        /// A Google card sized by the SDK (turn card, ETA card, prompt).
        case card
        /// Another Google view the SDK sizes (logo, speed widget, trip progress bar).
        case googleView
        /// A Google map button (square, fixed size).
        case button
        /// The app's own view in a slot the built-in layout provides (header accessory).
        case appView
    }

    public var kind: Kind {
        switch self {
        case .map: return .container
        case .safeArea, .viewport: return .guide
        case .turnCard, .etaCard, .prompt: return .card
        case .tripProgressBar, .speedWidget, .googleLogo: return .googleView
        case .compass, .reporting, .myLocation, .recenter: return .button
        case .headerAccessory: return .appView
        }
    }

    /// Whether `name.margins` exists: views have a layoutMarginsGuide, layout guides do not.
    public var hasLayoutMargins: Bool { kind != .guide }

    /// Whether the item carries the SDK's built-in 8-point margins (rule 3 of the delegate rules).
    public var isGoogleView: Bool {
        switch kind {
        case .card, .googleView, .button: return true
        case .container, .guide, .appView: return false
        }
    }

    /// The SDK sizes these itself; width or height constraints on them are errors (delegate rule 2).
    public var isSizedBySDK: Bool {
        switch self {
        case .turnCard, .etaCard, .prompt, .googleLogo, .speedWidget: return true
        default: return false
        }
    }

    /// Items the SDK requires in every layout a delegate builds (delegate rule 1).
    public var isRequiredInDelegateLayouts: Bool { self == .googleLogo || self == .viewport }

    /// Whether a layout delegate can reference the item at all. myLocation, recenter and headerAccessory
    /// exist only in the built-in layout; a delegate places its own views instead.
    public var isHandedToDelegates: Bool {
        switch self {
        case .myLocation, .recenter, .headerAccessory: return false
        default: return true
        }
    }

    /// Whether the SDK provides the item in a navigation state (for the prompt: while one is shown).
    ///
    /// Source: the delegate callbacks of the SDK's layout documentation. googleLogo and viewport come with
    /// every state; the compass button from navigation-ready on; cards, progress bar, speed widget and the
    /// report-incident button only in active guidance; a prompt only while one is shown (guidance only).
    public func isAvailable(in navigation: NavigationMode, promptShown: Bool) -> Bool {
        switch self {
        case .map, .safeArea, .googleLogo, .viewport, .myLocation:
            return true
        case .compass, .recenter:
            // With navigation off the compass follows GMSUISettings.compassButton in the built-in layout;
            // the SDK hands the button over from navigation-ready on. Re-centering needs navigation.
            return navigation != .disabled
        case .turnCard, .etaCard, .tripProgressBar, .speedWidget, .reporting, .headerAccessory:
            return navigation == .guidance
        case .prompt:
            return navigation == .guidance && promptShown
        }
    }

    /// The navigation states in which the item is available, in state order.
    public var availableStates: [NavigationMode] {
        NavigationMode.allCases.filter { isAvailable(in: $0, promptShown: true) }
    }
}
