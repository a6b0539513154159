/// Findings about the solved frames: overlaps, prompts covering what they must not, frames off the map,
/// cards off the leading edge in wide mode, and prompt corners.
struct GeometryChecks {
    let plan: LayoutPlan
    let items: [PlacedItem]
    let frames: [Frame]
    let visible: [Int]
    let layers: [String]
    let promptCorners: PromptCorners
    let stackPositions: [(String, HidingStack.Position)]

    /// Overlaps smaller than this (pt²) are rounding or hairline contact, not findings.
    static let areaTolerance = 1.0
    static let edgeTolerance = 0.5

    private var state: String { plan.state.navigation.rawValue }
    private var map: Frame { Frame(x: 0, y: 0, width: plan.screen.width, height: plan.screen.height) }

    func diagnostics() -> [Diagnostic] {
        offscreen() + overlaps() + promptOverlaps() + wideModeCards() + promptCornerNote()
    }

    private func offscreen() -> [Diagnostic] {
        visible.compactMap { index in
            let frame = frames[index]
            // A widget showing nothing takes no room and cannot stick out.
            guard frame.width > 0 || frame.height > 0 else { return nil }
            return map.contains(frame, tolerance: Self.edgeTolerance)
                ? nil : .offscreen(items[index].outputName, frame: frame, state: state)
        }
    }

    /// Small controls may float over the open map (the viewport); cards and larger views may not.
    private func isSmall(_ index: Int) -> Bool {
        switch items[index].role {
        case .component(let item):
            return item.kind == .button || item.kind == .googleView
        case .view:
            let limit = 2 * plan.style[.buttonSize]
            return frames[index].width <= limit && frames[index].height <= limit
        case .guide, .stack:
            return true
        }
    }

    private func layerRank(_ index: Int) -> Int {
        let name = items[index].stack ?? items[index].outputName
        return layers.firstIndex(of: name) ?? -1
    }

    private func overlaps() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let views = visible.filter { !items[$0].isGuide && !items[$0].isStack && items[$0].builtIn != .prompt }
        for (position, first) in views.enumerated() {
            for second in views[(position + 1)...] {
                // A stack's own views are laid out by the stack and never overlap each other.
                let area = frames[first].overlapArea(with: frames[second])
                guard area > Self.areaTolerance else { continue }
                let (top, bottom) = layerRank(first) >= layerRank(second) ? (first, second) : (second, first)
                diagnostics.append(
                    .overlap(top: items[top].outputName, bottom: items[bottom].outputName, area: area, state: state))
            }
        }
        if let viewport = visible.first(where: { items[$0].builtIn == .viewport }) {
            for index in views where !isSmall(index) {
                let area = frames[index].overlapArea(with: frames[viewport])
                guard area > Self.areaTolerance else { continue }
                diagnostics.append(.overlap(top: items[index].outputName, bottom: "viewport", area: area, state: state))
            }
        }
        return diagnostics
    }

    /// A prompt may cover cards (it slides over the ETA card by design) but not the viewport, the Google
    /// logo (or the re-center button in its place) or bottom-aligned buttons.
    private func promptOverlaps() -> [Diagnostic] {
        guard let prompt = visible.first(where: { items[$0].builtIn == .prompt }) else { return [] }
        let bottomStacks = stackPositions.filter { $0.1 == .bottom }.map(\.0)
        var diagnostics: [Diagnostic] = []
        for index in visible where index != prompt {
            let covered: Bool
            switch items[index].role {
            case .component(let component):
                covered =
                    component == .viewport || component == .googleLogo || component == .recenter
                    || component.kind == .button || (items[index].stack.map(bottomStacks.contains) ?? false)
            case .view:
                covered = items[index].stack.map(bottomStacks.contains) ?? false
            case .guide, .stack:
                covered = false
            }
            guard covered else { continue }
            let area = frames[prompt].overlapArea(with: frames[index])
            if area > Self.areaTolerance {
                diagnostics.append(.promptOverlap(covered: items[index].outputName, area: area, state: state))
            }
        }
        return diagnostics
    }

    /// Wide mode: both cards on the leading edge, turn card above the ETA card.
    private func wideModeCards() -> [Diagnostic] {
        guard plan.wideMode else { return [] }
        let safe = plan.screen.safeArea
        let slack = plan.style[.headerFooterHorizontalPadding] + Self.edgeTolerance
        var diagnostics: [Diagnostic] = []
        var cardFrames: [BuiltInItem: Frame] = [:]
        for index in visible {
            guard let card = items[index].builtIn, card == .turnCard || card == .etaCard else { continue }
            let frame = frames[index]
            cardFrames[card] = frame
            let onLeadingEdge =
                plan.screen.layoutDirection == .leftToRight
                ? frame.minX <= safe.left + slack
                : frame.maxX >= plan.screen.width - safe.right - slack
            if !onLeadingEdge {
                diagnostics.append(
                    .wideModeCardOffLeadingEdge(
                        card.rawValue,
                        detail:
                            "its leading edge is at x \(formatNumber(roundMilli(plan.screen.layoutDirection == .leftToRight ? frame.minX : frame.maxX)))",
                        state: state))
            }
        }
        if let turn = cardFrames[.turnCard], let eta = cardFrames[.etaCard], turn.minY >= eta.minY {
            diagnostics.append(
                .wideModeCardOffLeadingEdge("etaCard", detail: "the turn card must be above the ETA card", state: state)
            )
        }
        return diagnostics
    }

    private func promptCornerNote() -> [Diagnostic] {
        guard let prompt = visible.first(where: { items[$0].builtIn == .prompt }), promptCorners == .top,
            frames[prompt].maxY < plan.screen.height - Self.edgeTolerance
        else { return [] }
        return [.promptCorners(state: state)]
    }
}
