/// The document's constraints: checked, built into solver constraints and installed.
extension LayoutSession {
    // MARK: The document's constraints

    mutating func installUserConstraints(_ constraints: [DelegateConstraint]) {
        let checks = ConstraintDiagnostics(
            mode: plan.mode, navigation: plan.state.navigation, wideMode: plan.wideMode, availability: availability,
            placed: itemIndex)
        for (position, constraint) in constraints.enumerated() {
            let spec = constraint.spec
            // Each anchor's item is looked up once, for the checks and for the terms. The map and the safe
            // area are the screen's whatever was placed.
            func placedItem(_ reference: ItemReference) -> Int? {
                if placedContainerName
                    && (reference.name == BuiltInItem.map.rawValue || reference.name == BuiltInItem.safeArea.rawValue)
                {
                    return nil
                }
                return placedIndex(of: reference)
            }
            let firstItem = placedItem(spec.first.item)
            let secondItem = spec.second.flatMap { placedItem($0.item) }
            func anchorItem(_ anchor: Anchor, _ placed: Int?) -> ConstraintDiagnostics.AnchorItem {
                guard let placed else {
                    return ConstraintDiagnostics.AnchorItem(
                        builtIn: BuiltInItem(named: anchor.item.name), isPlaced: false)
                }
                return ConstraintDiagnostics.AnchorItem(builtIn: items[placed].builtIn, isPlaced: true)
            }
            let verdict = checks.check(
                constraint, spec: spec, first: anchorItem(spec.first, firstItem),
                second: spec.second.map { anchorItem($0, secondItem) })
            if !verdict.diagnostics.isEmpty { buildDiagnostics += verdict.diagnostics }
            guard verdict.install, let built = build(spec, firstItem: firstItem, secondItem: secondItem) else {
                continue
            }
            noteGuideAxisRead(
                item: placedContainerName ? itemIndex[spec.first.item.name] : firstItem, spec.first.attribute)
            if let second = spec.second {
                noteGuideAxisRead(
                    item: placedContainerName ? itemIndex[second.item.name] : secondItem, second.attribute)
            }
            install(built, label: .written(position))
        }
        buildDiagnostics += checks.stateChecks(constraints)
    }

    /// Records that a constraint reads the axis of a guide (the placed item at `item`, if any).
    private mutating func noteGuideAxisRead(item index: Int?, _ attribute: LayoutAttribute) {
        guard let index, items[index].isGuide else { return }
        let horizontal = attribute == .width || (attribute != .height && attribute.kind == .xPosition)
        if horizontal {
            items[index].horizontalAxisRead = true
        } else {
            items[index].verticalAxisRead = true
        }
    }
}
