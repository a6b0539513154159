// Layout benchmark: the request path (request JSON in, result JSON out) next to the bare solver work of
// the same layout (the same constraints and edit values in a fresh Cassowary solver), in one run. Two
// paths are measured: `served` is exactly what POST /v1/layouts runs for a body it has seen before
// (`LayoutPipeline.solve`: parse, the prepared-layout cache, a re-solve, the result's bytes), and
// `path` a cold one (decode, plan and solve afresh, write).
//
//     swift run -c release navlayout-layout-bench [--repetitions R] [FILE.json ...]
//     navlayout-layout-bench --profile solve|path|decode|served COUNT FILE.json ...
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

    static let usage = """
        usage: navlayout-layout-bench [--repetitions R] [FILE.json ...]
               navlayout-layout-bench --profile solve|path|decode|served COUNT FILE.json ...
        """

    init(arguments: [String]) {
        var reader = OptionReader(arguments, usage: Self.usage)
        while let option = reader.nextOption() {
            switch option {
            case "--repetitions": repetitions = reader.positiveInteger()
            case "--profile": profile = reader.profile(stages: ["solve", "path", "decode", "served"])
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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

do {
    let options = Options(arguments: CommandLine.arguments)
    if let profile = options.profile {
        for file in options.files {
            let bytes = try readFile(file)
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
        func column(_ text: String, _ width: Int) -> String {
            text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
        }
        func fixed(_ value: Double) -> String {
            let hundredths = Int((value * 100).rounded())
            let fraction = hundredths % 100
            return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
        }
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
