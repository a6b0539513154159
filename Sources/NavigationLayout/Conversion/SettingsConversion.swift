/// Converts GMSUISettings-style flags into a layout delegate that lays the screen out the same way.
///
/// The delegate is the built-in layout's own generated document (`BuiltInLayout`), with the two items
/// only the built-in layout has (the my-location button and the header accessory) turned into the app's
/// own views; the Google logo still turns into the re-center button by itself. Decisions that depend on
/// the moment (compass at bearing 0, accessory on a short map, speed widget while re-centering) are taken
/// for the given screen and state, as a delegate re-takes them in each callback.
enum SettingsConversion {
    static func convert(settings: Settings, screen: Screen, state: NavigationState, style: StyleValues)
        -> ConversionResult
    {
        let builtInRequest = LayoutRequest(screen: screen, state: state, settings: settings, style: style)
        let wideMode = builtInRequest.isWideMode
        // The accessory hides on a short map: the built-in solve decides, the delegate follows.
        let builtIn = LayoutEngine.solve(builtInRequest)
        var layout = BuiltInLayout(
            screen: screen, state: state, settings: settings, style: style, wideMode: wideMode, names: .delegate)
        layout.accessoryTooShort = builtIn.diagnostics.contains { $0.code == .accessoryHidden }
        var document = layout.document
        // A delegate that never reaches guidance still needs both layouts; with navigation off the
        // built-in controls apply, so both states are written for a navigating map.
        if document.ready == nil || document.guidance == nil {
            var navigating = layout
            navigating.state.navigation = .ready
            document = navigating.document
        }
        // The legacy layout settings go back to their defaults: the document now carries them, and a
        // request that still set them would have them reported as ignored.
        var delegateSettings = settings
        let replacedKeys = SettingsKey.allCases.filter {
            LegacySettings.replacement(for: $0, navigation: state.navigation) != nil
        }
        for key in replacedKeys { delegateSettings.resetToDefault(key) }
        delegateSettings.providedKeys = settings.providedKeys.filter { !replacedKeys.contains($0) }
        let request = LayoutRequest(
            screen: screen, state: state, settings: delegateSettings, delegate: document, style: style)
        return ConversionResult(
            delegate: document,
            replacements: SettingsKey.allCases.map { replacement(for: $0, settings: settings, layout: layout) },
            renamed: [
                (BuiltInItem.myLocation.rawValue, BuiltInLayout.ItemNames.delegate.myLocation),
                (BuiltInItem.headerAccessory.rawValue, BuiltInLayout.ItemNames.delegate.headerAccessory),
            ], request: request)
    }

    private static func replacement(for key: SettingsKey, settings: Settings, layout: BuiltInLayout)
        -> SettingReplacement
    {
        let value = settings.value(of: key)
        let on: Bool
        if case .bool(let flag) = value { on = flag } else { on = value != .null }
        func replaced(_ text: String) -> SettingReplacement {
            SettingReplacement(key: key, value: value, replacement: text, stillApplies: false)
        }
        func kept(_ text: String) -> SettingReplacement {
            SettingReplacement(key: key, value: value, replacement: text, stillApplies: true)
        }
        switch key {
        case .compassButton:
            return replaced(
                on
                    ? "the .compass button is placed top trailing in the states where the built-in layout shows it (compassButton still governs it while navigation UI is off)"
                    : "the .compass button is left out")
        case .myLocationButton:
            return replaced(
                on
                    ? "own view \(BuiltInLayout.ItemNames.delegate.myLocation), lowest in the bottomTrailingButtons stack"
                    : "no my-location view")
        case .recenterButtonEnabled:
            return kept(
                "still a GMSUISettings flag: the Google logo turns into the re-center button where the delegate places the logo"
            )
        case .navigationHeaderEnabled:
            return replaced(on ? "turnCard placed at the top leading edge in startGuidance" : "turnCard not placed")
        case .navigationFooterEnabled:
            return replaced(on ? "etaCard placed at the bottom leading edge in startGuidance" : "etaCard not placed")
        case .navigationTripProgressBarEnabled:
            return replaced(
                on ? "tripProgressBar placed on the trailing edge in startGuidance" : "tripProgressBar not placed")
        case .navigationReportIncidentButtonEnabled:
            return replaced(
                on
                    ? "the .reporting button arranged in the bottomTrailingButtons stack"
                    : "the .reporting button is left out")
        case .navigationHeaderPrimaryBackgroundColor, .navigationHeaderSecondaryBackgroundColor:
            return kept("still styles the turn card")
        case .headerAccessoryView:
            if !on { return replaced("no accessory view") }
            return replaced(
                layout.accessoryTooShort
                    ? "own view \(BuiltInLayout.ItemNames.delegate.headerAccessory) left out on this screen: the map is too short for it"
                    : "own view \(BuiltInLayout.ItemNames.delegate.headerAccessory) anchored under turnCard, as wide as it"
            )
        case .shouldDisplaySpeedometer, .shouldDisplaySpeedLimit:
            return kept(
                "still decides the speed widget's visual state; speedWidget placed bottom leading above the logo")
        case .padding, .paddingAdjustmentBehavior:
            return replaced(
                "the viewport and the controls keep to guide \(BuiltInLayout.paddingGuide) (the map inset by \(settings.paddingAdjustmentBehavior.rawValue) padding)"
            )
        case .showsTrafficLights, .showsStopSigns, .showsDestinationMarkers, .scrollGestures, .zoomGestures,
            .tiltGestures, .rotateGestures, .alternateRoutesStrategy, .shouldDisplayPrompts:
            return kept("unchanged: not part of the layout (see mapFeatures)")
        }
    }
}

extension LayoutEngine {
    /// Legacy settings -> an equivalent delegate document and what replaced each setting.
    public static func convert(
        settings: Settings, screen: Screen, state: NavigationState, style: StyleValues = .defaults
    ) -> ConversionResult {
        SettingsConversion.convert(settings: settings, screen: screen, state: state, style: style)
    }
}

extension Settings {
    /// Puts one layout setting back to the SDK default.
    mutating func resetToDefault(_ key: SettingsKey) {
        let defaults = Settings.defaults
        switch key {
        case .compassButton: compassButton = defaults.compassButton
        case .myLocationButton: myLocationButton = defaults.myLocationButton
        case .navigationHeaderEnabled: navigationHeaderEnabled = defaults.navigationHeaderEnabled
        case .navigationFooterEnabled: navigationFooterEnabled = defaults.navigationFooterEnabled
        case .navigationTripProgressBarEnabled:
            navigationTripProgressBarEnabled = defaults.navigationTripProgressBarEnabled
        case .navigationReportIncidentButtonEnabled:
            navigationReportIncidentButtonEnabled = defaults.navigationReportIncidentButtonEnabled
        case .headerAccessoryView: headerAccessoryHeight = defaults.headerAccessoryHeight
        case .padding: padding = defaults.padding
        case .paddingAdjustmentBehavior: paddingAdjustmentBehavior = defaults.paddingAdjustmentBehavior
        default: break
        }
    }
}
