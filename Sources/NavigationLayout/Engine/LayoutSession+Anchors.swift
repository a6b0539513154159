// Hot: measured by the `path` and `builtin-path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile path`); changes here are checked by scripts/check-budgets.sh.

import Cassowary

/// Anchors to terms: a document constraint written as a solver constraint over the items' variables and
/// the screen's.
extension LayoutSession {
    // MARK: Anchors to terms

    /// Adds `scale × anchor` to `expression`: the anchor's terms written straight into the constraint's
    /// expression (this runs for every constraint, so no intermediate expressions or arrays).
    /// Returns false for an item the state does not place.
    ///
    /// An anchor is an edge, a center or a size on one axis: `position × a + size × b` with (a, b)
    /// (1, 0) for the left or top edge, (1, 1) for the right or bottom edge, (1, 0.5) for a center and
    /// (0, 1) for a size. Only the variables that take part are read (each read is a reference count).
    private func appendAnchor<Sink: TermSink>(
        _ anchor: Anchor, placedItem: Int?, scale: Double, expression: inout Sink
    ) -> Bool {
        let rtl = plan.screen.layoutDirection == .rightToLeft
        var attribute = anchor.attribute
        if attribute == .leading { attribute = rtl ? .right : .left }
        if attribute == .trailing { attribute = rtl ? .left : .right }
        let horizontal: Bool
        let positionFactor: Double?
        let sizeFactor: Double?
        switch attribute {
        case .left: (horizontal, positionFactor, sizeFactor) = (true, 1, nil)
        case .right: (horizontal, positionFactor, sizeFactor) = (true, 1, 1)
        case .centerX: (horizontal, positionFactor, sizeFactor) = (true, 1, 0.5)
        case .width: (horizontal, positionFactor, sizeFactor) = (true, nil, 1)
        case .top: (horizontal, positionFactor, sizeFactor) = (false, 1, nil)
        case .bottom: (horizontal, positionFactor, sizeFactor) = (false, 1, 1)
        case .centerY: (horizontal, positionFactor, sizeFactor) = (false, 1, 0.5)
        case .height: (horizontal, positionFactor, sizeFactor) = (false, nil, 1)
        case .leading, .trailing: (horizontal, positionFactor, sizeFactor) = (true, nil, nil)
        }
        let margin = anchor.item.margins ? plan.style[.layoutMargin] : 0
        if let index = placedItem {
            // Nearly every anchor names a placed item: its variables go straight from the item into the
            // terms (held in locals on the way they would be retained and released once more each).
            if let factor = positionFactor {
                expression.append(
                    Term(horizontal ? items[index].variables.left : items[index].variables.top, factor * scale))
                expression.constant += margin * factor * scale
            }
            if let factor = sizeFactor {
                expression.append(
                    Term(horizontal ? items[index].variables.width : items[index].variables.height, factor * scale))
                expression.constant += -2 * margin * factor * scale
            }
            return true
        }
        // The map or the safe area: the position and size variables (nil: none, the map's origin) with
        // their constant offsets, and the insets subtracted from the size (the safe area's width is
        // map.width - left - right).
        var position: Variable? = nil
        var size: Variable? = nil
        var positionOffset = margin
        var sizeOffset = -2 * margin
        var insets: (Variable, Variable)? = nil
        switch anchor.item.name {
        case BuiltInItem.map.rawValue where !anchor.item.margins:
            size = horizontal ? ScreenVariables.width : ScreenVariables.height
        case BuiltInItem.map.rawValue, BuiltInItem.safeArea.rawValue:
            // map.margins is the safe area inset by the layout margin (insetsLayoutMarginsFromSafeArea).
            if horizontal {
                position = ScreenVariables.safeLeft
                size = ScreenVariables.width
                insets = (ScreenVariables.safeLeft, ScreenVariables.safeRight)
            } else {
                position = ScreenVariables.safeTop
                size = ScreenVariables.height
                insets = (ScreenVariables.safeTop, ScreenVariables.safeBottom)
            }
            if anchor.item.name == BuiltInItem.safeArea.rawValue {
                positionOffset = 0
                sizeOffset = 0
            }
        default:
            // An item the state does not place.
            return false
        }
        if let factor = positionFactor {
            Self.add(position, insets: nil, offset: positionOffset, factor: factor, scale: scale, to: &expression)
        }
        if let factor = sizeFactor {
            Self.add(size, insets: insets, offset: sizeOffset, factor: factor, scale: scale, to: &expression)
        }
        return true
    }

