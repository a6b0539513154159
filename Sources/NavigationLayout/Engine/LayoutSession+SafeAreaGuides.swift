import Cassowary

/// A view's own safe-area guide (`turnCard.safeArea`, UIKit's `safeAreaLayoutGuide`): the part of the
/// view inside the window's safe area.
///
/// UIKit insets a view's safe area by how far the view reaches into the window's unsafe edges, so on
/// each axis the guide runs from `max(view's near edge, safe area's near edge)` to `min(view's far
/// edge, safe area's far edge)`, and a view wholly outside the safe area has a guide of no size at its
/// edge nearest the safe area. A maximum is not linear; it is the lowest value above both, which the
/// solver finds with three levels:
/// - required: the guide lies within the view and is no smaller than nothing;
/// - `derivedBound`: the guide lies within the safe area, as far as the view lets it (this gives way
///   to the screen, which ranks above it, and to no optional constraint of the document);
/// - `derivedPreference`: each edge of the guide is the view's where the bound leaves it free.
/// No optional constraint of the document ranks as high, so none moves the guide off that answer; a
/// required one that puts the guide outside its view conflicts, as it would in UIKit.
extension LayoutSession {
    // MARK: Safe-area guides

    /// Places the safe-area guide of every placed view a constraint reads through `.safeArea`, once.
    mutating func placeSafeAreaGuides(constraints: [DelegateConstraint]) {
        for constraint in constraints {
            placeSafeAreaGuide(of: constraint.spec.first.item)
            if let second = constraint.spec.second { placeSafeAreaGuide(of: second.item) }
        }
    }

    private mutating func placeSafeAreaGuide(of reference: ItemReference) {
        guard reference.guide == .safeArea, let owner = itemIndex[reference.name] else { return }
        let name = reference.description
        guard itemIndex[name] == nil else { return }
        add(name, role: .safeAreaGuide(owner: owner))
    }

    /// The position of the placed item an anchor's item names: the view's safe-area guide for
    /// `name.safeArea`, else the item itself (its margins guide is an offset of the item).
    func placedIndex(of reference: ItemReference) -> Int? {
        reference.guide == .safeArea ? itemIndex[reference.description] : itemIndex[reference.name]
    }

    /// Installs what makes each placed safe-area guide its view's part inside the safe area.
    mutating func installSafeAreaGuides() {
        for index in items.indices {
            guard case .safeAreaGuide(let owner) = items[index].role else { continue }
            let guide = items[index].variables
            let view = items[owner].variables
            installSafeAreaAxis(
                guide: (guide.left, guide.width), view: (view.left, view.width),
                safeNear: Expression(ScreenVariables.safeLeft),
                safeFar: ScreenVariables.width - ScreenVariables.safeRight, item: index)
            installSafeAreaAxis(
                guide: (guide.top, guide.height), view: (view.top, view.height),
                safeNear: Expression(ScreenVariables.safeTop),
                safeFar: ScreenVariables.height - ScreenVariables.safeBottom, item: index)
        }
    }

    /// One axis of a safe-area guide: `position` and `size` of the guide and of its view, and the safe
    /// area's near and far edges on that axis.
    private mutating func installSafeAreaAxis(
        guide: (position: Variable, size: Variable), view: (position: Variable, size: Variable),
        safeNear: Expression, safeFar: Expression, item: Int
    ) {
        let guideFar = guide.position + guide.size
        let viewFar = view.position + view.size
        let label = ConstraintLabel.safeAreaGuide(item: item)
        install(guide.position >= view.position, label: label)
        install(guideFar <= viewFar, label: label)
        install(guide.size >= 0, label: label)
        install((guide.position >= safeNear).withPriority(.derivedBound), label: label)
        install((guideFar <= safeFar).withPriority(.derivedBound), label: label)
        install((guide.position == view.position).withPriority(.derivedPreference), label: label)
        install((guideFar == viewFar).withPriority(.derivedPreference), label: label)
    }
}
