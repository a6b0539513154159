// What the service's schema and repositories cost on top of the storage layer, each figure next to
// a peer measured in the same run:
//
//   record                  LayoutHistoryRepository.record from many tasks (group commit): the
//                           layouts table with its foreign key, CHECKs and four history indexes
//   bare insert (peer)      the same payloads into a table with only a primary key, same writer,
//                           same concurrency
//   history page            LayoutHistoryRepository.list, 50 rows after a cursor deep in the history
//   point read (peer)       LayoutHistoryRepository.get of one row by id, same readers
//   authenticate, cached    ApiKeyRepository.authenticate with an AuthenticationCache
//   authenticate (peer)     the same without a cache: one database read per call
//
// Every figure is the median over the repetitions, each on a fresh database file.
//
// usage: navlayout-persistence-bench [--repetitions R] [--rows N] [--reads N] [--concurrency C]
//                                    [--migrations PATH] [--folder PATH]
import BenchmarkSupport
import Foundation
import NavLayoutService
import Storage
import Synchronization

struct Options {
    var repetitions = 5
    var rows = 20000
    var reads = 20000
    var concurrency = 64
    var migrations = FileManager.default.currentDirectoryPath + "/Migrations"
    /// Inside the package's build folder by default: a real disk, where a log sync costs what it
    /// costs in production.
    var folder = FileManager.default.currentDirectoryPath + "/.build/persistence-bench"

    static let usage = """
        usage: navlayout-persistence-bench [--repetitions R] [--rows N] [--reads N] [--concurrency C]
                                           [--migrations PATH] [--folder PATH]
        """

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var reader = OptionReader(arguments, usage: usage)
        while let option = reader.nextOption() {
            switch option {
            case "--repetitions": options.repetitions = reader.positiveInteger()
            case "--rows": options.rows = reader.positiveInteger()
            case "--reads": options.reads = reader.positiveInteger()
            case "--concurrency": options.concurrency = reader.positiveInteger()
            case "--migrations": options.migrations = reader.value()
            case "--folder": options.folder = reader.value()
            default: reader.fail()
            }
        }
        return options
    }
}

enum Scenario: String, CaseIterable {
    case record = "record"
    case bareInsert = "bare insert (peer)"
    case historyPage = "history page of 50"
    case pointRead = "point read (peer)"
    case authenticateCached = "authenticate, cached"
    case authenticateUncached = "authenticate (peer)"
}

/// Hands out numbers 0, 1, 2... to concurrent tasks.
final class Counter: Sendable {
    private let next = Atomic<Int>(0)

    func take() -> Int {
        next.add(1, ordering: .relaxed).oldValue
    }
}

/// A request and a result of the sizes the service records (about 1.5 and 2.5 kB), built once.
let requestJSON =
    #"{"screen":{"width":393,"height":852,"safeArea":{"top":59,"bottom":34,"left":0,"right":0}},"#
    + #""state":{"navigation":"guidance"},"delegate":{"views":{"orderCard":{"width":220,"height":72}},"shared":["#
    + (0..<24).map { #""v\#($0).top == turnCard.bottom + 8 @low""# }.joined(separator: ",") + "]}}"
let resultJSON =
    #"{"mode":"delegate","navigation":"guidance","status":"ok","frames":{"#
    + (0..<30).map { #""item\#($0)":{"x":16,"y":\#(100 + $0 * 20),"width":361,"height":72}"# }
    .joined(separator: ",") + "}}"

/// Runs `operation(n)` for n in 0..<count from `concurrency` tasks; returns operations per second.
func throughput(count: Int, concurrency: Int, _ operation: @escaping @Sendable (Int) async throws -> Void)
    async throws -> Double
{
    let counter = Counter()
    let clock = ContinuousClock()
    let start = clock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                while true {
                    let number = counter.take()
                    if number >= count { return }
                    try await operation(number)
                }
            }
        }
        try await group.waitForAll()
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Double(count) / seconds
}

