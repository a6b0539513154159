import Foundation
import HTTPServer
import JSON
import NavigationLayout

/// Threads of their own for the work whose cost grows with the request: large layouts, device
/// matrices and scenarios. Route handlers run on Swift's cooperative pool, one thread per core; a
/// solve that held those threads would hold every other request with them, `/healthz` included. Here
/// at most `threads` solves run at once, the cooperative threads only wait for them, and reads,
/// health and small solves go on beside.
///
/// Threads are started when work arrives and none is idle, and end after a few seconds without work,
/// so an idle service (or a test that builds many) keeps none. At most `queueLimit` jobs wait; past it
/// a request is answered 503 with Retry-After rather than queued without end.
public final class SolverPool: @unchecked Sendable {
    /// Bodies up to this size, declaring at most `inlineViews` custom views, are solved on the
    /// handler's own thread: a solve of that size takes less than handing it to another thread.
    public static let inlineBodyBytes = 16 * 1024
    /// The overlap and ambiguity checks grow with the square of the custom views, and a body of
    /// `inlineBodyBytes` can declare a couple of hundred of them (a quarter of a second to solve);
    /// a body with more than this many goes to the pool whatever its size.
    public static let inlineViews = 32

    /// Whether a layout body of `bytes` bytes that no stored profile fills in is solved on the
    /// handler's thread (see `inlineBodyBytes` and `inlineViews`).
    public static func solvesInline(_ document: JSONValue, bytes: Int) -> Bool {
        guard bytes <= inlineBodyBytes else { return false }
        guard case .object(let request) = document, case .object(let delegate)? = request["delegate"],
            case .object(let views)? = delegate["views"]
        else { return true }
        return views.count <= inlineViews
    }

    /// The stack of a pool thread, set rather than left to the environment's limit: reading a Swift
    /// delegate recurses in the toolchain's parser once for each level open at a point of the file,
    /// and the deepest file the importer reads (256 levels) takes under 5 MB (`navlayout-swift-bench
    /// --hazards`).
    public static let threadStackBytes = 16 << 20

    public let threads: Int
    public let queueLimit: Int
    /// How long an idle thread waits for work before it ends.
    let idleTimeout: TimeInterval

    // `@unchecked Sendable`: every field below is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var next = 0
    private var running = 0
    private var idle = 0

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, queueLimit: Int = 256) {
        self.threads = max(1, threads)
        self.queueLimit = max(1, queueLimit)
        idleTimeout = 5
    }

    /// Runs `work` on a pool thread and returns what it returns, or throws what it throws; a 503
    /// when `queueLimit` jobs already wait.
    public func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let accepted = enqueue {
                continuation.resume(with: Result { try work() })
            }
            if !accepted {
                continuation.resume(
                    throwing: HTTPError(
                        .serviceUnavailable,
                        detail: "the solver is busy: \(queueLimit) layouts are waiting; try again shortly",
                        headers: ["Retry-After": "1"]))
            }
        }
    }

    /// `work` on a pool thread, or on the caller's when `inline` (a small request).
    public func run<Value: Sendable>(inline: Bool, _ work: @escaping @Sendable () throws -> Value) async throws
        -> Value
    {
        if inline { return try work() }
        return try await run(work)
    }

    /// A layout engine call on the pool (or inline), its `RequestError` answered as a 422 with
    /// `detail`, as the routes answer a request that cannot be solved.
    func solve<Value: Sendable>(
        inline: Bool = false, detail: String, _ work: @escaping @Sendable () throws(RequestError) -> Value
    ) async throws -> Value {
        do {
            return try await run(inline: inline) { () throws -> Value in try work() }
        } catch let error as RequestError {
            throw RequestError.httpError(error, detail: detail)
        }
    }

    /// The jobs waiting and the threads solving, for tests and metrics.
    public var load: (waiting: Int, running: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (jobs.count - next, running - idle)
    }

    private func enqueue(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard jobs.count - next < queueLimit else { return false }
        jobs.append(job)
        if idle > 0 {
            condition.signal()
        } else if running < threads {
            running += 1
            let thread = Thread { [self] in work() }
            thread.name = "navlayout-solver"
            thread.stackSize = Self.threadStackBytes
            thread.start()
        }
        return true
    }

    /// A pool thread: takes jobs in order until none comes for `idleTimeout`.
    private func work() {
        condition.lock()
        while true {
            if next < jobs.count {
                let job = jobs[next]
                next += 1
                if next == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    next = 0
                }
                condition.unlock()
                job()
                condition.lock()
                continue
            }
            idle += 1
            let woken = condition.wait(until: Date(timeIntervalSinceNow: idleTimeout))
            idle -= 1
            if !woken && next == jobs.count {
                running -= 1
                condition.unlock()
                return
            }
        }
    }
}
