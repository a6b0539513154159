import NavigationLayout

/// What sort of thing a drawn item is: decides its colour, its outline and its legend entry.
public enum PictureItemKind: String, CaseIterable, Sendable {
    /// Turn card, ETA card (the built-in header and footer).
    case card
    /// A prompt (incident, safety camera, better route...).
    case prompt
    /// A Google map button: compass, report incident, my location, re-center.
    case button
    /// The Google logo.
    case googleView
    /// The speed widget (speedometer and speed limit).
    case speedWidget
    /// The vertical trip progress bar.
    case progressBar
    /// The camera viewport: invisible on a device, drawn dashed.
    case viewport
    /// A view of the app's own, declared in the delegate document.
    case customView
    /// The app's view in the built-in header accessory slot.
    case accessory
    /// A GMSNavigationHidingStackView: an outline around its arranged views.
    case stack
    /// A layout guide: invisible on a device, drawn as a thin dotted outline.
    case guide

    /// The kind the built-in items draw as.
    public init(builtIn item: BuiltInItem) {
        switch item {
        case .turnCard, .etaCard: self = .card
        case .prompt: self = .prompt
        case .compass, .reporting, .myLocation, .recenter: self = .button
        case .googleLogo: self = .googleView
        case .speedWidget: self = .speedWidget
        case .tripProgressBar: self = .progressBar
        case .viewport: self = .viewport
        case .headerAccessory: self = .accessory
        case .map, .safeArea: self = .guide
        }
    }

    /// The words the legend uses.
    var legendName: String {
        switch self {
        case .card: return "card (turn, ETA)"
        case .prompt: return "prompt"
        case .button: return "map button"
        case .googleView: return "Google logo"
        case .speedWidget: return "speed widget"
        case .progressBar: return "trip progress bar"
        case .viewport: return "viewport (camera frame)"
        case .customView: return "app view"
        case .accessory: return "header accessory"
        case .stack: return "hiding stack"
        case .guide: return "layout guide"
        }
    }
}