struct BenchError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// One repetition: a fresh database, every scenario once; returns operations per second by scenario.
func repetition(_ number: Int, options: Options) async throws -> [Scenario: Double] {
    let path = options.folder + "/bench-\(number).sqlite"
    let suffixes = ["", "-wal", "-shm"]
    for suffix in suffixes { try? FileManager.default.removeItem(atPath: path + suffix) }
    defer { for suffix in suffixes { try? FileManager.default.removeItem(atPath: path + suffix) } }

    let repositories = try await Repositories.open(
        location: .file(path: path), migrator: try Migrator(location: .folder(path: options.migrations)),
        authenticationCache: nil)
    guard let database = repositories.sqlite else { throw BenchError(message: "the repositories are not on SQLite") }
    try await database.write { connection in
        try connection.execute(
            "CREATE TABLE bare (id TEXT NOT NULL PRIMARY KEY, request TEXT NOT NULL, result TEXT NOT NULL) STRICT")
    }
    let created = try await repositories.tenants.create(name: "bench")
    let tenant = created.tenant.id
    var figures: [Scenario: Double] = [:]

    // Writes, interleaved in order so neither always runs on a warmer cache.
    let ids = Mutex<[LayoutID]>([])
    let writes: [Scenario] = number.isMultiple(of: 2) ? [.record, .bareInsert] : [.bareInsert, .record]
    for scenario in writes {
        switch scenario {
        case .record:
            let layouts = repositories.layouts
            figures[scenario] = try await throughput(count: options.rows, concurrency: options.concurrency) { row in
                let summary = try await layouts.record(
                    NewLayoutRecord(
                        tenantID: tenant, profileName: row.isMultiple(of: 2) ? "driver" : nil,
                        profileVersion: row.isMultiple(of: 2) ? 1 : nil, mode: .delegate,
                        navigation: row.isMultiple(of: 3) ? .ready : .guidance,
                        status: row.isMultiple(of: 7) ? .warning : .ok,
                        requestJSON: requestJSON, resultJSON: resultJSON))
                ids.withLock { $0.append(summary.id) }
            }
        default:
            figures[scenario] = try await throughput(count: options.rows, concurrency: options.concurrency) { _ in
                let id = LayoutID.generate().text
                try await database.write {
                    try $0.execute(
                        "INSERT INTO bare (id, request, result) VALUES (?, ?, ?)", [id, requestJSON, resultJSON])
                }
            }
        }
    }
    let recorded = try await repositories.layouts.count(tenantID: tenant)
    guard recorded == options.rows else {
        throw BenchError(message: "\(recorded) layouts stored, \(options.rows) acknowledged")
    }

    // Reads: a page of 50 after a cursor in the middle of the history, against one row by id.
    let middle = try await repositories.layouts.list(tenantID: tenant, limit: options.rows / 2)
    guard let cursor = middle.nextCursor else { throw BenchError(message: "no cursor in the middle of the history") }
    let known = ids.withLock { $0 }
    let layouts = repositories.layouts
    figures[.historyPage] = try await throughput(count: options.reads, concurrency: options.concurrency) { _ in
        let page = try await layouts.list(tenantID: tenant, limit: 50, cursor: cursor)
        guard page.items.count == 50 else { throw BenchError(message: "a history page held \(page.items.count) rows") }
    }
    figures[.pointRead] = try await throughput(count: options.reads, concurrency: options.concurrency) { read in
        _ = try await layouts.get(tenantID: tenant, id: known[read % known.count])
    }

    // Authentication with and without the cache.
    let secret = created.firstKey.secret
    for (scenario, cache) in [
        (Scenario.authenticateCached, AuthenticationCache()), (.authenticateUncached, nil),
    ] {
        let keys = ApiKeyRepository(database: SQLiteStore(database), cache: cache)
        figures[scenario] = try await throughput(count: options.reads, concurrency: options.concurrency) { _ in
            guard try await keys.authenticate(bearer: secret) != nil else {
                throw BenchError(message: "the key did not authenticate")
            }
        }
    }
    return figures
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func run(_ options: Options) async throws {
    try FileManager.default.createDirectory(atPath: options.folder, withIntermediateDirectories: true)
    print("navlayout persistence: repositories against their storage-level peers")
    print(
        "repetitions \(options.repetitions), rows \(options.rows), reads \(options.reads), "
            + "concurrency \(options.concurrency), payload \(requestJSON.utf8.count) + \(resultJSON.utf8.count) bytes")
    var results: [Scenario: [Double]] = [:]
    for number in 0..<options.repetitions {
        for (scenario, value) in try await repetition(number, options: options) {
            results[scenario, default: []].append(value)
        }
    }
    func rate(_ scenario: Scenario) -> Double { median(results[scenario, default: []]) }
    print("")
    print("scenario                  operations/s (median)")
    for scenario in Scenario.allCases {
        let text = String(format: "%.0f", rate(scenario))
        print(
            scenario.rawValue.padding(toLength: 24, withPad: " ", startingAt: 0)
                + String(repeating: " ", count: max(0, 23 - text.count)) + text)
    }
    print("")
    print(String(format: "record / bare insert:                  %.2fx", rate(.record) / rate(.bareInsert)))
    print(String(format: "history page / point read:             %.2fx", rate(.historyPage) / rate(.pointRead)))
    print(
        String(
            format: "authenticate cached / uncached:        %.2fx",
            rate(.authenticateCached) / rate(.authenticateUncached)))
}

let options = Options.parse(CommandLine.arguments)
do {
    try await run(options)
} catch {
    FileHandle.standardError.write(Data("navlayout-persistence-bench: \(error)\n".utf8))
    exit(1)
}
