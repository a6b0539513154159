import NavigationLayout

/// The serve options that bound what the layout engine spends on one request and keeps between
/// requests: the request limits (`LayoutLimits`), the prepared-layout cache's size in bytes and the
/// threads that solve.
extension CommandLineParser {
    static let engineFlags = [
        "--max-views", "--max-constraints", "--max-priority-levels", "--max-stack-members", "--max-solver-work",
        "--prepared-cache-bytes", "--solver-threads",
    ]

    func engineOptions(
        _ value: (String, String) -> (text: String, source: String)?, into configuration: inout ServiceConfiguration
    ) throws(CommandLineError) {
        if let views = value("--max-views", "NAVLAYOUT_MAX_VIEWS") {
            configuration.layoutLimits.views = try Self.integer(views, in: 1...1_000_000)
        }
        if let constraints = value("--max-constraints", "NAVLAYOUT_MAX_CONSTRAINTS") {
            configuration.layoutLimits.constraints = try Self.integer(constraints, in: 1...10_000_000)
        }
        if let levels = value("--max-priority-levels", "NAVLAYOUT_MAX_PRIORITY_LEVELS") {
            configuration.layoutLimits.priorityLevels = try Self.integer(levels, in: 1...999)
        }
        if let members = value("--max-stack-members", "NAVLAYOUT_MAX_STACK_MEMBERS") {
            configuration.layoutLimits.stackMembers = try Self.integer(members, in: 0...100_000)
        }
        if let work = value("--max-solver-work", "NAVLAYOUT_MAX_SOLVER_WORK") {
            configuration.layoutLimits.solverWork = try Self.integer(work, in: 1_000...(1 << 40))
        }
        if let bytes = value("--prepared-cache-bytes", "NAVLAYOUT_PREPARED_CACHE_BYTES") {
            configuration.preparedLayoutCacheBytes = try Self.integer(bytes, in: 0...(1 << 40))
        }
        if let threads = value("--solver-threads", "NAVLAYOUT_SOLVER_THREADS") {
            configuration.solverThreads = try Self.integer(threads, in: 1...256)
        }
    }
}
