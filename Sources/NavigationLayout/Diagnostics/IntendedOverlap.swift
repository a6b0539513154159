/// Two placed items whose frames overlap by design, which the overlap check leaves alone:
///
/// - a constraint relates them through one's layout margins guide, as the SDK asks when stacking two
///   of its views (seed 000, "Căn chỉnh theo kiểu của Google", rule 3):
///   `speedWidget.bottom == etaCard.margins.top` puts the widget in the card's margin band, which is
///   what the margins are for;
/// - one is an app view inside the other (`superview`, at any depth): a view's subviews lie on it.
struct IntendedOverlap: Sendable, Equatable {
    /// Item positions, `lower < higher`.
    let lower: Int
    let higher: Int

    init(_ a: Int, _ b: Int) {
        lower = min(a, b)
        higher = max(a, b)
    }

    /// The pairs the constraints and the views' superviews make, each once, in the order first met. A
    /// layout has a handful at most, so a list is searched rather than a set hashed.
    static func find(
        constraints: [DelegateConstraint], views: [CustomView], itemIndex: ItemNameIndex
    ) -> [IntendedOverlap] {
        var pairs: [IntendedOverlap] = []
        func note(_ a: Int, _ b: Int) {
            let pair = IntendedOverlap(a, b)
            if a != b, !pairs.contains(pair) { pairs.append(pair) }
        }
        for constraint in constraints {
            let spec = constraint.spec
            guard let second = spec.second, spec.first.item.margins || second.item.margins,
                let first = itemIndex[spec.first.item.name], let other = itemIndex[second.item.name]
            else { continue }
            note(first, other)
        }
        for view in views {
            guard let inner = itemIndex[view.name] else { continue }
            for name in view.ancestors(in: views) {
                if let outer = itemIndex[name] { note(inner, outer) }
            }
        }
        return pairs
    }

    /// Whether `pairs` holds the pair of items `a` and `b`, in either order.
    static func contains(_ pairs: [IntendedOverlap], _ a: Int, _ b: Int) -> Bool {
        pairs.contains(IntendedOverlap(a, b))
    }
}
