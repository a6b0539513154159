// Hot: measured by the `served`, `builtin-served` and `matrix` stages (Benchmarks/Thresholds/budgets.json);
// changes here are checked by scripts/check-budgets.sh.

/// A request made ready to solve for many screens: plans, their parsed rules and solvers are kept,
/// and a screen is laid out by suggesting its size to the solver of a session planned for a screen
/// of the same class (the device matrix, a cached layout asked for another device).
///
/// A plan depends on the screen only through its class (``PlanScreenClass``): the width class, CarPlay,
/// the direction, and for a built-in document the safe-area insets it reads. A session is kept per
/// class met (at most ``maximumSessions``, the least recently used making room), so screens that
/// alternate between classes, as a matrix's portrait and landscape cells do, are not planned again
/// each time.
public struct PreparedLayout: Sendable {
    /// What a kept session is for, looked up per solve apart from the session itself (a session is a
    /// large value; reading one to compare its key would copy it).
    struct SlotKey: Sendable {
        var screenClass: PlanScreenClass
        /// Planned without the built-in header accessory (the map was too short for it).
        var accessoryTooShort: Bool
        /// The screen the session last solved.
        var screen: Screen
        /// The accessory-hidden note of `screen`, on a session planned without the accessory: solved
        /// again on that same screen, the session has no accessory left to check, and the note is
        /// what the first solve (with the accessory) found.
        var accessoryNote: Diagnostic?
        var lastUse: Int
    }

    /// How many sessions one prepared layout keeps.
    static let maximumSessions = 8

    public private(set) var request: LayoutRequest
    /// How the request's screens are classed (only the screen changes from solve to solve).
    private let screenClassRule: PlanScreenClass.Rule
    /// The kept sessions, and what each is for (same positions).
    private var sessions: [LayoutSession]
    private var keys: [SlotKey]
    /// The slot of the last solve (the first slot before any).
    private var current = 0
    private var uses = 0
    /// The solver work each build and solve may take (`LayoutLimits.solverWork`).
    let workBudget: Int

    public init(_ request: LayoutRequest, workBudget: Int = .max) {
        self.request = request
        self.workBudget = workBudget
        screenClassRule = PlanScreenClass.Rule(request)
        sessions = [LayoutSession(plan: LayoutEngine.plan(for: request), workBudget: workBudget)]
        keys = [
            SlotKey(
                screenClass: screenClassRule.screenClass(of: request.screen), accessoryTooShort: false,
                screen: request.screen, accessoryNote: nil, lastUse: 0)
        ]
    }

    /// The session of the last solve.
    var session: LayoutSession { sessions[current] }

    /// True when the last build or solve stopped at the work budget: its result is incomplete.
    public var exceededWorkBudget: Bool { sessions[current].exceededWorkBudget }

    /// The solver work done so far by the session of the last solve, for the refusal's message.
    var workDone: Int { sessions[current].solver.workDone }

    /// About how many bytes the prepared layout holds: per session, its solver's tables and a fixed
    /// share per item and per constraint for the plan and the labels; and the request.
    var estimatedBytes: Int {
        var bytes = 4096
        for index in sessions.indices {
            bytes +=
                sessions[index].solver.estimatedBytes + sessions[index].items.count * 512
                + sessions[index].labels.count * 256
        }
        return bytes
    }

    /// Lays the request out on `screen`.
    public mutating func solve(screen: Screen) -> LayoutResult {
        request.screen = screen
        let screenClass = screenClassRule.screenClass(of: screen)
        uses &+= 1
        // The same screen again on a session planned without the accessory: the note is already known.
        // (The screen is compared first: reading the note would copy it.)
        for index in keys.indices where keys[index].screen == screen && keys[index].accessoryNote != nil {
            current = index
            keys[index].lastUse = uses
            var result = sessions[index].solve(screen: screen)
            if let note = keys[index].accessoryNote { result.diagnostics.append(note) }
            return result
        }
        let index = slot(screenClass, accessoryTooShort: false)
        var result = sessions[index].solve(screen: screen)
        guard sessions[index].plan.allowsBuiltInOnlyItems, let check = Self.accessoryCheck(result, request: request)
        else { return consume result }
        // The header accessory hides on a map too short for it (seeds 003/004): solve again without it.
        let retry = slot(screenClass, accessoryTooShort: true)
        result = sessions[retry].solve(screen: screen)
        result.diagnostics.append(check)
        keys[retry].accessoryNote = check
        return result
    }

    /// The index of the session planned for `screenClass` (and the accessory), made when there is
    /// none; it becomes the current one, with `request.screen` as its screen.
    private mutating func slot(_ screenClass: PlanScreenClass, accessoryTooShort: Bool) -> Int {
        var found: Int?
        for index in keys.indices
        where keys[index].accessoryTooShort == accessoryTooShort && keys[index].screenClass == screenClass {
            found = index
            break
        }
        let index: Int
        if let found {
            index = found
            // A session met again on another screen answers for that screen: a note kept for the
            // last one no longer applies.
            if keys[index].screen != request.screen {
                keys[index].screen = request.screen
                keys[index].accessoryNote = nil
            }
            keys[index].lastUse = uses
        } else {
            let session = LayoutSession(
                plan: LayoutEngine.plan(for: request, accessoryTooShort: accessoryTooShort), workBudget: workBudget)
            let key = SlotKey(
                screenClass: screenClass, accessoryTooShort: accessoryTooShort, screen: request.screen,
                accessoryNote: nil, lastUse: uses)
            if sessions.count < Self.maximumSessions {
                sessions.append(session)
                keys.append(key)
                index = sessions.count - 1
            } else {
                index = keys.indices.min { keys[$0].lastUse < keys[$1].lastUse } ?? 0
                sessions[index] = session
                keys[index] = key
            }
        }
        current = index
        return index
    }

    /// Solves `session` (planned for `request`) on `screen`. A built-in layout whose header accessory
    /// leaves too little map is planned and solved again without it, and `session` becomes that one.
    /// What `LayoutEngine.solve(_:)` does to solve a request once without keeping it.
    static func solve(_ session: inout LayoutSession, request: LayoutRequest, screen: Screen) -> LayoutResult {
        var result = session.solve(screen: screen)
        if session.plan.allowsBuiltInOnlyItems, let check = accessoryCheck(result, request: request) {
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
