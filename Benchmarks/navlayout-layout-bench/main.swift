// Layout benchmark: the request path (request JSON in, result JSON out) next to the bare solver work of
// the same layout (the same constraints and edit values in a fresh Cassowary solver), in one run. Two
// paths are measured: `served` is exactly what POST /v1/layouts runs for a body it has seen before
// (`LayoutPipeline.solve`: parse, the prepared-layout cache, a re-solve, the result's bytes), and
// `path` a cold one (decode, plan and solve afresh, write).
//
//     swift run -c release navlayout-layout-bench [--repetitions R] [FILE.json ...]
//     swift run -c release navlayout-layout-bench --chains [--repetitions R]
//     navlayout-layout-bench --profile solve|path|decode|served COUNT (FILE.json ... | --chained N)
//     navlayout-layout-bench --write-chained N > chain.json    # the request, for `navlayout solve` of any build
//
// --chains measures how the cost grows with the number of custom views: a column of N chained views
// (chainedLayoutRequest) for N = 125 to 4,000, each request solved cold by a new pipeline (as a body
// the service has not seen before), next to the bare solve of the same constraints, with the growth
// per doubling of N. --chained N profiles that request in place of files.
//
// --profile runs one stage COUNT times after a warm-up and prints one line, for an instruction or
// allocation counter (see ProfileRequest and scripts/check-budgets.sh): counts are stable where
// wall-clock times on a shared machine are not.
//
// Without files it measures the seed's sample delegate in guidance with a prompt, and the built-in
// example. Each figure is the median over R repetitions of the mean time per operation in a batch sized
// to take about 20 ms; the ratio compares the medians of the same run. The decode stage runs only
// `LayoutRequest.decode(from:)`, the first step of the path, to count the decoder's share on its own.
import BenchmarkSupport
import Cassowary
import NavigationLayout

struct UsageError: Error, CustomStringConvertible {
    var description: String
}

struct Options {
    var repetitions = 21
    var files: [String] = []
    var profile: ProfileRequest?
    var chains = false
    var chained: Int?
    var writeChained: Int?

    static let usage = """
        usage: navlayout-layout-bench [--repetitions R] [FILE.json ...]
               navlayout-layout-bench --chains [--repetitions R]
               navlayout-layout-bench --write-chained N
               navlayout-layout-bench --profile solve|path|decode|served COUNT (FILE.json ... | --chained N)
        """

    init(arguments: [String]) {
        var reader = OptionReader(arguments, usage: Self.usage)
        while let option = reader.nextOption() {
            switch option {
            case "--repetitions": repetitions = reader.positiveInteger()
            case "--profile": profile = reader.profile(stages: ["solve", "path", "decode", "served"])
            case "--chains": chains = true
            case "--chained": chained = reader.positiveInteger()
            case "--write-chained": writeChained = reader.positiveInteger()
            default:
                if option.hasPrefix("--") { reader.fail() }
                files.append(option)
            }
        }
        if files.isEmpty {
            files = ["seed-delegate-prompt.json", "builtin-guidance.json"].map {
                "Tests/Fixtures/" + $0
            }
        }
    }
}

/// The cold path: request bytes in, `LayoutRequest.decode`, `LayoutEngine.solve`, result bytes out.
func layoutPath(_ bytes: [UInt8]) -> Int {
    guard let request = try? LayoutRequest.decode(from: bytes) else { return 0 }
    return LayoutEngine.solve(request).jsonBytes().count
}

/// The served path: what POST /v1/layouts calls for a body without a profile.
func servedPath(_ bytes: [UInt8], through pipeline: LayoutPipeline) -> Int {
    do {
        return try pipeline.solve(LayoutBody.read(bytes)).resultBytes().count
    } catch {
        return 0
    }
}

func readFile(_ path: String) throws -> [UInt8] {
    guard let bytes = fileContents(path) else { throw UsageError(description: "cannot open \(path)") }
    return bytes
}

