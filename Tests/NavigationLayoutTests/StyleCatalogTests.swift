import Testing

@testable import NavigationLayout

@Suite("Style catalog")
struct StyleCatalogTests {
    @Test("lists every style key once, in declaration order")
    func listsEveryKey() {
        #expect(StyleCatalog.entries.map(\.key) == StyleKey.allCases)
    }

    @Test("each key's position is its place in the catalog order")
    func positionsFollowTheCatalogOrder() {
        #expect(StyleKey.allCases.map(\.position) == Array(StyleKey.allCases.indices))
    }

    @Test("an override reads back under its own key only", arguments: StyleKey.allCases)
    func overridesStayWithTheirKey(key: StyleKey) {
        var style = StyleValues.defaults
        style[key] = 12_345
        for other in StyleKey.allCases {
            #expect(style[other] == (other == key ? 12_345 : StyleValues.defaults[other]))
        }
        #expect(style.overriddenKeys == [key])
    }

    @Test("includes every NavigationStyleValues property")
    func includesNavigationStyleValues() {
        let names = Set(StyleCatalog.entries.map(\.name))
        for property in [
            "buttonHorizontalPadding", "buttonVerticalPadding", "defaultCornerRadius", "elementHorizontalPadding",
            "headerFooterHorizontalPadding", "headerNominalHeight", "headerTopPadding",
        ] {
            #expect(names.contains(property), "missing \(property)")
        }
    }

    @Test("every entry is documented, non-negative and in a unit", arguments: StyleCatalog.entries.map(\.key))
    func entriesAreDocumented(key: StyleKey) {
        let entry = StyleCatalog.entry(for: key)
        #expect(entry.defaultValue >= 0 && entry.defaultValue.isFinite)
        #expect(!entry.meaning.isEmpty && !entry.reasoning.isEmpty)
        #expect(entry.unit == (key == .promptAnimationDuration ? .seconds : .points))
        #expect(StyleValues.defaults[key] == entry.defaultValue)
    }

    @Test("defaults follow the SDK's documented numbers where it gives them")
    func documentedNumbers() {
        #expect(StyleValues.defaults[.layoutMargin] == 8)
        #expect(StyleValues.defaults[.stackSpacing] == 8)
        #expect(StyleValues.defaults[.promptAnimationDuration] == 0.4)
    }

    @Test("the wide-mode threshold separates portrait phones from landscape phones and tablets")
    func wideModeThreshold() {
        let threshold = StyleValues.defaults[.wideModeMinimumWidth]
        for portrait in [320.0, 375, 393, 430, 440] { #expect(portrait < threshold) }
        for wide in [667.0, 852, 932, 744, 820, 1024] { #expect(wide >= threshold) }
    }

    @Test("the speed widget with both parts is wider than either part alone")
    func speedWidgetSizes() {
        let style = StyleValues.defaults
        #expect(style[.speedWidgetBothWidth] > max(style[.speedometerWidth], style[.speedLimitWidth]))
        #expect(style[.speedWidgetBothHeight] >= max(style[.speedometerHeight], style[.speedLimitHeight]))
    }

    @Test("overrides record which keys changed, in catalog order")
    func overridesRecordKeys() {
        var style = StyleValues.defaults
        style[.stackSpacing] = 4
        style[.buttonHorizontalPadding] = 20
        style[.stackSpacing] = 6
        #expect(style.overriddenKeys == [.buttonHorizontalPadding, .stackSpacing])
        #expect(style[.stackSpacing] == 6)
        #expect(style != .defaults)
    }
}
