/// The checks a constraint must pass before any solving: they are mistakes Auto Layout itself would
/// reject (or crash on), so they are request errors (422) rather than layout diagnostics.
///
/// - every item is known (built-in, or one of the request's views, guides and stacks);
/// - `.margins` and `.safeArea` only on views (layout guides have neither; the map's safe area is
///   `safeArea`);
/// - x positions relate only to x positions, y positions to y positions, sizes to sizes;
/// - a position never equals a bare constant (Auto Layout has no absolute positions; relate it to `map`
///   or `safeArea` instead), while a size may;
/// - leading/trailing never meet left/right in one constraint.
public enum ConstraintChecker {
    /// The first problem of `constraint`, with the column it is at; nil when it passes.
    public static func check(_ constraint: ParsedConstraint, items: ItemCatalog) -> ExpressionError? {
        let spec = constraint.spec
        let columns = constraint.columns
        if let problem = checkItem(spec.first.item, items: items, column: columns.first, part: .first) {
            return problem
        }
        if let second = spec.second,
            let problem = checkItem(second.item, items: items, column: columns.second ?? columns.first, part: .second)
        {
            return problem
        }
        let firstKind = spec.first.attribute.kind
        guard let second = spec.second else {
            guard firstKind == .size else {
                return ExpressionError(
                    column: columns.first, part: .first,
                    message:
                        "\(spec.first) is a \(firstKind.rawValue) and cannot equal a constant; relate it to another anchor such as map.\(spec.first.attribute.rawValue) or safeArea.\(spec.first.attribute.rawValue)"
                )
            }
            return nil
        }
        let secondColumn = columns.second ?? columns.first
        guard firstKind == second.attribute.kind else {
            return ExpressionError(
                column: secondColumn, part: .second,
                message:
                    "cannot relate \(spec.first) (\(firstKind.rawValue)) to \(second) (\(second.attribute.kind.rawValue)): x positions relate to x positions, y positions to y positions, sizes to sizes"
            )
        }
        if let firstFamily = spec.first.attribute.directionality,
            let secondFamily = second.attribute.directionality, firstFamily != secondFamily
        {
            return ExpressionError(
                column: secondColumn, part: .second,
                message:
                    "cannot relate \(spec.first) to \(second): leading/trailing never mix with left/right; use leading and trailing so right-to-left layouts work"
            )
        }
        return nil
    }

    private static func checkItem(
        _ item: ItemReference, items: ItemCatalog, column: Int, part: ExpressionError.Part
    ) -> ExpressionError? {
        guard let entry = items.entry(named: item.name) else {
            return ExpressionError(
                column: column, part: part,
                message:
                    "unknown item '\(item.name)'\(suggestion(for: item.name, among: items.allNames)); declare it under delegate.views, delegate.guides or delegate.stacks"
            )
        }
        switch item.guide {
        case .margins where !entry.hasLayoutMargins:
            return ExpressionError(
                column: column, part: part,
                message: "'\(item.name)' is a layout guide and has no layout margins; drop '.margins'"
            )
        case .safeArea where entry == .builtIn(.map):
            return ExpressionError(
                column: column, part: part,
                message: "the map's safe-area guide is the item 'safeArea'; write 'safeArea' in place of 'map.safeArea'"
            )
        case .safeArea where !entry.hasLayoutMargins:
            return ExpressionError(
                column: column, part: part,
                message: "'\(item.name)' is a layout guide and has no safe-area guide; drop '.safeArea'")
        default:
            return nil
        }
    }
}
