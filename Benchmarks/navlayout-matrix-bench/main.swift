// Device matrix: what the engine spends per cell of a matrix and per layout diff, next to single
// solves of the same body, and what expanding a request over every preset, running the cells through
// the runner, writing the table and drawing the contact sheet cost per cell, next to decoding one
// POST /v1/layouts body, all in the same run.
//
//     swift run -c release navlayout-matrix-bench [--repetitions R] [--after AFTER.json] [FILE.json]
//     navlayout-matrix-bench --profile matrix|diff|cold-matrix|cold-diff COUNT FILE.json [--after AFTER.json]
//
// The engine figures (FILE defaults to seed-delegate-guidance.json):
// - single solve, served: `LayoutPipeline.solve(LayoutBody.read(bytes))` on a pipeline that has seen
//   the body (the prepared-layout cache hit of POST /v1/layouts?record=false), without the answer's
//   bytes; and with them, as the route writes them.
// - single solve, cold: the same on a new pipeline each time (decode, plan, build, solve).
// - matrix: `LayoutPipeline.matrix(LayoutBody.read(bytes))` over the default 264 cells, per cell.
// - diff: what `navlayout diff FILE AFTER` runs: both sides through `LayoutPipeline.matrix` over
//   every preset (one pipeline, as the command has), then `MatrixDiff(before:after:)`. AFTER
//   defaults to seed-delegate-prompt.json: the seed's delegate with a prompt in guidance.
// Every pipeline has the service's clock (`solveMicros` is read per cell, as served).
//
// The overhead figures: cells are answered by a closure that returns a fixed outcome (the engine
// plugs in at that seam). Each figure is the median over R repetitions of the mean time per
// operation in a batch; ratios compare medians.
//
// --profile matrix runs one whole matrix with the engine COUNT times after a warm-up and prints one
// line, for an instruction or allocation counter (see ProfileRequest and scripts/check-budgets.sh);
// --profile diff runs the diff; cold-matrix and cold-diff run them on a new pipeline each time, as
// the command line does.
import BenchmarkSupport
import Foundation
import JSON
import LayoutPicture
import NavigationLayout

let usage = """
    usage: navlayout-matrix-bench [--repetitions R] [--after AFTER.json] [FILE.json]
           navlayout-matrix-bench --profile matrix|diff|cold-matrix|cold-diff COUNT FILE.json [--after AFTER.json]
    """
var requestedRepetitions = 21
var file = "Tests/Fixtures/seed-delegate-guidance.json"
var afterFile = "Tests/Fixtures/seed-delegate-prompt.json"
var profile: ProfileRequest?
var reader = OptionReader(CommandLine.arguments, usage: usage)
while let option = reader.nextOption() {
    switch option {
    case "--repetitions": requestedRepetitions = reader.positiveInteger()
    case "--after": afterFile = reader.value()
    case "--profile": profile = reader.profile(stages: ["matrix", "diff", "cold-matrix", "cold-diff"])
    default:
        if option.hasPrefix("--") { reader.fail() }
        file = option
    }
}
let repetitions = requestedRepetitions

guard let data = FileManager.default.contents(atPath: file),
    let afterData = FileManager.default.contents(atPath: afterFile)
else {
    print("cannot read \(file) or \(afterFile)")
    exit(2)
}
let bytes = [UInt8](data)
let afterBytes = [UInt8](afterData)

/// One device matrix as `navlayout matrix` and POST /v1/layouts/matrix?record=false compute it: the body
/// read, then `LayoutPipeline.matrix` (the cells planned, every preset by default, each group of cells
/// solved by one prepared layout with only the screen changing), the table written.
func solvedMatrix(_ bytes: [UInt8], through pipeline: LayoutPipeline) -> Int {
    do {
        let solved = try pipeline.matrix(LayoutBody.read(bytes))
        return JSONWriter().bytes(for: solved.report.jsonValue).count
    } catch {
        return 0
    }
}

