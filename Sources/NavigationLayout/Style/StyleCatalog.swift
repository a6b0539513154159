/// One documented style value: what GET /v1/style serves for it.

import JSON

public struct StyleEntry: Sendable, Equatable {
    public enum Unit: String, Sendable {
        case points = "pt"
        case seconds = "s"
    }

    public var key: StyleKey
    public var defaultValue: Double
    public var unit: Unit
    /// What the value controls, in one line.
    public var meaning: String
    /// Why the default is what it is (the SDK publishes meanings, not numbers).
    public var reasoning: String

    public var name: String { key.rawValue }
}

/// The table of every style value with its default, unit, meaning and the reasoning behind the default.
///
/// The SDK documents what each NavigationStyleValues property means but not its number, and none of the
/// component sizes; the defaults below are chosen to match the proportions of Google's navigation UI on
/// an iPhone and every request or profile may override them through `style`.
public enum StyleCatalog {
    public static let entries: [StyleEntry] = StyleKey.allCases.map(entry(for:))

    public static func entry(for key: StyleKey) -> StyleEntry {
        switch key {
        case .buttonHorizontalPadding:
            return StyleEntry(
                key: key, defaultValue: 16, unit: .points,
                meaning: "Horizontal distance between a floating map button and the edge it sits against.",
                reasoning: "The 16 pt side margin of iOS and Material layouts, which Google's map buttons follow.")
        case .buttonVerticalPadding:
            return StyleEntry(
                key: key, defaultValue: 16, unit: .points,
                meaning: "Vertical distance between a floating map button and the card or edge above or below it.",
                reasoning: "Matches the horizontal padding so a corner button sits square in its corner.")
        case .defaultCornerRadius:
            return StyleEntry(
                key: key, defaultValue: 12, unit: .points,
                meaning: "Corner radius of the cards and prompts.",
                reasoning: "The rounded-card radius of current Google navigation cards; also fits 48 pt buttons.")
        case .elementHorizontalPadding:
            return StyleEntry(
                key: key, defaultValue: 12, unit: .points,
                meaning: "Horizontal distance between neighbouring elements, such as a button next to a card.",
                reasoning: "Between the 8 pt layout margin and the 16 pt edge padding: elements group visibly.")
        case .headerFooterHorizontalPadding:
            return StyleEntry(
                key: key, defaultValue: 8, unit: .points,
                meaning: "Inset of the turn card (header) and ETA card (footer) from the side edges of the safe area.",
                reasoning: "Cards nearly span the width on phones; 8 pt equals the Google views' layout margin.")
        case .headerNominalHeight:
            return StyleEntry(
                key: key, defaultValue: 96, unit: .points,
                meaning:
                    "Height of the turn card below the top safe area; the card is this plus the safe area it sits under.",
                reasoning: "Tall enough for a maneuver icon, distance and a two-line street name at default text size.")
        case .headerTopPadding:
            return StyleEntry(
                key: key, defaultValue: 8, unit: .points,
                meaning: "Distance from the top of the safe area to the top edge of the turn card's content.",
                reasoning: "One layout margin: a custom button at this top padding lines up with the turn card.")
        case .footerNominalHeight:
            return StyleEntry(
                key: key, defaultValue: 72, unit: .points,
                meaning:
                    "Height of the ETA card above the bottom safe area; the card is this plus the safe area it sits over.",
                reasoning:
                    "One line of ETA, distance and time left plus a close button, at a 48 pt touch target with margins."
            )
        case .wideModeMinimumWidth:
            return StyleEntry(
                key: key, defaultValue: 600, unit: .points,
                meaning: "Map width at or above which wide mode (cards on the leading side, narrower) is on.",
                reasoning:
                    "Every portrait phone is narrower (at most 440 pt); landscape phones (667 pt and up) and iPads are wider."
            )
        case .wideModeCardWidth:
            return StyleEntry(
                key: key, defaultValue: 360, unit: .points,
                meaning: "Width of the turn card and ETA card in wide mode (never more than the safe area's width).",
                reasoning: "About a portrait phone's width: the cards read the same, the rest of the map stays open.")
        case .layoutMargin:
            return StyleEntry(
                key: key, defaultValue: 8, unit: .points,
                meaning: "Layout margins of every Google-provided view, on all four sides (its .margins guide).",
                reasoning: "UIKit's default layout margins, which the SDK documentation's guidance on margins assumes.")
        case .googleLogoWidth:
            return StyleEntry(
                key: key, defaultValue: 66, unit: .points,
                meaning: "Width of the Google logo, its layout margins included.",
                reasoning: "The logo artwork is about 50 pt wide; plus 8 pt margins on each side.")
        case .googleLogoHeight:
            return StyleEntry(
                key: key, defaultValue: 34, unit: .points,
                meaning: "Height of the Google logo, its layout margins included.",
                reasoning: "The logo artwork is about 18 pt tall; plus 8 pt margins above and below.")
        case .buttonSize:
            return StyleEntry(
                key: key, defaultValue: 48, unit: .points,
                meaning: "Width and height of the round compass, report-incident and my-location buttons.",
                reasoning: "The 48 pt minimum touch target Google uses for map buttons.")
        case .recenterButtonWidth:
            return StyleEntry(
                key: key, defaultValue: 120, unit: .points,
                meaning:
                    "Width of the re-center button that replaces the Google logo while the driver has panned away.",
                reasoning: "An icon plus the word \"Re-center\" in a pill.")
        case .recenterButtonHeight:
            return StyleEntry(
                key: key, defaultValue: 48, unit: .points,
                meaning: "Height of the re-center button.",
                reasoning: "Same touch target as the other map buttons.")
        case .tripProgressBarWidth:
            return StyleEntry(
                key: key, defaultValue: 16, unit: .points,
                meaning: "Width of the vertical trip progress bar; its height is the room between header and footer.",
                reasoning: "A thin track with room for the vehicle and incident markers drawn on it.")
        case .speedometerWidth:
            return StyleEntry(
                key: key, defaultValue: 56, unit: .points,
                meaning: "Width of the speed widget showing the current speed only.",
                reasoning: "A round speed badge a little larger than a 48 pt button, readable at a glance.")
        case .speedometerHeight:
            return StyleEntry(
                key: key, defaultValue: 56, unit: .points,
                meaning: "Height of the speed widget showing the current speed only.",
                reasoning: "The badge is round.")
        case .speedLimitWidth:
            return StyleEntry(
                key: key, defaultValue: 48, unit: .points,
                meaning: "Width of the speed widget showing the speed limit sign only.",
                reasoning: "A regulatory sign proportion (taller than wide) at button width.")
        case .speedLimitHeight:
            return StyleEntry(
                key: key, defaultValue: 60, unit: .points,
                meaning: "Height of the speed widget showing the speed limit sign only.",
                reasoning: "The 4:5 proportion of a US speed limit sign; round signs elsewhere fit inside.")
        case .speedWidgetBothWidth:
            return StyleEntry(
                key: key, defaultValue: 96, unit: .points,
                meaning: "Width of the speed widget showing both the speed and the limit.",
                reasoning: "The limit sign overlaps the speed badge by 8 pt: 56 + 48 - 8.")
        case .speedWidgetBothHeight:
            return StyleEntry(
                key: key, defaultValue: 60, unit: .points,
                meaning: "Height of the speed widget showing both the speed and the limit.",
                reasoning: "The taller of the two parts.")
        case .promptDefaultHeight:
            return StyleEntry(
                key: key, defaultValue: 96, unit: .points,
                meaning: "Height of a prompt when the request does not give one.",
                reasoning: "Title, one line of detail and two buttons: the incident prompt of the example requests.")
        case .promptAnimationDuration:
            return StyleEntry(
                key: key, defaultValue: 0.4, unit: .seconds,
                meaning: "Duration of the prompt's slide in, slide out and change animations.",
                reasoning: "The duration the SDK's sample layout delegate uses.")
        case .stackSpacing:
            return StyleEntry(
                key: key, defaultValue: 8, unit: .points,
                meaning: "Spacing between the arranged views of a hiding stack view when the stack gives none.",
                reasoning: "GMSNavigationHidingStackView's documented default spacing.")
        case .headerAccessoryMinimumMapHeight:
            return StyleEntry(
                key: key, defaultValue: 200, unit: .points,
                meaning:
                    "Open map height that must remain between header accessory and footer, or the accessory hides.",
                reasoning:
                    "Landscape phones keep about 150 pt open under a 56 pt accessory, so it hides there as the SDK documents; portrait phones keep 400 pt or more."
            )
        }
    }
}

extension StyleCatalog {
    /// The table GET /v1/style serves: every entry with its default and, when `values` overrides it,
    /// the value in force.
    public static func jsonValue(values: StyleValues = .defaults) -> JSONValue {
        .array(
            entries.map { entry in
                var object = JSONObject()
                object["name"] = .string(entry.name)
                object["default"] = .number(entry.defaultValue)
                if values[entry.key] != entry.defaultValue { object["value"] = .number(values[entry.key]) }
                object["unit"] = .string(entry.unit.rawValue)
                object["meaning"] = .string(entry.meaning)
                object["reasoning"] = .string(entry.reasoning)
                return .object(object)
            })
    }
}
