// Hot: measured by the `served` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

import Cassowary

/// The sizes the SDK gives its components (size rules, re-applied as positions change) and the intrinsic
/// content sizes of custom views.
extension LayoutSession {
    // MARK: Size rules

    mutating func installSizes() {
        let sizes = plan.sizes
        sizeRules.reserveCapacity(2 * items.count)
        func rule(_ index: Int, _ axis: SizeRule.Axis, _ source: SizeRule.Source) {
            sizeRules.append(SizeRule(item: index, axis: axis, source))
        }
        for index in items.indices {
            switch items[index].role {
            case .component(let component):
                switch component {
                case .turnCard:
                    rule(index, .width, .cardWidth)
                    rule(index, .height, .turnCardHeight)
                case .etaCard:
                    rule(index, .width, .cardWidth)
                    rule(index, .height, .etaCardHeight)
                case .prompt:
                    rule(index, .width, .cardWidth)
                    rule(index, .height, .promptHeight)
                case .googleLogo:
                    if plan.recenterShown {
                        rule(index, .width, .style(.recenterButtonWidth))
                        rule(index, .height, .style(.recenterButtonHeight))
                    } else {
                        rule(index, .width, .style(.googleLogoWidth))
                        rule(index, .height, .style(.googleLogoHeight))
                    }
                case .recenter:
                    rule(index, .width, .style(.recenterButtonWidth))
                    rule(index, .height, .style(.recenterButtonHeight))
                case .speedWidget:
                    rule(index, .width, .speedWidgetWidth)
                    rule(index, .height, .speedWidgetHeight)
                case .compass, .reporting, .myLocation:
                    rule(index, .width, .style(.buttonSize))
                    rule(index, .height, .style(.buttonSize))
                case .tripProgressBar:
                    rule(index, .width, .style(.tripProgressBarWidth))
                case .headerAccessory:
                    if let height = sizes.headerAccessoryHeight { rule(index, .height, .fixed(height)) }
                case .map, .safeArea, .viewport:
                    break
                }
            case .view(let view):
                installIntrinsic(view, item: index)
            case .guide, .safeAreaGuide, .stack:
                break
            }
        }
        // First guess: every item spans the map, so cards start at the edges they usually sit on (one
        // frame for all: a list of the same frame per item would be one more heap block per request).
        let firstGuess = Frame(x: 0, y: 0, width: 0, height: plan.screen.height)
        for index in sizeRules.indices { applySizeRule(index, itemFrame: firstGuess, initial: true) }
    }

    /// Auto Layout's intrinsic content size: per axis `size <= intrinsic` at the hugging priority and
    /// `size >= intrinsic` at the compression resistance priority.
    private mutating func installIntrinsic(_ view: CustomView, item index: Int) {
        let variables = items[index].variables
        let axes: [(Double?, Variable, Priority, Priority, SizeRule.Axis)] = [
            (view.intrinsicWidth, variables.width, view.hugging.horizontal, view.compression.horizontal, .width),
            (view.intrinsicHeight, variables.height, view.hugging.vertical, view.compression.vertical, .height),
        ]
        for (intrinsic, variable, hugging, compression, axis) in axes {
            guard let intrinsic else { continue }
            if hugging.isRequired && compression.isRequired {
                install(
                    variable == intrinsic,
                    label: .intrinsic(
                        item: index, axis: axis, relation: "==", value: intrinsic, priority: nil,
                        what: "intrinsic size"))
                continue
            }
            install(
                Constraint(variable - intrinsic, .lessThanOrEqual, priority: hugging),
                label: .intrinsic(
                    item: index, axis: axis, relation: "<=", value: intrinsic, priority: hugging.value,
                    what: "content hugging"))
            install(
                Constraint(variable - intrinsic, .greaterThanOrEqual, priority: compression),
                label: .intrinsic(
                    item: index, axis: axis, relation: ">=", value: intrinsic, priority: compression.value,
                    what: "compression resistance"))
        }
    }

    /// Installs (or replaces) the required size constraint of a size rule for the current frame of its
    /// item. Returns whether the constraint changed.
    @discardableResult
    mutating func applySizeRule(_ index: Int, itemFrame: Frame, initial: Bool = false) -> Bool {
        // The rule's fields and the item's are read in place: a copy of the rule would retain its
        // constraint, a copy of the item each of its strings and variables (this runs for every rule on
        // every pass of every solve).
        let item = sizeRules[index].item
        let axis = sizeRules[index].axis
        let target = sizeRules[index].value(sizes, itemFrame)
        if sizeRules[index].installed != nil, let installedValue = sizeRules[index].installedValue,
            abs(installedValue - target) < 1e-9
        {
            return false
        }
        let label = ConstraintLabel.sdkSize(item: item, axis: axis, value: target)
        let constraint: Constraint
        let inForce: Bool
        if let current = sizeRules[index].installed {
            // The same equality with the new size: its row stays in the solver.
            constraint = current.withConstant(0 + -target)
            inForce = reinstall(current, with: constraint, label: label)
        } else {
            // `variable == target` written as its expression directly (no operator arithmetic, no array).
            constraint = Constraint(
                Expression(
                    Term(axis == .width ? items[item].variables.width : items[item].variables.height),
                    constant: 0 + -target),
                .equal)
            inForce = install(constraint, label: label)
        }
        if inForce {
            sizeRules[index].installed = constraint
            sizeRules[index].installedValue = target
        } else {
            sizeRules[index].installed = nil
            sizeRules[index].installedValue = nil
        }
        return !initial
    }

    func knownSize(ofItemAt index: Int, axis: SizeRule.Axis) -> Double? {
        if case .view(let view) = items[index].role {
            return axis == .width ? view.intrinsicWidth : view.intrinsicHeight
        }
        return sizeRules.first { $0.item == index && $0.axis == axis }?.installedValue
    }
}
