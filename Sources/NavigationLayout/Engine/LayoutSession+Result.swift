/// The layout result of a solve: frames, guides, hidden items, the prompt, layers and diagnostics.
extension LayoutSession {
    // MARK: The result

    mutating func makeResult(frames rawFrames: consuming [Frame]) -> LayoutResult {
        // Rounded in place: the solve loop hands its frames over.
        var frames = rawFrames
        for index in frames.indices { frames[index] = frames[index].rounded() }
        var result = LayoutResult(
            mode: plan.mode, navigation: plan.state.navigation, wideMode: plan.wideMode,
            mapFeatures: MapFeatures(settings: plan.settings, navigation: plan.state.navigation),
            appearance: Appearance(
                headerPrimaryBackgroundColor: plan.settings.navigationHeaderPrimaryBackgroundColor,
                headerSecondaryBackgroundColor: plan.settings.navigationHeaderSecondaryBackgroundColor))
        result.hidden = hidden
        result.frames.reserveCapacity(items.count)
        var visibleIndices: [Int] = []
        visibleIndices.reserveCapacity(items.count)
        for index in items.indices {
            if !isVisible(index) {
                result.hidden.append((items[index].outputName, "hiding stack out of room"))
                continue
            }
            if items[index].builtIn == .speedWidget, sizes.speedWidget == .none {
                result.hidden.append(
                    (items[index].name, "the speed widget shows nothing (no speedometer, no speed limit)"))
                continue
            }
            if case .guide = items[index].role {
                if plan.reportedGuides?.contains(items[index].name) ?? true {
                    result.guides.append((items[index].name, frames[index]))
                }
                continue
            }
            visibleIndices.append(index)
            result.frames.append((items[index].outputName, frames[index]))
        }
        if let order = plan.reportedGuides {
            // Report the legacy guides in their documented order.
            result.guides.sort { (order.firstIndex(of: $0.name) ?? 0) < (order.firstIndex(of: $1.name) ?? 0) }
        }
        if let viewport = itemIndex[BuiltInItem.viewport.rawValue] { result.cameraViewport = frames[viewport] }
        if let prompt = itemIndex[BuiltInItem.prompt.rawValue] {
            result.prompt = PromptResult(
                frame: frames[prompt], corners: promptCorners,
                animation: .show(
                    frames[prompt], mapHeight: plan.screen.height, duration: plan.style[.promptAnimationDuration]))
        }
        result.layers = layerOrder(visible: visibleIndices)
        var diagnostics = buildDiagnostics
        // A solve stopped at its work budget is refused, not reported: probing it for ambiguity would
        // only repeat the work in a scratch solver without a budget.
        if !solver.isPastWorkLimit { diagnostics += ambiguityDiagnostics(visible: visibleIndices) }
        diagnostics += GeometryChecks(
            screen: plan.screen, style: plan.style, navigation: plan.state.navigation, wideMode: plan.wideMode,
            items: items, frames: frames, visible: visibleIndices, layers: result.layers,
            promptCorners: promptCorners, stacks: stacks
        ).diagnostics()
        result.diagnostics = diagnostics
        result.broken = brokenReports()
        return result
    }
}
