/// A request made ready to solve for many screens: the plan, its parsed rules and the solver are kept,
/// and a screen of the same width class is laid out by suggesting its size to the same solver (the device
/// matrix). A screen that flips wide mode, or a built-in layout (whose document depends on the screen),
/// is re-planned.
public struct PreparedLayout: Sendable {
    public private(set) var request: LayoutRequest
    var session: LayoutSession
    private var sessionScreen: Screen
    /// The accessory-hidden note of `sessionScreen` when `session` was planned without the header
    /// accessory: solved again on that screen, the session has no accessory left to check.
    private var accessoryNote: Diagnostic?
    /// The solver work each build and solve may take (`LayoutLimits.solverWork`).
    let workBudget: Int

    public init(_ request: LayoutRequest, workBudget: Int = .max) {
        self.request = request
        self.workBudget = workBudget
        session = LayoutSession(plan: LayoutEngine.plan(for: request), workBudget: workBudget)
        sessionScreen = request.screen
    }

    /// True when the last build or solve stopped at the work budget: its result is incomplete.
    public var exceededWorkBudget: Bool { session.exceededWorkBudget }

    /// The solver work done so far, for the refusal's message.
    var workDone: Int { session.solver.workDone }

    /// About how many bytes the prepared layout holds: its solver's tables, and a fixed share per
    /// item and per constraint for the plan, the labels and the request.
    var estimatedBytes: Int {
        session.solver.estimatedBytes + session.items.count * 512 + session.labels.count * 256 + 4096
    }

    /// Lays the request out on `screen`.
    public mutating func solve(screen: Screen) -> LayoutResult {
        request.screen = screen
        // The plan fits its own screen; another screen can reuse it only when the document does not
        // depend on the screen (a request's own delegate in the same width class).
        let reusable =
            screen == sessionScreen
            || (!session.plan.allowsBuiltInOnlyItems && session.plan.stateLayoutOverride == nil
                && request.isWideMode == session.plan.wideMode && screen.carPlay == sessionScreen.carPlay)
        if !reusable {
            session = LayoutSession(plan: LayoutEngine.plan(for: request), workBudget: workBudget)
            accessoryNote = nil
        }
        sessionScreen = screen
        if let accessoryNote {
            var result = session.solve(screen: screen)
            result.diagnostics.append(accessoryNote)
            return result
        }
        let result = Self.solve(&session, request: request, screen: screen)
        accessoryNote = result.diagnostics.last { $0.code == .accessoryHidden }
        return result
    }

    /// Solves `session` (planned for `request`) on `screen`. A built-in layout whose header accessory
    /// leaves too little map is planned and solved again without it, and `session` becomes that one.
    /// Shared with `LayoutEngine.solve(_:)`, which solves a request once without keeping it.
    static func solve(_ session: inout LayoutSession, request: LayoutRequest, screen: Screen) -> LayoutResult {
        var result = session.solve(screen: screen)
        if session.plan.allowsBuiltInOnlyItems, let check = accessoryCheck(result, request: request) {
            // The header accessory hides on a map too short for it (seeds 003/004): solve again without it.
            var retry = LayoutSession(
                plan: LayoutEngine.plan(for: request, accessoryTooShort: true), workBudget: session.workBudget)
            result = retry.solve(screen: screen)
            result.diagnostics.append(check)
            session = retry
        }
        return result
    }

    /// The accessory-hidden note when the accessory leaves less open map than the style's minimum.
    private static func accessoryCheck(_ result: LayoutResult, request: LayoutRequest) -> Diagnostic? {
        guard let accessory = result.frame(of: "headerAccessory"),
            let footer = result.guide("navigationFooterLayoutGuide")
        else { return nil }
        let open = footer.y - accessory.maxY
        let minimum = request.style[.headerAccessoryMinimumMapHeight]
        return open < minimum
            ? .accessoryHidden(openHeight: open, minimum: minimum, state: request.state.navigation.rawValue) : nil
    }
}
