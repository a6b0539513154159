/// The name of one style value: a NavigationStyleValues property or a component size rule.
///
/// The raw value is the name requests use (`"style": {"headerNominalHeight": 112}`) and the expression
/// language reads (`style.headerTopPadding`). Cases are in catalog order, which is the order GET /v1/style
/// serves them in.
public enum StyleKey: String, CaseIterable, Sendable, Hashable {
    // NavigationStyleValues
    case buttonHorizontalPadding
    case buttonVerticalPadding
    case defaultCornerRadius
    case elementHorizontalPadding
    case headerFooterHorizontalPadding
    case headerNominalHeight
    case headerTopPadding
    // Component sizes and layout rules
    case footerNominalHeight
    case wideModeMinimumWidth
    case wideModeCardWidth
    case layoutMargin
    case googleLogoWidth
    case googleLogoHeight
    case buttonSize
    case recenterButtonWidth
    case recenterButtonHeight
    case tripProgressBarWidth
    case speedometerWidth
    case speedometerHeight
    case speedLimitWidth
    case speedLimitHeight
    case speedWidgetBothWidth
    case speedWidgetBothHeight
    case promptDefaultHeight
    case promptAnimationDuration
    case stackSpacing
    case headerAccessoryMinimumMapHeight
}

extension StyleKey {
    /// The key's position in `allCases` (catalog order), where `StyleValues` keeps its value (a test
    /// holds the switch to `allCases`).
    var position: Int {
        switch self {
        case .buttonHorizontalPadding: return 0
        case .buttonVerticalPadding: return 1
        case .defaultCornerRadius: return 2
        case .elementHorizontalPadding: return 3
        case .headerFooterHorizontalPadding: return 4
        case .headerNominalHeight: return 5
        case .headerTopPadding: return 6
        case .footerNominalHeight: return 7
        case .wideModeMinimumWidth: return 8
        case .wideModeCardWidth: return 9
        case .layoutMargin: return 10
        case .googleLogoWidth: return 11
        case .googleLogoHeight: return 12
        case .buttonSize: return 13
        case .recenterButtonWidth: return 14
        case .recenterButtonHeight: return 15
        case .tripProgressBarWidth: return 16
        case .speedometerWidth: return 17
        case .speedometerHeight: return 18
        case .speedLimitWidth: return 19
        case .speedLimitHeight: return 20
        case .speedWidgetBothWidth: return 21
        case .speedWidgetBothHeight: return 22
        case .promptDefaultHeight: return 23
        case .promptAnimationDuration: return 24
        case .stackSpacing: return 25
        case .headerAccessoryMinimumMapHeight: return 26
        }
    }
}
