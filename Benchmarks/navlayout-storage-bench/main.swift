// Single-row insert throughput with durable acknowledgement (WAL, synchronous = FULL): each insert
// counts once `Database.write` returned, that is once its COMMIT returned.
//
//   individual, one at a time   each insert in its own transaction, awaited before the next
//   individual, concurrent      the same from many tasks at once (the writer still commits each alone)
//   grouped, concurrent         many tasks at once, group commit: writes queued while a COMMIT is in
//                               progress share the next transaction
//
// Every figure is the median over the repetitions, each on a fresh database file.
//
// usage: navlayout-storage-bench [--repetitions R] [--individual-rows N] [--grouped-rows N]
//                                [--concurrency C] [--folder PATH]
import BenchmarkSupport
import Foundation
import Storage
import Synchronization

struct Options {
    var repetitions = 5
    var individualRows = 1000
    var groupedRows = 20000
    var concurrency = 64
    /// Inside the package's build folder by default: a real disk, where a log sync costs what it
    /// costs in production (a temporary folder may be a RAM disk where it costs nothing).
    var folder = FileManager.default.currentDirectoryPath + "/.build/storage-bench"

    static let usage = """
        usage: navlayout-storage-bench [--repetitions R] [--individual-rows N] [--grouped-rows N]
                                       [--concurrency C] [--folder PATH]
        """

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var reader = OptionReader(arguments, usage: usage)
        while let option = reader.nextOption() {
            switch option {
            case "--repetitions": options.repetitions = reader.positiveInteger()
            case "--individual-rows": options.individualRows = reader.positiveInteger()
            case "--grouped-rows": options.groupedRows = reader.positiveInteger()
            case "--concurrency": options.concurrency = reader.positiveInteger()
            case "--folder": options.folder = reader.value()
            default: reader.fail()
            }
        }
        return options
    }
}

enum Scenario: CaseIterable {
    case individualSequential
    case individualConcurrent
    case groupedConcurrent

    var label: String {
        switch self {
        case .individualSequential: "individual, one at a time"
        case .individualConcurrent: "individual, concurrent"
        case .groupedConcurrent: "grouped, concurrent"
        }
    }
}

struct Measurement {
    let rowsPerSecond: Double
    let writesPerCommit: Double
}

/// Hands out row numbers 0, 1, 2... to concurrent tasks (an atomic, not an actor: an actor would
/// add a hop per row to the figures).
final class RowCounter: Sendable {
    private let next = Atomic<Int>(0)

    func take() -> Int {
        next.add(1, ordering: .relaxed).oldValue
    }
}

/// Row payloads of 64 to 127 bytes, built once: building a string per row would show up in the
/// figures as much as SQLite itself does.
let payloads = (0..<64).map { String(repeating: "x", count: 64 + $0) }

func payload(_ row: Int) -> String {
    payloads[row % payloads.count]
}

func measure(_ scenario: Scenario, options: Options, repetition: Int) async throws -> Measurement {
    let path = options.folder + "/bench-\(repetition)-\(scenario).sqlite"
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
    }
    defer {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
    let database = try Database(location: .file(path: path))
    try await database.write(.individual) { connection in
        try connection.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)")
    }
    let before = database.writerStatistics
    let insert = "INSERT INTO rows (id, payload) VALUES (?, ?)"

    let rows: Int
    let clock = ContinuousClock()
    let start = clock.now
    switch scenario {
    case .individualSequential:
        rows = options.individualRows
        for row in 0..<rows {
            try await database.write(.individual) { try $0.execute(insert, [row, payload(row)]) }
        }
    case .individualConcurrent, .groupedConcurrent:
        rows = scenario == .individualConcurrent ? options.individualRows : options.groupedRows
        let policy: CommitPolicy = scenario == .individualConcurrent ? .individual : .grouped
        let counter = RowCounter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<options.concurrency {
                group.addTask {
                    while true {
                        let row = counter.take()
                        if row >= rows { return }
                        try await database.write(policy) { try $0.execute(insert, [row, payload(row)]) }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18

    let stored = try await database.read { try $0.fetchValue("SELECT count(*) FROM rows", as: Int.self) }
    guard stored == rows else {
        throw BenchError(message: "\(scenario.label): \(stored ?? 0) rows stored, \(rows) acknowledged")
    }
    let after = database.writerStatistics
    return Measurement(
        rowsPerSecond: Double(rows) / seconds,
        writesPerCommit: Double(after.committedWrites - before.committedWrites)
            / Double(max(1, after.commits - before.commits)))
}

struct BenchError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func formatted(_ value: Double, decimals: Int = 0) -> String {
    String(format: "%.\(decimals)f", value)
}

func run(_ options: Options) async throws {
    try FileManager.default.createDirectory(atPath: options.folder, withIntermediateDirectories: true)
    print("SQLite single-row inserts, durable acknowledgement (WAL, synchronous=FULL)")
    print(
        "repetitions \(options.repetitions), individual rows \(options.individualRows), "
            + "grouped rows \(options.groupedRows), concurrency \(options.concurrency)")
    print("database folder \(options.folder)")
    var results: [Scenario: [Measurement]] = [:]
    for repetition in 0..<options.repetitions {
        // Interleaved, so a slow patch of the machine hits every scenario alike.
        for scenario in Scenario.allCases {
            results[scenario, default: []].append(try await measure(scenario, options: options, repetition: repetition))
        }
    }
    func rate(_ scenario: Scenario) -> Double { median(results[scenario, default: []].map(\.rowsPerSecond)) }
    func group(_ scenario: Scenario) -> Double { median(results[scenario, default: []].map(\.writesPerCommit)) }

    print("")
    print("scenario                       rows/s (median)   writes per commit")
    for scenario in Scenario.allCases {
        let label = scenario.label.padding(toLength: 30, withPad: " ", startingAt: 0)
        let rateText = formatted(rate(scenario))
        print(
            "\(label) \(String(repeating: " ", count: max(0, 15 - rateText.count)))\(rateText)   \(formatted(group(scenario), decimals: 1))"
        )
    }
    print("")
    print(
        "grouped / individual one at a time: \(formatted(rate(.groupedConcurrent) / rate(.individualSequential), decimals: 1))x"
    )
    print(
        "grouped / individual concurrent:    \(formatted(rate(.groupedConcurrent) / rate(.individualConcurrent), decimals: 1))x"
    )
}

do {
    try await run(Options.parse(CommandLine.arguments))
} catch {
    FileHandle.standardError.write(Data("navlayout-storage-bench: \(error)\n".utf8))
    exit(1)
}
