// Layout benchmark: the whole request path (request JSON in, result JSON out) next to the bare solver
// work of the same layout (the same constraints and edit values in a fresh Cassowary solver), in one run.
//
//     swift run -c release navlayout-layout-bench [--repetitions R] [FILE.json ...]
//     navlayout-layout-bench --profile solve|path|decode COUNT FILE.json
//
// --profile runs one stage COUNT times and prints nothing else, so that an instruction counter
// (valgrind --tool=callgrind) sees only that stage: instruction counts are stable where wall-clock
// times on a shared machine are not.
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
    var profile: (stage: String, count: Int)?

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--repetitions" {
                guard let text = remaining.popFirst(), let count = Int(text), count > 0 else {
                    throw UsageError(description: "--repetitions needs a positive integer")
                }
                repetitions = count
            } else if argument == "--profile" {
                guard let stage = remaining.popFirst(), ["solve", "path", "decode"].contains(stage),
                    let text = remaining.popFirst(), let count = Int(text), count > 0
                else {
                    throw UsageError(description: "--profile needs solve, path or decode and a positive count")
                }
                profile = (stage, count)
            } else {
                files.append(argument)
            }
        }
        if files.isEmpty {
            files = ["seed-delegate-prompt.json", "builtin-guidance.json"].map {
                "Tests/NavigationLayoutTests/Fixtures/" + $0
            }
        }
    }
}

func readFile(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw UsageError(description: "cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: buffer[0..<count])
    }
    return bytes
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    if let profile = options.profile {
        var sink = 0
        for path in options.files {
            let bytes = try readFile(path)
            let request = try LayoutRequest.decode(from: bytes)
            var prepared = PreparedLayout(request)
            _ = prepared.solve(screen: request.screen)
            let workload = prepared.workload
            for _ in 0..<profile.count {
                if profile.stage == "solve" {
                    sink &+= (try? workload.solve()).map { _ in 1 } ?? 0
                } else if profile.stage == "decode" {
                    sink &+= (try? LayoutRequest.decode(from: bytes)).map { $0.delegate == nil ? 1 : 2 } ?? 0
                } else if let request = try? LayoutRequest.decode(from: bytes) {
                    sink &+= LayoutEngine.solve(request).jsonBytes().count
                }
            }
        }
        print("\(profile.stage) x\(profile.count): \(sink)")
        exit(0)
    }
    print(
        "request                      constraints  solve_us   prepare_us resolve_us engine_us  path_us    path/solve path/engine"
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
        let whole = medianMicroseconds(repetitions: options.repetitions) {
            guard let request = try? LayoutRequest.decode(from: bytes) else { return 0 }
            return LayoutEngine.solve(request).jsonBytes().count
        }
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
                + column(fixed(whole), 11) + column(fixed(whole / solve) + "x", 11) + fixed(whole / engine) + "x")
    }
} catch {
    print("navlayout-layout-bench: \(error)")
    exit(2)
}
