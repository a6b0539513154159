// Device matrix overhead: what expanding a request over every preset, running the cells through the
// runner, writing the table and drawing the contact sheet cost per cell, next to decoding one
// POST /v1/layouts body (the work a single solve does before solving) in the same run.
//
//     swift run -c release navlayout-matrix-bench [--repetitions R] [FILE.json]
//     navlayout-matrix-bench --profile matrix COUNT FILE.json
//
// Solving is not timed here: the cells are answered by a closure that returns a fixed outcome
// (the engine plugs in at that seam). Each figure is the median over R repetitions of the mean time
// per operation in a batch; ratios compare medians.
//
// --profile matrix runs one whole matrix with the engine COUNT times after a warm-up and prints one
// line, for an instruction or allocation counter (see ProfileRequest and scripts/check-budgets.sh).
import BenchmarkSupport
import Foundation
import JSON
import LayoutPicture
import NavigationLayout

let usage = """
    usage: navlayout-matrix-bench [--repetitions R] [FILE.json]
           navlayout-matrix-bench --profile matrix COUNT FILE.json
    """
var requestedRepetitions = 21
var file = "Tests/Fixtures/seed-delegate-guidance.json"
var profile: ProfileRequest?
var reader = OptionReader(CommandLine.arguments, usage: usage)
while let option = reader.nextOption() {
    switch option {
    case "--repetitions": requestedRepetitions = reader.positiveInteger()
    case "--profile": profile = reader.profile(stages: ["matrix"])
    default:
        if option.hasPrefix("--") { reader.fail() }
        file = option
    }
}
let repetitions = requestedRepetitions

guard let data = FileManager.default.contents(atPath: file) else {
    print("cannot read \(file)")
    exit(2)
}
let bytes = [UInt8](data)

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

if let profile {
    let pipeline = LayoutPipeline(clock: { 0 })
    profile.run { solvedMatrix(bytes, through: pipeline) }
    exit(0)
}

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
