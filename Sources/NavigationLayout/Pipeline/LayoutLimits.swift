/// How much one request may ask of the engine. A delegate is bounded only by the body size
/// otherwise, and a body of a megabyte holds thousands of views: enough to keep a solver busy for
/// seconds. Each limit is checked before any solving, except the solver's work, which is counted
/// while it solves (in row entries written and merged, see `Solver.workDone`) so that the same request always
/// stops at the same point. A request over a limit is refused with a `RequestError` naming the limit,
/// its value and where the request exceeds it.
///
/// The defaults leave room for many times what a navigation screen holds (a dozen SDK components and
/// a few of the app's own views); the service takes each from a flag.
public struct LayoutLimits: Sendable, Equatable {
    /// The delegate's own views, guides and stacks, together.
    public var views: Int
    /// Constraints written in the delegate: shared, per state and wide variants, together.
    public var constraints: Int
    /// Distinct priorities below required, among constraints and views' hugging and compression.
    public var priorityLevels: Int
    /// Views arranged in hiding stacks, all stacks together (each can cost a solve pass of its own).
    public var stackMembers: Int
    /// Solver work for one build or solve of the layout, in row entries written and merged.
    public var solverWork: Int

    public init(
        views: Int = 500, constraints: Int = 5_000, priorityLevels: Int = 64, stackMembers: Int = 64,
        solverWork: Int = 50_000_000
    ) {
        self.views = views
        self.constraints = constraints
        self.priorityLevels = priorityLevels
        self.stackMembers = stackMembers
        self.solverWork = solverWork
    }

    /// The limits `navlayout serve` and the command line apply unless told otherwise.
    public static let standard = LayoutLimits()

    /// No limit at all: for benchmarks that measure how cost grows past the standard limits.
    public static let unlimited = LayoutLimits(
        views: .max, constraints: .max, priorityLevels: .max, stackMembers: .max, solverWork: .max)

    /// Refuses a request whose delegate exceeds a limit, with one issue per limit exceeded.
    public func check(_ request: LayoutRequest) throws(RequestError) {
        guard let delegate = request.delegate else { return }
        var issues: [RequestError.Issue] = []
        func exceeds(_ count: Int, _ limit: Int, path: String, what: String, flag: String) {
            guard count > limit else { return }
            issues.append(
                RequestError.Issue(
                    path: path, message: "has \(count) \(what); the limit is \(limit) (\(flag))"))
        }
        let views = delegate.views.count + delegate.guides.count + delegate.stacks.count
        exceeds(views, self.views, path: "delegate", what: "views, guides and stacks", flag: "--max-views")
        let constraints = delegate.allConstraints
        exceeds(constraints.count, self.constraints, path: "delegate", what: "constraints", flag: "--max-constraints")
        var priorities = Set<Int>()
        for constraint in constraints where !constraint.spec.priority.isRequired {
            priorities.insert(constraint.spec.priority.value)
        }
        for view in delegate.views {
            for priority in [
                view.hugging.horizontal, view.hugging.vertical, view.compression.horizontal, view.compression.vertical,
            ] where !priority.isRequired {
                priorities.insert(priority.value)
            }
        }
        exceeds(
            priorities.count, priorityLevels, path: "delegate", what: "priority levels below required",
            flag: "--max-priority-levels")
        let members = delegate.stacks.reduce(0) { $0 + $1.arranged.count }
        exceeds(members, stackMembers, path: "delegate.stacks", what: "arranged views", flag: "--max-stack-members")
        if !issues.isEmpty { throw RequestError(issues: issues) }
    }

    /// Refuses a layout whose last build or solve stopped at ``solverWork`` (its result is
    /// incomplete).
    func checkSolverWork(of layout: PreparedLayout) throws(RequestError) {
        if layout.exceededWorkBudget { throw solverWorkExceeded(layout.workDone) }
    }

    private func solverWorkExceeded(_ work: Int) -> RequestError {
        RequestError(
            path: "delegate",
            message:
                "solving the layout took more than the solver work limit of \(solverWork) row operations "
                + "(stopped at \(work)) (--max-solver-work)")
    }
}

extension DelegateDocument {
    /// Every constraint the document writes, in document order: shared, the states, the wide variants.
    var allConstraints: [DelegateConstraint] {
        var all = shared
        for layout in [ready, guidance, wide?.ready, wide?.guidance] { all += layout?.constraints ?? [] }
        for layout in [prompt, wide?.prompt] { all += layout?.constraints ?? [] }
        return all
    }
}
