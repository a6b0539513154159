// Hot: measured by the `served` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

import Cassowary

/// One delegate document solved in one navigation state: the solver, the items it places, and the
/// constraints in force. Built once per plan; `solve(screen:)` lays it out for a screen and can be called
/// again for other screens of the same width class, reusing the solver (edit variables carry the screen).
///
/// This file holds the session's state, the build and the solve loop; each job they call is an extension
/// named after it: placing the items (`+Items`), installing with labels (`+Labels`), the SDK and
/// intrinsic sizes (`+SizeRules`), hiding stacks (`+HidingStacks`), the document's constraints
/// (`+DocumentConstraints`) written as terms (`+Anchors`), and the result (`+Result`) with its broken
/// constraints (`+BrokenReports`), layer order (`+LayerOrder`) and ambiguity checks (`+Ambiguity`).
struct LayoutSession: Sendable {
    private(set) var plan: LayoutPlan
    var solver = Solver()
    /// The solver's last answer on which variables are undetermined, for the next solve to reuse
    /// when only constants moved (`Solver.undeterminedVariables(memo:)`).
    var determinedness = DeterminednessMemo()
    /// The constraints that can break while the solver's rows keep their structure.
    var brokenConstraintMemo = BrokenConstraintMemo()
    /// The ambiguity findings of the last solve and the items visible then.
    var lastAmbiguity: (visible: [Int], diagnostics: [Diagnostic])?
    var items: [PlacedItem] = []
    var itemIndex = ItemNameIndex()
    /// Every constraint the session installs with its label (rendered as text only for diagnostics and
    /// `broken`, see `text(of:for:)`), in the order installed. Labels are read only for a conflict or a
    /// broken constraint, so they are kept in a list rather than hashed for every constraint installed
    /// (see `label(of:)`).
    var labels: [InstalledConstraint] = []
    /// The document's constraints in force, in the order installed (`ConstraintLabel.written` points here).
    private(set) var inForce: [DelegateConstraint] = []
    /// Pairs of placed items that overlap by design (a margins guide, a subview), which the overlap
    /// check leaves alone.
    private(set) var intendedOverlaps: [IntendedOverlap] = []
    /// Whether a hand-made plan placed an item named like the map or the safe area; constraints still
    /// mean the screen's by those names (see `installUserConstraints`).
    var placedContainerName = false
    var sizeRules: [SizeRule] = []
    var stacks: [StackState] = []
    /// Diagnostics found while building (static checks, conflicts); geometric ones are added per solve.
    var buildDiagnostics: [Diagnostic] = []
    /// The guide items a result reports, in the plan's documented order (`LayoutPlan.reportedGuides`);
    /// nil: every guide, in item order.
    var reportedGuideItems: [Int]?
    var hidden: [(name: String, reason: String)] = []
    var promptCorners: PromptCorners = .top
    /// Where a delegate read from Swift made its parts; nil for a document without a source map.
    let sourceMap: DelegateSourceMap?
    /// The component sizes for the plan's screen (recomputed when the screen changes).
    private(set) var sizes: ComponentSizes
    /// The screen whose values the edit variables hold (the plan's, until another is suggested).
    private var suggestedScreen: Screen
    /// The solver's symbols of each item's left, top, width and height, four per item, and the
    /// solver's `variableSymbolsVersion` they hold for: frames are read by symbol, not looked up.
    private var frameSymbols: [Int32] = []
    private var frameSymbolsVersion: UInt64 = .max
    /// The screen the session was built for, and whether its constraints are that screen's: it broke
    /// constraints that contradicted the screen (`breakScreenConflicts`), or a conflict involved a
    /// size or stack that changes with the screen. Such a session is built again for another screen.
    private var builtScreen: Screen
    var screenDependent = false
    var stateName: String { plan.state.navigation.rawValue }
    /// Which components the SDK hands over in the plan's state, from the plan's fields read in place
    /// (handing the whole plan to a function would copy it, a reference count for each field).
    var availability: ComponentAvailability {
        ComponentAvailability(
            allowsBuiltInOnlyItems: plan.allowsBuiltInOnlyItems, navigation: plan.state.navigation,
            promptShown: plan.promptShown)
    }

    /// The solver work one build or one solve may take (see `LayoutLimits.solverWork`); past it the
    /// session installs nothing more and stops solving, and ``exceededWorkBudget`` says so: the
    /// layout is then refused, not reported.
    let workBudget: Int
    private(set) var exceededWorkBudget = false

    /// True once the current build or solve has used more than its budget.
    mutating func isOverWorkBudget() -> Bool {
        if !exceededWorkBudget && solver.isPastWorkLimit { exceededWorkBudget = true }
        return exceededWorkBudget
    }

    /// Starts the budget of a build or solve: the solver stops its loops once the step has used it.
    private mutating func startWorkBudget() {
        let (limit, overflow) = solver.workDone.addingReportingOverflow(workBudget)
        solver.workLimit = overflow ? .max : limit
    }

    init(plan: LayoutPlan, workBudget: Int = .max) {
        self.plan = plan
        self.workBudget = workBudget
        sizes = plan.sizes
        suggestedScreen = plan.screen
        builtScreen = plan.screen
        buildDiagnostics = plan.diagnostics
        hidden = plan.hidden
        sourceMap = plan.document.sourceMap.isEmpty ? nil : DelegateSourceMap(plan.document)
        startWorkBudget()
        build()
    }