/// What `navlayout diff BEFORE AFTER` computes for two request bodies: each side over every preset
/// (a body without a `matrix` member selects them all), one pipeline for both, then the comparison.
func layoutDiff(_ before: [UInt8], _ after: [UInt8], through pipeline: LayoutPipeline) -> Int {
    do {
        let beforeMatrix = try pipeline.matrix(LayoutBody.read(before))
        let afterMatrix = try pipeline.matrix(LayoutBody.read(after))
        return try MatrixDiff(before: beforeMatrix, after: afterMatrix).count(.unchanged) + 1
    } catch {
        return 0
    }
}

/// The service's engine clock (`EngineClock`): nanoseconds of a monotonic clock.
let engineClock: @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }

if let profile {
    let pipeline = LayoutPipeline(clock: { 0 })
    switch profile.stage {
    case "diff": profile.run { layoutDiff(bytes, afterBytes, through: pipeline) }
    case "cold-diff": profile.run { layoutDiff(bytes, afterBytes, through: LayoutPipeline(clock: { 0 })) }
    case "cold-matrix":
        profile.run { (try? LayoutPipeline(clock: { 0 }).matrix(LayoutBody.read(bytes)).results.count) ?? 0 }
    default: profile.run { solvedMatrix(bytes, through: pipeline) }
    }
    exit(0)
}

/// The engine in a matrix and a diff, next to single solves of the same body.
@MainActor func measureEngine() {
    let served = LayoutPipeline(clock: engineClock)
    let cells = Double((try? served.matrix(LayoutBody.read(bytes)).results.count) ?? 0)
    let single = medianMicroseconds(repetitions: repetitions) {
        (try? served.solve(LayoutBody.read(bytes)).result.frames.count) ?? 0
    }
    let singleBytes = medianMicroseconds(repetitions: repetitions) {
        (try? served.solve(LayoutBody.read(bytes)).resultBytes().count) ?? 0
    }
    let cold = medianMicroseconds(repetitions: repetitions) {
        (try? LayoutPipeline(clock: engineClock).solve(LayoutBody.read(bytes)).result.frames.count) ?? 0
    }
    let matrix = medianMicroseconds(repetitions: repetitions) {
        (try? served.matrix(LayoutBody.read(bytes)).results.count) ?? 0
    }
    let coldMatrix = medianMicroseconds(repetitions: repetitions) {
        (try? LayoutPipeline(clock: engineClock).matrix(LayoutBody.read(bytes)).results.count) ?? 0
    }
    let diff = medianMicroseconds(repetitions: repetitions) { layoutDiff(bytes, afterBytes, through: served) }
    let coldDiff = medianMicroseconds(repetitions: repetitions) {
        layoutDiff(bytes, afterBytes, through: LayoutPipeline(clock: engineClock))
    }
    func line(_ label: String, _ total: Double, _ tail: String) -> String {
        label.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%9.2f µs  ", total) + tail
    }
    func perCell(_ total: Double) -> String {
        String(
            format: "%7.3f µs/cell  %6.3f x served  %6.3f x cold", total / cells, total / cells / single,
            total / cells / cold)
    }
    print("engine, medians of \(repetitions) (\(Int(cells)) cells; diff against \(afterFile)):")
    print(line("single solve, served (cache hit)", single, "1"))
    print(line("  with the answer's bytes", singleBytes, String(format: "%6.3f x served", singleBytes / single)))
    print(line("single solve, cold (new pipeline)", cold, String(format: "%6.3f x served", cold / single)))
    print(line("matrix, served (asked before)", matrix, perCell(matrix)))
    print(line("matrix, cold (new pipeline)", coldMatrix, perCell(coldMatrix)))
    print(line("diff, served (asked before)", diff, String(format: "%6.3f x served matrix", diff / matrix)))
    print(
        line(
            "diff, cold (new pipeline, as the CLI)", coldDiff,
            String(format: "%6.3f x cold matrix", coldDiff / coldMatrix))
    )
}
measureEngine()

