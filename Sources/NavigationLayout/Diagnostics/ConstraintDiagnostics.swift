/// The checks a delegate's constraint gets before it is installed: findings that depend on the state
/// being solved (not on the constraint alone, which the request decoder already checked).
struct ConstraintDiagnostics {
    /// The parts of the plan the checks read.
    let mode: LayoutMode
    let navigation: NavigationMode
    let wideMode: Bool
    let availability: ComponentAvailability
    /// The items the state placed, by name.
    let placed: ItemNameIndex

    /// From the plan's fields, which the caller reads.
    init(
        mode: LayoutMode, navigation: NavigationMode, wideMode: Bool, availability: ComponentAvailability,
        placed: ItemNameIndex
    ) {
        self.mode = mode
        self.navigation = navigation
        self.wideMode = wideMode
        self.availability = availability
        self.placed = placed
    }

    private var state: String { navigation.rawValue }

    private func isPlaced(_ name: String) -> Bool { placed[name] != nil }

    struct Verdict {
        var install = true
        var diagnostics: [Diagnostic] = []
    }

    /// What the session already knows of an anchor's item: its component (nil for the app's own items)
    /// and whether the state placed it.
    struct AnchorItem {
        var builtIn: BuiltInItem?
        var isPlaced: Bool
    }

    func check(_ constraint: DelegateConstraint) -> Verdict {
        let spec = constraint.spec
        func item(of anchor: Anchor) -> AnchorItem {
            AnchorItem(builtIn: BuiltInItem(named: anchor.item.name), isPlaced: isPlaced(anchor.item.name))
        }
        return check(constraint, spec: spec, first: item(of: spec.first), second: spec.second.map(item(of:)))
    }

    /// The checks with the constraint's spec and the anchors' items given (the session has read and
    /// looked them up already).
    func check(_ constraint: DelegateConstraint, spec: LayoutConstraintSpec, first: AnchorItem, second: AnchorItem?)
        -> Verdict
    {
        // unavailable-in-state: a constraint naming a component the SDK did not hand over (or that the
        // state does not add) cannot be activated; it is dropped. (First and second anchor are checked
        // in turn, without gathering them in an array: this runs for every constraint of every request.)
        if let dropped = unavailability(of: spec.first, first, in: constraint) { return dropped }
        if let secondAnchor = spec.second, let second,
            let dropped = unavailability(of: secondAnchor, second, in: constraint)
        {
            return dropped
        }
        var verdict = Verdict()
        // fixed-size-constraint: the SDK sizes these components; a width or height constraint on them is
        // left out so it cannot fight the SDK's size.
        if spec.first.attribute.kind == .size, let item = first.builtIn, item.isSizedBySDK {
            verdict.diagnostics.append(.fixedSizeConstraint(item.rawValue, constraint: constraint.text, state: state))
            verdict.install = false
            return verdict
        }
        guard mode == .delegate else { return verdict }
        if spec.first.attribute.directionality == .absolute || spec.second?.attribute.directionality == .absolute {
            let names = [spec.first.item.name] + (spec.second.map { [$0.item.name] } ?? [])
            verdict.diagnostics.append(.leftRightAnchor(items: names, constraint: constraint.text, state: state))
        }
        if let secondAnchor = spec.second, spec.relation == .equal, !spec.first.item.margins,
            !secondAnchor.item.margins, let firstItem = first.builtIn, firstItem.isGoogleView,
            let other = second?.builtIn, other.isGoogleView, firstItem != other,
            Self.areOppositeEdges(spec.first.attribute, secondAnchor.attribute)
        {
            verdict.diagnostics.append(
                .marginsAddUp(
                    first: firstItem.rawValue, second: other.rawValue, constraint: constraint.text, state: state))
        }
        return verdict
    }

    /// The verdict that drops a constraint whose anchor names a component this state does not have,
    /// or nil when the anchor's item is fine.
    private func unavailability(of anchor: Anchor, _ anchorItem: AnchorItem, in constraint: DelegateConstraint)
        -> Verdict?
    {
        let name = anchor.item.name
        guard let item = anchorItem.builtIn, item != .map, item != .safeArea else { return nil }
        if let problem = availability.problem(with: item) {
            return Verdict(
                install: false,
                diagnostics: [.unavailableInState(name, constraint: constraint.text, state: state, detail: problem)])
        }
        if !anchorItem.isPlaced {
            return Verdict(
                install: false,
                diagnostics: [
                    .unavailableInState(
                        name, constraint: constraint.text, state: state,
                        detail: "it is not added to the \(state) layout's views")
                ])
        }
        return nil
    }

    /// One edge facing the other: stacking, where both views' margins end up between them.
    static func areOppositeEdges(_ first: LayoutAttribute, _ second: LayoutAttribute) -> Bool {
        switch (first, second) {
        case (.top, .bottom), (.bottom, .top), (.leading, .trailing), (.trailing, .leading), (.left, .right),
            (.right, .left):
            return true
        default:
            return false
        }
    }

    /// Checks over all the constraints in force together.
    func stateChecks(_ constraints: [DelegateConstraint]) -> [Diagnostic] {
        guard mode == .delegate, navigation == .guidance, !wideMode,
            isPlaced(BuiltInItem.turnCard.rawValue), isPlaced(BuiltInItem.viewport.rawValue)
        else { return [] }
        let anchored = constraints.contains { constraint in
            let spec = constraint.spec
            guard spec.relation == .equal, let second = spec.second, spec.priority.isRequired else { return false }
            // The two anchors are tested in place (no array per constraint).
            func isViewportTop(_ anchor: Anchor) -> Bool {
                anchor.attribute == .top && !anchor.item.margins && anchor.item.name == "viewport"
            }
            func isTurnCardBottom(_ anchor: Anchor) -> Bool {
                anchor.attribute == .bottom && anchor.item.name == "turnCard"
            }
            return (isViewportTop(spec.first) || isViewportTop(second))
                && (isTurnCardBottom(spec.first) || isTurnCardBottom(second))
        }
        return anchored ? [] : [.viewportNotBelowTurnCard(state: state)]
    }
}