    /// `factor × scale × (variable - insets + offset)` added to `expression`.
    @inline(__always)
    private static func add<Sink: TermSink>(
        _ variable: Variable?, insets: (Variable, Variable)?, offset: Double, factor: Double, scale: Double,
        to expression: inout Sink
    ) {
        if let variable { expression.append(Term(variable, factor * scale)) }
        if let (first, second) = insets {
            expression.append(Term(first, -1 * factor * scale))
            expression.append(Term(second, -1 * factor * scale))
        }
        expression.constant += offset * factor * scale
    }

    /// The solver constraint of a document constraint, as `first - (second × multiplier + constant)`
    /// related to zero.
    /// `firstItem` and `secondItem` are the positions of the placed items the anchors name (nil for the
    /// map, the safe area, or an item the state does not place).
    func build(_ spec: LayoutConstraintSpec, firstItem: Int?, secondItem: Int?) -> Constraint? {
        // Two placed items give at most four terms; only an anchor on the map or the safe area can give
        // more, and only then are they counted.
        let bothPlaced = firstItem != nil && (spec.second == nil || secondItem != nil)
        let totalTerms =
            bothPlaced
            ? 0
            : termCount(of: spec.first, placed: firstItem != nil)
                + (spec.second.map { termCount(of: $0, placed: secondItem != nil) } ?? 0)
        let expression: Expression
        // More terms than an expression holds inline: written into an array of that size (see TermSink).
        if totalTerms > 4 {
            var terms = TermArray(capacity: totalTerms)
            guard writeTerms(of: spec, firstItem: firstItem, secondItem: secondItem, into: &terms) else {
                return nil
            }
            expression = terms.expression
        } else {
            var inline = Expression(constant: 0)
            guard writeTerms(of: spec, firstItem: firstItem, secondItem: secondItem, into: &inline) else {
                return nil
            }
            expression = inline
        }
        let relation: Relation
        switch spec.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        return Constraint(expression, relation, priority: spec.priority)
    }

    /// Writes `first - (second × multiplier + constant)` into `expression`; false when an anchor names
    /// an item the state does not place.
    private func writeTerms<Sink: TermSink>(
        of spec: LayoutConstraintSpec, firstItem: Int?, secondItem: Int?, into expression: inout Sink
    ) -> Bool {
        guard appendAnchor(spec.first, placedItem: firstItem, scale: 1, expression: &expression) else {
            return false
        }
        var offset = spec.constant.resolved(in: plan.style)
        // Auto Layout flips leading/trailing constants under right-to-left: `trailing == x.trailing - 16`
        // keeps a 16 pt inset from the trailing edge in both directions.
        if plan.screen.layoutDirection == .rightToLeft && spec.first.attribute.directionality == .directional {
            offset = -offset
        }
        expression.constant -= offset
        if let second = spec.second {
            return appendAnchor(second, placedItem: secondItem, scale: -spec.multiplier, expression: &expression)
        }
        return true
    }

    /// How many terms `appendAnchor` writes for `anchor`: an edge or a center reads a position, a far
    /// edge, a center or a size reads a size (leading and trailing are the left or right edge by the
    /// layout direction); on the map itself a size is one variable and a position none, on the map's
    /// margins or the safe area a position is one and a size the map's less both insets. Only decides how
    /// the terms are stored, never what they are.
    private func termCount(of anchor: Anchor, placed: Bool) -> Int {
        let rtl = plan.screen.layoutDirection == .rightToLeft
        let readsPosition: Bool
        let readsSize: Bool
        switch anchor.attribute {
        case .left, .top: (readsPosition, readsSize) = (true, false)
        case .width, .height: (readsPosition, readsSize) = (false, true)
        case .right, .bottom, .centerX, .centerY: (readsPosition, readsSize) = (true, true)
        case .leading: (readsPosition, readsSize) = (true, rtl)
        case .trailing: (readsPosition, readsSize) = (true, !rtl)
        }
        if placed { return (readsPosition ? 1 : 0) + (readsSize ? 1 : 0) }
        switch anchor.item.name {
        case BuiltInItem.map.rawValue where !anchor.item.margins:
            return readsSize ? 1 : 0
        case BuiltInItem.map.rawValue, BuiltInItem.safeArea.rawValue:
            return (readsPosition ? 1 : 0) + (readsSize ? 3 : 0)
        default:
            // An item the state does not place: no terms, the constraint is not built.
            return 0
        }
    }
}
