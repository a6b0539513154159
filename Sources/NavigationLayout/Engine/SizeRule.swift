import Cassowary

/// A required size the SDK gives a component, recomputed after each pass (it may depend on position).
struct SizeRule: Sendable {
    enum Axis: String {
        case width
        case height
    }

    /// Where the size comes from: one of the SDK's sizing rules, which `value(_:_:)` computes.
    enum Source: Sendable {
        case cardWidth
        /// The turn card's height, from its top (the part of the top safe area it sits under).
        case turnCardHeight
        /// The ETA card's height, from its bottom.
        case etaCardHeight
        case promptHeight
        case style(StyleKey)
        case speedWidgetWidth
        case speedWidgetHeight
        case fixed(Double)
    }

    let item: Int
    let axis: Axis
    let source: Source
    var installed: Constraint? = nil
    var installedValue: Double? = nil

    init(item: Int, axis: Axis, _ source: Source) {
        self.item = item
        self.axis = axis
        self.source = source
    }

    /// The size for the component sizes of the screen and the item's current frame.
    func value(_ sizes: ComponentSizes, _ frame: Frame) -> Double {
        switch source {
        case .cardWidth: return sizes.cardWidth
        case .turnCardHeight: return sizes.turnCardHeight(top: frame.y)
        case .etaCardHeight: return sizes.etaCardHeight(bottom: frame.maxY)
        case .promptHeight: return sizes.promptHeight
        case .style(let key): return sizes.style[key]
        case .speedWidgetWidth: return sizes.speedWidgetSize.width
        case .speedWidgetHeight: return sizes.speedWidgetSize.height
        case .fixed(let value): return value
        }
    }
}
