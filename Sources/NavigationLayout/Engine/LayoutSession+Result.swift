/// The layout result of a solve: frames, guides, hidden items, the prompt, layers and diagnostics.
extension LayoutSession {
    // MARK: The result

    mutating func makeResult(frames rawFrames: consuming [Frame]) -> LayoutResult {
        // Rounded in place: the solve loop hands its frames over.
        var frames = rawFrames
        for index in frames.indices { frames[index] = frames[index].rounded() }
        // Every part is built on its own and moved into the result at the end: a result assembled
        // field by field is copied whole on the way out.
        var hidden = self.hidden
        var visibleFrames: [(name: String, frame: Frame)] = []
        visibleFrames.reserveCapacity(items.count)
        var guides: [(name: String, frame: Frame)] = []
        guides.reserveCapacity(reportedGuideItems?.count ?? 0)
        var visibleIndices: [Int] = []
        visibleIndices.reserveCapacity(items.count)
        for index in items.indices {
            if !isVisible(index) {
                hidden.append((items[index].outputName, "hiding stack out of room"))
                continue
            }
            if items[index].builtIn == .speedWidget, sizes.speedWidget == .none {
                hidden.append((items[index].name, "the speed widget shows nothing (no speedometer, no speed limit)"))
                continue
            }
            if case .guide = items[index].role {
                if reportedGuideItems == nil { guides.append((items[index].name, frames[index])) }
                continue
            }
            if case .safeAreaGuide = items[index].role { continue }
            visibleIndices.append(index)
            visibleFrames.append((items[index].outputName, frames[index]))
        }
        if let reportedGuideItems {
            // The legacy guides, in their documented order.
            for index in reportedGuideItems where isVisible(index) { guides.append((items[index].name, frames[index])) }
        }
        var cameraViewport: Frame?
        if let viewport = itemIndex[BuiltInItem.viewport.rawValue] { cameraViewport = frames[viewport] }
        var prompt: PromptResult?
        if let index = itemIndex[BuiltInItem.prompt.rawValue] {
            prompt = PromptResult(
                frame: frames[index], corners: promptCorners,
                animation: .show(
                    frames[index], mapHeight: plan.screen.height, duration: plan.style[.promptAnimationDuration]))
        }
        let layers = layerOrder(visible: visibleIndices)
        var diagnostics = buildDiagnostics
        // A solve stopped at its work budget is refused, not reported: probing it for ambiguity would
        // only repeat the work in a scratch solver without a budget.
        if !solver.isPastWorkLimit { diagnostics += ambiguityDiagnostics(visible: visibleIndices) }
        diagnostics += GeometryChecks(
            screen: plan.screen, style: plan.style, navigation: plan.state.navigation, wideMode: plan.wideMode,
            items: items, frames: frames, visible: visibleIndices, layers: layers,
            promptCorners: promptCorners, stacks: stacks, intendedOverlaps: intendedOverlaps
        ).diagnostics()
        let broken = brokenReports()
        sourceMap?.attach(to: &diagnostics, wideMode: plan.wideMode)
        return LayoutResult(
            mode: plan.mode, navigation: plan.state.navigation, wideMode: plan.wideMode, frames: visibleFrames,
            hidden: hidden, guides: guides, cameraViewport: cameraViewport, prompt: prompt, layers: layers,
            diagnostics: diagnostics, broken: broken,
            mapFeatures: MapFeatures(settings: plan.settings, navigation: plan.state.navigation),
            appearance: Appearance(
                headerPrimaryBackgroundColor: plan.settings.navigationHeaderPrimaryBackgroundColor,
                headerSecondaryBackgroundColor: plan.settings.navigationHeaderSecondaryBackgroundColor))
    }
}
