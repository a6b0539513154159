/// The legacy (slot-based) settings a layout delegate replaces, each with its replacement from the
/// migration table of seed 000 ("Khả năng tương thích với API cũ").
enum LegacySettings {
    /// The replacement of a legacy key, or nil when the key still has its effect with a delegate in
    /// `navigation`. compassButton keeps governing the compass while navigation UI is off (seed 000, the
    /// paragraph after the migration table), and so does myLocationButton (map controls outside
    /// navigation are not the delegate's).
    static func replacement(for key: SettingsKey, navigation: NavigationMode) -> String? {
        switch key {
        case .navigationHeaderEnabled: return "place turnCard in startGuidance"
        case .navigationFooterEnabled: return "place etaCard in startGuidance"
        case .navigationTripProgressBarEnabled: return "place tripProgressBar in startGuidance"
        case .navigationReportIncidentButtonEnabled: return "place the .reporting button of the buttons array"
        case .headerAccessoryView: return "add your own view to the layout and anchor it to turnCard"
        case .padding, .paddingAdjustmentBehavior: return "position the viewport to frame the camera"
        case .compassButton:
            return navigation == .disabled
                ? nil
                : "place (or leave out) the .compass button of the buttons array; compassButton governs the compass only while navigation UI is off"
        case .myLocationButton:
            return navigation == .disabled
                ? nil
                : "place your own button: the layout delegate's screen starts empty (seed 000, \"Nguyên tắc triển khai\")"
        default: return nil
        }
    }

    static func diagnostics(for settings: Settings, navigation: NavigationMode) -> [Diagnostic] {
        settings.providedKeys.compactMap { key in
            replacement(for: key, navigation: navigation).map {
                .legacySettingIgnored(key, replacement: $0, state: navigation.rawValue)
            }
        }
    }
}
