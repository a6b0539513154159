// Hot: measured by the `served`, `path` and `chain` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

/// Findings about the solved frames: overlaps, prompts covering what they must not, frames off the map,
/// cards off the leading edge in wide mode, and prompt corners.
struct GeometryChecks {
    /// The parts of the plan the checks read.
    let screen: Screen
    let style: StyleValues
    let navigation: NavigationMode
    let wideMode: Bool
    let items: [PlacedItem]
    let frames: [Frame]
    let visible: [Int]
    let layers: [String]
    let promptCorners: PromptCorners
    /// The session's stacks, shared rather than copied: the prompt check reads their names and positions.
    let stacks: [StackState]
    /// Pairs that overlap by design (see ``IntendedOverlap``): no finding between them.
    let intendedOverlaps: [IntendedOverlap]

    /// Overlaps smaller than this (pt²) are rounding or hairline contact, not findings.
    static let areaTolerance = 1.0
    static let edgeTolerance = 0.5

    private var state: String { navigation.rawValue }
    private var map: Frame { Frame(x: 0, y: 0, width: screen.width, height: screen.height) }

    /// Every finding, in the order offscreen, overlaps, prompt overlaps, wide-mode cards, prompt corners
    /// (each check appends to one list: nearly always they find nothing).
    func diagnostics() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        offscreen(into: &diagnostics)
        overlaps(into: &diagnostics)
        promptOverlaps(into: &diagnostics)
        wideModeCards(into: &diagnostics)
        promptCornerNote(into: &diagnostics)
        return diagnostics
    }

    private func offscreen(into diagnostics: inout [Diagnostic]) {
        let map = self.map
        for index in visible {
            let frame = frames[index]
            // A widget showing nothing takes no room and cannot stick out.
            guard frame.width > 0 || frame.height > 0 else { continue }
            if !map.contains(frame, tolerance: Self.edgeTolerance) {
                diagnostics.append(.offscreen(items[index].outputName, frame: frame, state: state))
            }
        }
    }

    /// Small controls may float over the open map (the viewport); cards and larger views may not.
    private func isSmall(_ index: Int) -> Bool {
        switch items[index].role {
        case .component(let item):
            return item.kind == .button || item.kind == .googleView
        case .view:
            let limit = 2 * style[.buttonSize]
            return frames[index].width <= limit && frames[index].height <= limit
        case .guide, .safeAreaGuide, .stack:
            return true
        }
    }

    private func layerRank(_ index: Int) -> Int {
        let name = items[index].stack ?? items[index].outputName
        return layers.firstIndex(of: name) ?? -1
    }

    /// Whether item `index` takes part in overlap checks: guides, stacks and the prompt (checked on its
    /// own below) do not.
    private func isOverlapCandidate(_ index: Int) -> Bool {
        !items[index].isGuide && !items[index].isStack && items[index].builtIn != .prompt
    }

    private func overlaps(into diagnostics: inout [Diagnostic]) {
        // Pairs of visible items, skipping those that cannot overlap anything, in result order. A
        // result of a few dozen frames compares every pair, which needs no memory; more take the sweep
        // (the two find the same pairs in the same order).
        if visible.count <= Self.pairwiseOverlapLimit {
            for position in visible.indices where isOverlapCandidate(visible[position]) {
                for later in (position + 1)..<visible.count where isOverlapCandidate(visible[later]) {
                    noteOverlap(visible[position], visible[later], into: &diagnostics)
                }
            }
        } else {
            for (position, later) in overlappingPairs() {
                noteOverlap(visible[position], visible[later], into: &diagnostics)
            }
        }
        if let viewport = visible.first(where: { items[$0].builtIn == .viewport }) {
            for index in visible where isOverlapCandidate(index) && !isSmall(index) {
                let area = frames[index].overlapArea(with: frames[viewport])
                guard area > Self.areaTolerance, !IntendedOverlap.contains(intendedOverlaps, index, viewport)
                else { continue }
                diagnostics.append(.overlap(top: items[index].outputName, bottom: "viewport", area: area, state: state))
            }
        }
    }

    /// Results with at most this many visible frames have their overlaps found pair by pair.
    static let pairwiseOverlapLimit = 32

    private func noteOverlap(_ first: Int, _ second: Int, into diagnostics: inout [Diagnostic]) {
        let area = frames[first].overlapArea(with: frames[second])
        guard area > Self.areaTolerance, !IntendedOverlap.contains(intendedOverlaps, first, second) else { return }
        let (top, bottom) = layerRank(first) >= layerRank(second) ? (first, second) : (second, first)
        diagnostics.append(
            .overlap(top: items[top].outputName, bottom: items[bottom].outputName, area: area, state: state))
    }

    /// The pairs of positions in `visible` whose items are overlap candidates and whose frames share
    /// more than ``areaTolerance``, ordered by first position, then second.
    ///
    /// A sweep: the candidates sorted by where they start along one axis, each is compared only with
    /// those that start before it ends there. The axis is the one along which the frames spread out
    /// more (their extents add up to less of the span they cover), so a column or a row of views that
    /// do not touch costs in proportion to its length, not to its square. A frame with a coordinate
    /// that is not a number overlaps nothing (its area with any frame is not above the tolerance).
    func overlappingPairs() -> [(Int, Int)] {
        var candidates: [Int] = []
        for position in visible.indices where isOverlapCandidate(visible[position]) {
            let frame = frames[visible[position]]
            if frame.x.isNaN || frame.y.isNaN || frame.width.isNaN || frame.height.isNaN { continue }
            candidates.append(position)
        }
        guard candidates.count > 1 else { return [] }
        let vertical = spreadsMoreVertically(candidates)
        func start(_ position: Int) -> Double {
            vertical ? frames[visible[position]].minY : frames[visible[position]].minX
        }
        func end(_ position: Int) -> Double {
            vertical ? frames[visible[position]].maxY : frames[visible[position]].maxX
        }
        let order = candidates.sorted { start($0) != start($1) ? start($0) < start($1) : $0 < $1 }
        var pairs: [(Int, Int)] = []
        for rank in order.indices {
            let first = order[rank]
            let firstEnd = end(first)
            for second in order[(rank + 1)...] {
                if start(second) >= firstEnd { break }
                let area = frames[visible[first]].overlapArea(with: frames[visible[second]])
                guard area > Self.areaTolerance else { continue }
                pairs.append(first < second ? (first, second) : (second, first))
            }
        }
        pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return pairs
    }

    /// Whether the frames' heights add up to less of the vertical span they cover than their widths
    /// do of the horizontal one.
    private func spreadsMoreVertically(_ candidates: [Int]) -> Bool {
        var horizontal = (extent: 0.0, low: Double.infinity, high: -Double.infinity)
        var vertical = horizontal
        for position in candidates {
            let frame = frames[visible[position]]
            horizontal.extent += max(0, frame.width)
            horizontal.low = min(horizontal.low, frame.minX)
            horizontal.high = max(horizontal.high, frame.maxX)
            vertical.extent += max(0, frame.height)
            vertical.low = min(vertical.low, frame.minY)
            vertical.high = max(vertical.high, frame.maxY)
        }
        // extent / span compared without dividing: a zero span compares as no spread at all.
        return vertical.extent * (horizontal.high - horizontal.low)
            < horizontal.extent * (vertical.high - vertical.low)
    }

    /// A prompt may cover cards (it slides over the ETA card by design) but not the viewport, the Google
    /// logo (or the re-center button in its place) or bottom-aligned buttons.
    private func promptOverlaps(into diagnostics: inout [Diagnostic]) {
        guard let prompt = visible.first(where: { items[$0].builtIn == .prompt }) else { return }
        for index in visible where index != prompt {
            let covered: Bool
            switch items[index].role {
            case .component(let component):
                covered =
                    component == .viewport || component == .googleLogo || component == .recenter
                    || component.kind == .button || isInBottomStack(index)
            case .view:
                covered = isInBottomStack(index)
            case .guide, .safeAreaGuide, .stack:
                covered = false
            }
            guard covered else { continue }
            let area = frames[prompt].overlapArea(with: frames[index])
            if area > Self.areaTolerance {
                diagnostics.append(.promptOverlap(covered: items[index].outputName, area: area, state: state))
            }
        }
    }

    /// Whether item `index` is arranged in a stack laid out from the bottom.
    private func isInBottomStack(_ index: Int) -> Bool {
        guard let name = items[index].stack else { return false }
        return stacks.contains { $0.stack.name == name && $0.stack.position == .bottom }
    }

    /// Wide mode: both cards on the leading edge, turn card above the ETA card.
    private func wideModeCards(into diagnostics: inout [Diagnostic]) {
        guard wideMode else { return }
        let safe = screen.safeArea
        let slack = style[.headerFooterHorizontalPadding] + Self.edgeTolerance
        var turnCard: Frame?
        var etaCard: Frame?
        for index in visible {
            guard let card = items[index].builtIn, card == .turnCard || card == .etaCard else { continue }
            let frame = frames[index]
            if card == .turnCard { turnCard = frame } else { etaCard = frame }
            let onLeadingEdge =
                screen.layoutDirection == .leftToRight
                ? frame.minX <= safe.left + slack
                : frame.maxX >= screen.width - safe.right - slack
            if !onLeadingEdge {
                diagnostics.append(
                    .wideModeCardOffLeadingEdge(
                        card.rawValue,
                        detail:
                            "its leading edge is at x \(formatNumber(roundMilli(screen.layoutDirection == .leftToRight ? frame.minX : frame.maxX)))",
                        state: state))
            }
        }
        if let turn = turnCard, let eta = etaCard, turn.minY >= eta.minY {
            diagnostics.append(
                .wideModeCardOffLeadingEdge("etaCard", detail: "the turn card must be above the ETA card", state: state)
            )
        }
    }

    private func promptCornerNote(into diagnostics: inout [Diagnostic]) {
        guard let prompt = visible.first(where: { items[$0].builtIn == .prompt }), promptCorners == .top,
            frames[prompt].maxY < screen.height - Self.edgeTolerance
        else { return }
        diagnostics.append(.promptCorners(state: state))
    }
}
