import Cassowary
import CassowaryScenario
import Foundation

// navlayout-bench: times the solver on the shared scenario files, with the same modes, columns and
// --dump output as the peer harness (kiwisolver_bench.py), so both can run side by side and be diffed.

struct Options {
    var budget = 1.0
    var maxIterations = 20000
    var minIterations = 5
    var modes = "build,solveonly,resize"
    var dump = false
    var files: [String] = []
}

func parseOptions(_ arguments: [String]) -> Options? {
    var options = Options()
    var index = 0
    func value() -> String? {
        index += 1
        return index < arguments.count ? arguments[index] : nil
    }
    while index < arguments.count {
        switch arguments[index] {
        case "--budget":
            guard let text = value(), let budget = Double(text) else { return nil }
            options.budget = budget
        case "--maxiter":
            guard let text = value(), let count = Int(text) else { return nil }
            options.maxIterations = count
        case "--miniter":
            guard let text = value(), let count = Int(text) else { return nil }
            options.minIterations = count
        case "--modes":
            guard let text = value() else { return nil }
            options.modes = text
        case "--dump":
            options.dump = true
        default:
            options.files.append(arguments[index])
        }
        index += 1
    }
    return options
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

func printValues(_ system: ScenarioSystem, _ solver: Solver) {
    for variable in system.variables {
        print(String(format: "%@ %.6f", variable.name, solver.value(of: variable)))
    }
}

func dump(path: String, system: ScenarioSystem) throws(SolverError) {
    var solver = try system.solve()
    print("## \(path) (initial)")
    printValues(system, solver)
    for step in 0..<system.resizeStepCount {
        try system.applyResize(step: step, to: &solver)
        let label = system.scenario.resizes.map { resize in
            let value = resize.values[step % resize.values.count]
            return "\(system.scenario.variableNames[resize.variable])=" + String(format: "%g", value)
        }
        print("## \(path) (\(label.joined(separator: ",")))")
        printValues(system, solver)
    }
}

/// `text` padded with spaces to `width` columns, on the left when `leftAligned`, like printf's %-Ns / %Ns.
func padded(_ text: String, _ width: Int, leftAligned: Bool = true) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return leftAligned ? text + padding : padding + text
}

func report(_ name: String, _ scenario: Scenario, _ mode: String, _ measurement: Measurement) {
    print(
        String(
            format: "%@ %5d %6d  %@ %7d  %12.2f %12.2f %12.2f %12.2f", padded(name, 22),
            scenario.variableNames.count, scenario.constraints.count, padded(mode, 9), measurement.iterations,
            measurement.median, measurement.minimum, measurement.maximum, measurement.percentile90))
    fflush(nil)
}

guard let options = parseOptions(Array(CommandLine.arguments.dropFirst())) else {
    fail(
        "usage: navlayout-bench [--budget SECONDS] [--maxiter N] [--miniter N] "
            + "[--modes build,solveonly,resize] [--dump] FILE...")
}
if !options.dump {
    print(
        padded("scenario", 22) + " " + padded("vars", 5, leftAligned: false) + " "
            + padded("cons", 6, leftAligned: false)
            + "  " + padded("mode", 9) + " " + padded("iters", 7, leftAligned: false) + "  "
            + ["median_us", "min_us", "max_us", "p90_us"].map { padded($0, 12, leftAligned: false) }.joined(
                separator: " "))
}
for path in options.files {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    let scenario: Scenario
    do { scenario = try Scenario(parsing: text) } catch { fail("\(path): \(error)") }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let system = ScenarioSystem(scenario)
    do {
        if options.dump {
            try dump(path: path, system: system)
            continue
        }
        if options.modes.contains("build") {
            report(
                name, scenario, "build",
                Measurement.run(
                    budget: options.budget, minIterations: options.minIterations, maxIterations: options.maxIterations
                ) {
                    consume(try? ScenarioSystem(scenario).solve())
                })
        }
        if options.modes.contains("solveonly") {
            report(
                name, scenario, "solveonly",
                Measurement.run(
                    budget: options.budget, minIterations: options.minIterations, maxIterations: options.maxIterations
                ) {
                    consume(try? system.solve())
                })
        }
        if options.modes.contains("resize") && !scenario.resizes.isEmpty {
            var solver = try system.solve()
            var step = 0
            report(
                name, scenario, "resize",
                Measurement.run(
                    budget: options.budget, minIterations: options.minIterations, maxIterations: options.maxIterations
                ) {
                    try? system.applyResize(step: step, to: &solver)
                    step += 1
                })
            consume(solver)
        }
    } catch {
        fail("\(path): \(error)")
    }
}
