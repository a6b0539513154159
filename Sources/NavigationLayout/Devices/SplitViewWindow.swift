/// The share of a landscape iPad screen an app gets beside another app.

import JSON

public enum SplitViewFraction: String, CaseIterable, Sendable {
    case oneThird = "one-third"
    case half
    case twoThirds = "two-thirds"
    /// The floating Slide Over window, 320 points wide on every iPad.
    case slideOver = "slide-over"

    var displayName: String {
        switch self {
        case .oneThird: return "1/3 split"
        case .half: return "1/2 split"
        case .twoThirds: return "2/3 split"
        case .slideOver: return "Slide Over"
        }
    }
}

/// An app window on a landscape iPad in Split View or Slide Over.
///
/// Widths follow the rule Apple's published Split View tables obey (a 10 pt divider; the narrow
/// side 320 pt below 1180 pt of landscape width, 375 pt from there up); heights are the full
/// landscape height; insets keep the status bar and home indicator and lose nothing at the sides.
/// Every figure is derived (see DEVICES.md), not printed by a simulator.
public struct SplitViewWindow: Sendable, Equatable {
    /// The preset's id followed by `.split-` and the fraction: "ipad-pro-13.split-half".
    public var id: String
    public var name: String
    public var fraction: SplitViewFraction
    /// Landscape only: the multitasking layouts are defined on a landscape screen.
    public var metrics: DeviceMetrics

    public init(id: String, name: String, fraction: SplitViewFraction, metrics: DeviceMetrics) {
        self.id = id
        self.name = name
        self.fraction = fraction
        self.metrics = metrics
    }

    /// The divider Split View draws between the two apps.
    static let dividerWidth = 10.0
    /// The Slide Over window's width on every iPad.
    static let slideOverWidth = 320.0

    /// The four windows on a screen of `landscape` size, in fraction order.
    static func windows(presetID: String, presetName: String, landscape: DeviceMetrics) -> [SplitViewWindow] {
        let shared = landscape.width - dividerWidth
        let narrow = landscape.width >= 1180 ? 375.0 : 320.0
        // Status bar and home indicator stay; a side window has no sensor housing beside it.
        let insets = EdgeInsets(top: landscape.safeArea.top, bottom: landscape.safeArea.bottom, left: 0, right: 0)
        return SplitViewFraction.allCases.map { fraction in
            let width: Double
            switch fraction {
            case .oneThird: width = narrow
            case .half: width = (shared / 2).rounded(.down)
            case .twoThirds: width = shared - narrow
            case .slideOver: width = slideOverWidth
            }
            return SplitViewWindow(
                id: presetID + ".split-" + fraction.rawValue, name: presetName + " · " + fraction.displayName,
                fraction: fraction, metrics: DeviceMetrics(width: width, height: landscape.height, safeArea: insets))
        }
    }

    public var jsonValue: JSONValue {
        [
            "id": .string(id), "name": .string(name), "fraction": .string(fraction.rawValue),
            "width": .number(metrics.width), "height": .number(metrics.height),
            "safeArea": metrics.safeArea.jsonValue, "derived": true,
        ]
    }
}
