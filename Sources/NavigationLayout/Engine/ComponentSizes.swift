/// The sizes the SDK gives its components (the numbers are style values: the SDK publishes none).
///
/// Turn card: headerNominalHeight plus the part of the top safe area it sits under, i.e.
/// `headerNominalHeight + clamp(safeArea.top - card.top, 0, safeArea.top)`: a card at the map's top edge
/// extends under the status bar / notch; one placed lower is the nominal height. ETA card likewise:
/// `footerNominalHeight + clamp(card.bottom - safeAreaBottomEdge, 0, safeArea.bottom)`. Card and prompt
/// widths: the safe area's width, or `min(wideModeCardWidth, safe width)` in wide mode (the cards shrink,
/// seed 000 "Tìm hiểu về chế độ rộng").
struct ComponentSizes: Sendable {
    var screen: Screen
    var style: StyleValues
    var wideMode: Bool
    var speedWidget: SpeedWidgetState
    var promptHeight: Double
    var headerAccessoryHeight: Double?

    var safeWidth: Double { max(0, screen.width - screen.safeArea.left - screen.safeArea.right) }

    var cardWidth: Double { wideMode ? min(style[.wideModeCardWidth], safeWidth) : safeWidth }

    func turnCardHeight(top: Double) -> Double {
        style[.headerNominalHeight] + clamp(screen.safeArea.top - top, 0, screen.safeArea.top)
    }

    func etaCardHeight(bottom: Double) -> Double {
        let safeBottomEdge = screen.height - screen.safeArea.bottom
        return style[.footerNominalHeight] + clamp(bottom - safeBottomEdge, 0, screen.safeArea.bottom)
    }

    /// The speed widget in each of its four visual states; "none" draws nothing and takes no room.
    var speedWidgetSize: (width: Double, height: Double) {
        switch speedWidget {
        case .none: return (0, 0)
        case .speed: return (style[.speedometerWidth], style[.speedometerHeight])
        case .limit: return (style[.speedLimitWidth], style[.speedLimitHeight])
        case .both: return (style[.speedWidgetBothWidth], style[.speedWidgetBothHeight])
        }
    }
}

func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
    min(max(value, low), high)
}