    /// Installs the screen, the items and every constraint of the plan.
    private mutating func build() {
        for (index, variable) in ScreenVariables.all.enumerated() {
            try? solver.addEditVariable(
                variable, priority: ScreenVariables.editPriority,
                initialValue: ScreenVariables.value(at: index, of: plan.screen))
        }
        inForce = collectConstraints()
        items.reserveCapacity(16)
        itemIndex.reserveCapacity(16)
        placeItems(constraints: inForce)
        intendedOverlaps = IntendedOverlap.find(
            constraints: inForce, views: plan.document.views, itemIndex: itemIndex)
        reportedGuideItems = plan.reportedGuides?.compactMap { name in
            guard let index = itemIndex[name], case .guide = items[index].role else { return nil }
            return index
        }
        // Every constraint installed gets a label: the document's, two size rules and up to two
        // intrinsic-size pairs per item, a few per stacked view. Sized for that first build, the table
        // does not rehash while it fills.
        labels.reserveCapacity(inForce.count + 4 * items.count + 16)
        installSizes()
        for index in stacks.indices { installStack(index) }
        installSafeAreaGuides()
        installUserConstraints(inForce)
        breakScreenConflicts()
    }

    /// A required constraint pulls the screen away, or a size or stack that moved with this screen met
    /// a conflict: what breaks depends on the order the constraints arrive in, so it is found on a
    /// session built for this screen, as a fresh solve finds it; on that session, what the sizes and
    /// stacks this solve installed put in the screen's way is broken. Then the screen is solved
    /// again. Nil when nothing could be broken.
    @inline(never)
    private mutating func solveAgainForScreen(_ screen: Screen) -> LayoutResult? {
        if screen != builtScreen {
            rebuild(for: screen)
            return solve(screen: screen)
        }
        let installed = labels.count
        breakScreenConflicts()
        return labels.count < installed ? solve(screen: screen) : nil
    }

    /// Starts over for `screen`: the session broke constraints that contradicted its own screen, or
    /// the screen it solves now is contradicted, and what to break depends on the screen.
    @inline(never)
    private mutating func rebuild(for screen: Screen) {
        var plan = self.plan
        plan.screen = screen
        self = LayoutSession(plan: plan, workBudget: workBudget)
    }

    /// The constraints in the solver, in the order added, and the screen's edit variables with their
    /// values: what a bare solver needs to reproduce this layout's final solve.
    var workload: SolverWorkload {
        SolverWorkload(
            constraints: solver.constraints,
            edits: ScreenVariables.all.enumerated().map { index, variable in
                SolverWorkload.Edit(
                    variable: variable, priority: ScreenVariables.editPriority,
                    value: ScreenVariables.value(at: index, of: plan.screen))
            })
    }

    // MARK: Solving

    /// Lays the session out for `screen` (same width class as the plan) and returns the result.
    mutating func solve(screen: Screen) -> LayoutResult {
        if screenDependent && screen != builtScreen { rebuild(for: screen) }
        // A build over budget stays refused; otherwise each solve has a budget of its own.
        if !exceededWorkBudget { startWorkBudget() }
        plan.screen = screen
        sizes = plan.sizes
        // The first solve of a session is for the screen it was built with, whose values the edit
        // variables already hold: suggesting them again would change nothing.
        if screen != suggestedScreen {
            for (index, variable) in ScreenVariables.all.enumerated() {
                try? solver.suggestValue(ScreenVariables.value(at: index, of: screen), for: variable)
            }
            suggestedScreen = screen
        }
        // Every solve starts from the full set of arranged views: room may have come back.
        for index in stacks.indices where stacks[index].visibleCount < stacks[index].arranged.count {
            stacks[index].visibleCount = stacks[index].arranged.count
            installStack(index)
        }
        var frames: [Frame] = []
        // Sizes that depend on position (cards under the safe area) and stacks out of room each need
        // another pass; a layout settles in one or two.
        for _ in 0..<(8 + 2 * stacks.reduce(0) { $0 + $1.arranged.count }) {
            solver.updateVariables()
            updateFrames(&frames)
            var changed = false
            for index in sizeRules.indices where applySizeRule(index, itemFrame: frames[sizeRules[index].item]) {
                changed = true
            }
            if isOverWorkBudget() { break }
            if changed { continue }
            if hideOneOutOfRoom(frames: frames) { continue }
            break
        }
        if !exceededWorkBudget && (!solver.holdsEditSuggestions() || (screenDependent && screen != builtScreen)),
            let result = solveAgainForScreen(screen)
        {
            return result
        }
        // Handed over (`consume`): the result rounds them in place, which a second reference to the
        // same storage would turn into a copy.
        return makeResult(frames: consume frames)
    }

    /// Replaces `frames` with the items' current frames, in the storage of the previous pass (a new
    /// array per pass would be a heap block each time).
    private mutating func updateFrames(_ frames: inout [Frame]) {
        if frameSymbolsVersion != solver.variableSymbolsVersion || frameSymbols.count != 4 * items.count {
            frameSymbols.removeAll(keepingCapacity: true)
            frameSymbols.reserveCapacity(4 * items.count)
            for index in items.indices {
                frameSymbols.append(solver.knownSymbol(of: items[index].variables.left))
                frameSymbols.append(solver.knownSymbol(of: items[index].variables.top))
                frameSymbols.append(solver.knownSymbol(of: items[index].variables.width))
                frameSymbols.append(solver.knownSymbol(of: items[index].variables.height))
            }
            frameSymbolsVersion = solver.variableSymbolsVersion
        }
        frames.removeAll(keepingCapacity: true)
        frames.reserveCapacity(items.count)
        for index in items.indices {
            let base = 4 * index
            frames.append(
                Frame(
                    x: solver.value(atSymbol: frameSymbols[base]), y: solver.value(atSymbol: frameSymbols[base + 1]),
                    width: solver.value(atSymbol: frameSymbols[base + 2]),
                    height: solver.value(atSymbol: frameSymbols[base + 3])))
        }
    }
}
