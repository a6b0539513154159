/// The layout engine's entry points: solve a request, prepare one for many screens, convert legacy
/// settings to a delegate.
public enum LayoutEngine {
    /// Solves a request: the delegate's layout when it has one, else the built-in layout of its settings.
    public static func solve(_ request: LayoutRequest) -> LayoutResult {
        // What `PreparedLayout(request).solve(screen: request.screen)` does, without keeping the request
        // for another screen.
        var session = LayoutSession(plan: plan(for: request))
        return PreparedLayout.solve(&session, request: request, screen: request.screen)
    }

    /// Solves and measures: `clock` returns a monotonic time in nanoseconds (the engine has no clock of
    /// its own); solveMicros is the time from plan to result.
    public static func solve(_ request: LayoutRequest, clock: () -> UInt64) -> LayoutResult {
        let start = clock()
        var result = solve(request)
        result.solveMicros = Int((clock() &- start) / 1000)
        return result
    }

    /// Solves a plan as it is (a scenario step, a plan adjusted by hand). The built-in layout's second
    /// look at the header accessory is `solve(_ request:)`'s job, not this one's.
    public static func solve(plan: LayoutPlan) -> LayoutResult {
        var session = LayoutSession(plan: plan)
        return session.solve(screen: plan.screen)
    }

    /// The plan a request is solved with: delegate or built-in, the document, and the findings made
    /// before solving (CarPlay, legacy settings).
    public static func plan(for request: LayoutRequest, accessoryTooShort: Bool = false) -> LayoutPlan {
        let wideMode = request.isWideMode
        let navigation = request.state.navigation
        var diagnostics: [Diagnostic] = []
        if let delegate = request.delegate {
            if request.screen.carPlay {
                // The SDK refuses the delegate (code 2): the map keeps its built-in layout.
                diagnostics.append(.delegateOnCarPlay(state: navigation.rawValue))
            } else {
                diagnostics += LegacySettings.diagnostics(for: request.settings, navigation: navigation)
                if navigation != .disabled {
                    return LayoutPlan(
                        mode: .delegate, document: delegate, screen: request.screen, state: request.state,
                        settings: request.settings, style: request.style, wideMode: wideMode,
                        allowsBuiltInOnlyItems: false, diagnostics: diagnostics)
                }
                // No delegate callback runs with navigation off: the map shows its built-in controls,
                // which compassButton and myLocationButton still govern.
                var plan = builtInPlan(request, wideMode: wideMode, accessoryTooShort: accessoryTooShort)
                plan.mode = .delegate
                plan.diagnostics = diagnostics
                return plan
            }
        }
        var plan = builtInPlan(request, wideMode: wideMode, accessoryTooShort: accessoryTooShort)
        plan.diagnostics = diagnostics
        return plan
    }

    static func builtInPlan(_ request: LayoutRequest, wideMode: Bool, accessoryTooShort: Bool) -> LayoutPlan {
        var layout = BuiltInLayout(
            screen: request.screen, state: request.state, settings: request.settings, style: request.style,
            wideMode: wideMode)
        layout.accessoryTooShort = accessoryTooShort
        let key = BuiltInDocumentCache.Key(
            screen: request.screen, state: request.state, settings: request.settings, style: request.style,
            wideMode: wideMode, accessoryTooShort: accessoryTooShort)
        let document = BuiltInDocumentCache.shared.document(for: key) {
            layout.document(states: [request.state.navigation])
        }
        var plan = LayoutPlan(
            mode: .builtIn, document: document, screen: request.screen,
            state: request.state,
            settings: request.settings, style: request.style, wideMode: wideMode, allowsBuiltInOnlyItems: true,
            reportedGuides: BuiltInLayout.legacyGuides, hidden: layout.hidden)
        if request.state.navigation == .disabled {
            plan.stateLayoutOverride = layout.stateLayout(path: "builtIn.disabled")
        }
        return plan
    }
}
