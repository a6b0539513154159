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
