import NavLayoutService
import NavigationLayout
import Testing

/// The serve flags and variables that bound what the engine spends on one request and keeps between
/// requests: the layout limits, the prepared-layout cache's bytes and the solver threads.
@Suite("Command line: engine limits")
struct EngineFlagTests {
    private func configuration(_ arguments: [String], environment: [String: String] = [:]) throws
        -> ServiceConfiguration?
    {
        let command = try CommandLineParser().parse(arguments: ["serve"] + arguments, environment: environment)
        guard case .serve(let configuration) = command else {
            Issue.record("expected serve, got \(command)")
            return nil
        }
        return configuration
    }

    @Test("by default the standard limits, a 256 MiB cache and a solver thread per core")
    func defaults() throws {
        let standard = try #require(try configuration([]))
        #expect(standard.layoutLimits == .standard)
        #expect(standard.preparedLayoutCacheBytes == 256 << 20)
        #expect(standard.solverThreads == nil)
    }

    @Test("every flag sets its limit, every variable too, and a flag wins over its variable")
    func flagsAndEnvironment() throws {
        let flagged = try #require(
            try configuration([
                "--max-views", "40", "--max-constraints=900", "--max-priority-levels", "8", "--max-stack-members", "6",
                "--max-solver-work", "5000", "--prepared-cache-bytes", "1048576", "--solver-threads", "3",
            ]))
        #expect(
            flagged.layoutLimits
                == LayoutLimits(views: 40, constraints: 900, priorityLevels: 8, stackMembers: 6, solverWork: 5000))
        #expect(flagged.preparedLayoutCacheBytes == 1_048_576)
        #expect(flagged.solverThreads == 3)

        let environment = [
            "NAVLAYOUT_MAX_VIEWS": "41", "NAVLAYOUT_MAX_CONSTRAINTS": "901", "NAVLAYOUT_MAX_PRIORITY_LEVELS": "9",
            "NAVLAYOUT_MAX_STACK_MEMBERS": "7", "NAVLAYOUT_MAX_SOLVER_WORK": "5001",
            "NAVLAYOUT_PREPARED_CACHE_BYTES": "0", "NAVLAYOUT_SOLVER_THREADS": "2",
        ]
        let fromEnvironment = try #require(try configuration([], environment: environment))
        #expect(
            fromEnvironment.layoutLimits
                == LayoutLimits(views: 41, constraints: 901, priorityLevels: 9, stackMembers: 7, solverWork: 5001))
        #expect(fromEnvironment.preparedLayoutCacheBytes == 0)
        #expect(fromEnvironment.solverThreads == 2)
        #expect(try configuration(["--max-views", "12"], environment: environment)?.layoutLimits.views == 12)
    }

    @Test(
        "values out of range or not numbers are errors that name the flag or variable",
        arguments: [
            (["--max-views", "0"], [:], "--max-views"), (["--max-constraints", "many"], [:], "--max-constraints"),
            (["--max-priority-levels", "1000"], [:], "--max-priority-levels"),
            (["--max-stack-members", "-1"], [:], "--max-stack-members"),
            (["--max-solver-work", "999"], [:], "--max-solver-work"),
            (["--prepared-cache-bytes", "1.5"], [:], "--prepared-cache-bytes"),
            (["--solver-threads", "0"], [:], "--solver-threads"),
            ([], ["NAVLAYOUT_SOLVER_THREADS": "257"], "NAVLAYOUT_SOLVER_THREADS"),
        ])
    func errors(arguments: [String], environment: [String: String], named: String) {
        #expect {
            try CommandLineParser().parse(arguments: ["serve"] + arguments, environment: environment)
        } throws: { error in
            (error as? CommandLineError)?.message.contains(named) == true
        }
    }

    @Test("the help names every flag and its variable")
    func help() {
        for text in [
            "--max-views", "NAVLAYOUT_MAX_VIEWS", "--max-constraints", "NAVLAYOUT_MAX_CONSTRAINTS",
            "--max-priority-levels", "NAVLAYOUT_MAX_PRIORITY_LEVELS", "--max-stack-members",
            "NAVLAYOUT_MAX_STACK_MEMBERS", "--max-solver-work", "NAVLAYOUT_MAX_SOLVER_WORK", "--prepared-cache-bytes",
            "NAVLAYOUT_PREPARED_CACHE_BYTES", "--solver-threads", "NAVLAYOUT_SOLVER_THREADS",
        ] {
            #expect(CommandLineParser.usage.contains(text), "\(text)")
        }
    }
}
