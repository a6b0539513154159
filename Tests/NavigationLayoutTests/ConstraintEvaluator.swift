import NavigationLayout

/// Evaluates a delegate's constraints on a result's frames, independently of the solver: the check that
/// "every required constraint holds" in the fixtures.
struct ConstraintEvaluator {
    let request: LayoutRequest
    let result: LayoutResult

    private func rect(_ reference: ItemReference) -> Frame? {
        let screen = request.screen
        let margin = request.style[.layoutMargin]
        var base: Frame
        switch reference.name {
        case "map":
            base = Frame(x: 0, y: 0, width: screen.width, height: screen.height)
            if reference.margins {
                base = Frame(
                    x: screen.safeArea.left, y: screen.safeArea.top,
                    width: screen.width - screen.safeArea.left - screen.safeArea.right,
                    height: screen.height - screen.safeArea.top - screen.safeArea.bottom)
            }
        case "safeArea":
            base = Frame(
                x: screen.safeArea.left, y: screen.safeArea.top,
                width: screen.width - screen.safeArea.left - screen.safeArea.right,
                height: screen.height - screen.safeArea.top - screen.safeArea.bottom)
        default:
            let name =
                reference.name == "googleLogo" && result.frame(of: "googleLogo") == nil ? "recenter" : reference.name
            guard let frame = result.frame(of: name) ?? result.guide(name) else { return nil }
            base = frame
        }
        guard reference.margins else { return base }
        return Frame(
            x: base.x + margin, y: base.y + margin, width: base.width - 2 * margin, height: base.height - 2 * margin)
    }

    private func value(_ anchor: Anchor) -> Double? {
        guard let frame = rect(anchor.item) else { return nil }
        let rtl = request.screen.layoutDirection == .rightToLeft
        switch anchor.attribute {
        case .left: return frame.minX
        case .right: return frame.maxX
        case .leading: return rtl ? frame.maxX : frame.minX
        case .trailing: return rtl ? frame.minX : frame.maxX
        case .top: return frame.minY
        case .bottom: return frame.maxY
        case .width: return frame.width
        case .height: return frame.height
        case .centerX: return frame.minX + frame.width / 2
        case .centerY: return frame.minY + frame.height / 2
        }
    }

    /// The required constraints in force that do not hold (as written), skipping those naming items the
    /// result does not show.
    func violatedRequiredConstraints() -> [String] {
        guard let document = request.delegate,
            let layout = document.layout(for: request.state.navigation, wideMode: result.wideMode)
        else { return [] }
        var constraints = document.shared + layout.constraints
        if result.prompt != nil, let prompt = document.promptLayout(wideMode: result.wideMode) {
            constraints += prompt.constraints
        }
        var violated: [String] = []
        for constraint in constraints where constraint.spec.priority.isRequired {
            let spec = constraint.spec
            guard let first = value(spec.first) else { continue }
            var rhs = spec.constant.resolved(in: request.style)
            if request.screen.layoutDirection == .rightToLeft && spec.first.attribute.directionality == .directional {
                rhs = -rhs
            }
            if let second = spec.second {
                guard let secondValue = value(second) else { continue }
                rhs += secondValue * spec.multiplier
            }
            let holds: Bool
            switch spec.relation {
            case .equal: holds = abs(first - rhs) < 0.01
            case .lessThanOrEqual: holds = first <= rhs + 0.01
            case .greaterThanOrEqual: holds = first >= rhs - 0.01
            }
            if !holds { violated.append(constraint.text) }
        }
        return violated
    }
}