/// The two targets as ratios taken back to back in each repetition (`medianRatio`): a matrix cell
/// over a served single solve, and a diff over one matrix of its before side, each on a pipeline that
/// has seen the bodies (as the service and a repeated review are).
@MainActor func measurePairedRatios() {
    let served = LayoutPipeline(clock: engineClock)
    let cells = Double((try? served.matrix(LayoutBody.read(bytes)).results.count) ?? 1)
    let cellOverSingle =
        medianRatio(repetitions: repetitions) {
            (try? served.matrix(LayoutBody.read(bytes)).results.count) ?? 0
        } over: {
            (try? served.solve(LayoutBody.read(bytes)).result.frames.count) ?? 0
        } / cells
    let diffOverMatrix = medianRatio(repetitions: repetitions) {
        layoutDiff(bytes, afterBytes, through: served)
    } over: {
        (try? served.matrix(LayoutBody.read(bytes)).results.count) ?? 0
    }
    let coldDiffOverMatrix = medianRatio(repetitions: repetitions) {
        layoutDiff(bytes, afterBytes, through: LayoutPipeline(clock: engineClock))
    } over: {
        (try? LayoutPipeline(clock: engineClock).matrix(LayoutBody.read(bytes)).results.count) ?? 0
    }
    print("paired, medians of \(repetitions) ratios taken back to back:")
    print(String(format: "  matrix cell / served single solve   %6.3f  (target 0.25)", cellOverSingle))
    print(String(format: "  diff / matrix                       %6.3f  (target 2.2)", diffOverMatrix))
    print(String(format: "  diff / matrix, new pipelines (CLI)  %6.3f  (target 2.2)", coldDiffOverMatrix))
}
measurePairedRatios()

let base = try JSONParser().parse(bytes)
let plan = try MatrixPlan(base: base)
let cells = Double(plan.cells.count)

/// A fixed answer, so the runner and the table do their full work.
func outcome(_ cell: MatrixCell) -> MatrixCellOutcome {
    MatrixCellOutcome(
        status: cell.direction == .rightToLeft ? .warning : .ok,
        codes: cell.direction == .rightToLeft ? ["overlap"] : [],
        wideMode: cell.request.isWideMode, solveMicros: 40)
}
let report = MatrixRunner.run(plan, solve: outcome)

/// A small picture per cell, so the sheet does its full work.
let pictures: [LayoutPicture?] = plan.cells.map { cell in
    let screen = cell.request.screen
    let items = ["turnCard", "etaCard", "viewport", "buttons"].enumerated().map { index, name in
        PictureItem(
            name: name,
            frame: Frame(
                x: screen.safeArea.left, y: screen.safeArea.top + Double(index) * 80, width: 200, height: 60),
            kind: index == 2 ? .viewport : .card, layer: index)
    }
    return LayoutPicture(screen: screen, title: cell.key, items: items)
}

let single = medianMicroseconds(repetitions: repetitions) { ((try? LayoutRequest.decode(from: bytes)) != nil) ? 1 : 0 }
let expand = medianMicroseconds(repetitions: repetitions) { ((try? MatrixPlan(base: base))?.cells.count) ?? 0 }
let table = medianMicroseconds(repetitions: repetitions) {
    JSONWriter().bytes(for: MatrixRunner.run(plan, solve: outcome).jsonValue).count
}
let sheet = medianMicroseconds(repetitions: repetitions) {
    MatrixContactSheet().render(report, pictures: pictures).utf8.count
}

print(
    "\(file): \(plan.cells.count) cells (\(DeviceCatalog.presets.count) presets x 2 x 2 x 3), medians of \(repetitions)"
)
print(String(format: "decode one request (peer)          %9.2f µs", single))
print(
    String(
        format: "expand the matrix                  %9.2f µs  %7.3f µs/cell  %6.3f x peer per cell", expand,
        expand / cells, expand / cells / single))
print(
    String(
        format: "run cells (fixed answer) + table   %9.2f µs  %7.3f µs/cell  %6.3f x peer per cell", table,
        table / cells, table / cells / single))
print(
    String(
        format: "contact sheet                      %9.2f µs  %7.3f µs/cell  %6.3f x peer per cell", sheet,
        sheet / cells, sheet / cells / single))