/// Fixed-point text with two decimals.
func fixed(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// Pads `text` to `width` characters (at least one space after it).
func column(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

/// The --chains table: per column length, the bare solve, the cold served path, their ratio, and
/// how much the served path grew since half the length.
func measureChains(repetitions: Int) throws {
    print(
        "views  constraints  solve_ms   served_ms  served/solve  growth  (medians of \(repetitions); served is cold: a new pipeline per request)"
    )
    var previous: Double?
    for views in [125, 250, 500, 1000, 2000, 4000] {
        let bytes = chainedLayoutRequest(views: views)
        let request = try LayoutRequest.decode(from: bytes)
        var prepared = PreparedLayout(request)
        _ = prepared.solve(screen: request.screen)
        let workload = prepared.workload
        let solve = medianMicroseconds(repetitions: repetitions) { (try? workload.solve()).map { _ in 1 } ?? 0 }
        let served = medianMicroseconds(repetitions: repetitions) {
            servedPath(bytes, through: LayoutPipeline(limits: .unlimited, clock: { 0 }))
        }
        let growth = previous.map { fixed(served / $0) + "x" } ?? "-"
        previous = served
        print(
            column("\(views)", 7) + column("\(workload.constraints.count)", 13) + column(fixed(solve / 1000), 11)
                + column(fixed(served / 1000), 11) + column(fixed(served / solve) + "x", 14) + growth)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

do {
    let options = Options(arguments: CommandLine.arguments)
    if let views = options.writeChained {
        print(String(decoding: chainedLayoutRequest(views: views), as: UTF8.self))
        exit(0)
    }
    if options.chains {
        try measureChains(repetitions: options.repetitions)
        exit(0)
    }
    if let profile = options.profile {
        let inputs = try options.chained.map { [chainedLayoutRequest(views: $0)] } ?? options.files.map(readFile)
        for bytes in inputs {
            switch profile.stage {
            case "decode":
                profile.run { (try? LayoutRequest.decode(from: bytes)).map { $0.delegate == nil ? 1 : 2 } ?? 0 }
            case "solve":
                let request = try LayoutRequest.decode(from: bytes)
                var prepared = PreparedLayout(request)
                _ = prepared.solve(screen: request.screen)
                let workload = prepared.workload
                profile.run { (try? workload.solve()).map { _ in 1 } ?? 0 }
            case "served":
                let pipeline = LayoutPipeline(clock: { 0 })
                profile.run { servedPath(bytes, through: pipeline) }
            default:
                profile.run { layoutPath(bytes) }
            }
        }
        exit(0)
    }
    print(
        "request                      constraints  solve_us   prepare_us resolve_us engine_us  path_us    served_us  path/solve served/solve"
            + "  (medians of \(options.repetitions), microseconds per layout)")
    for path in options.files {
        let bytes = try readFile(path)
        let request = try LayoutRequest.decode(from: bytes)
        var prepared = PreparedLayout(request)
        _ = prepared.solve(screen: request.screen)
        let workload = prepared.workload
        _ = try workload.solve()
        let solve = medianMicroseconds(repetitions: options.repetitions) {
            (try? workload.solve()).map { _ in 1 } ?? 0
        }
        // The engine's parts: planning and building the solver (with its first solve), and a re-solve of
        // the prepared layout (suggest the screen, read frames, run every check, build the result).
        let prepare = medianMicroseconds(repetitions: options.repetitions) {
            PreparedLayout(request).request.delegate == nil ? 0 : 1
        }
        var reused = PreparedLayout(request)
        let resolve = medianMicroseconds(repetitions: options.repetitions) {
            reused.solve(screen: request.screen).frames.count
        }
        let engine = medianMicroseconds(repetitions: options.repetitions) {
            LayoutEngine.solve(request).frames.count
        }
        let whole = medianMicroseconds(repetitions: options.repetitions) { layoutPath(bytes) }
        let pipeline = LayoutPipeline(clock: { 0 })
        let served = medianMicroseconds(repetitions: options.repetitions) { servedPath(bytes, through: pipeline) }
        let name = String(path.split(separator: "/").last ?? Substring(path))
        print(
            column(name, 29) + column("\(workload.constraints.count)", 13) + column(fixed(solve), 11)
                + column(fixed(prepare), 11) + column(fixed(resolve), 11) + column(fixed(engine), 11)
                + column(fixed(whole), 11) + column(fixed(served), 11) + column(fixed(whole / solve) + "x", 11)
                + fixed(served / solve) + "x")
    }
} catch {
    print("navlayout-layout-bench: \(error)")
    exit(2)
}
