import BenchmarkSupport
import Foundation
import HTTPServer
import JSON
import NavLayoutService
import Synchronization
import Testing

/// Large solves run on the solver pool, apart from the threads that answer reads and health: with
/// every solver thread busy and more solves waiting, `/healthz` is answered at once.
@Suite("Solver pool")
struct SolverPoolApiTests {
    @Test("health is answered while the solver pool is saturated and a layout waits for it")
    func healthWhileSaturated() async throws {
        try await LiveService.with(
            configure: { $0.solverThreads = 1 },
            run: { service in
                let tenant = try await service.createTenant("busy")
                // The pool's one thread is held by a job of the test's own until it is released, so
                // that the pool stays saturated for as long as the test looks, on any machine.
                let pool = service.application.environment.solving
                let hold = try await PoolHold.start(pool)
                let deadline = ContinuousClock.now + .seconds(60)
                // A layout large enough for the pool, which then waits behind the holding job.
                let body = String(decoding: spacedColumnRequest(views: 480), as: UTF8.self)
                let solve = Task {
                    try await service.client.send("POST", "/v1/layouts?record=false", token: tenant.secret, json: body)
                }
                while pool.load.waiting < 1 {
                    try #require(ContinuousClock.now < deadline, "the layout never reached the pool")
                    try await Task.sleep(for: .milliseconds(1))
                }
                let health = try await service.client.send("GET", "/healthz")
                #expect(health.status == 200)
                #expect(pool.load.waiting == 1, "the layout still waits: health did not wait for the pool")
                #expect(try await hold.release() == 1)
                #expect(try await solve.value.status == 200)
            })
    }
}

/// Which requests the handler's thread solves itself: small bodies of few views only. A small body
/// can still declare a couple of hundred views, whose checks grow with their square.
@Suite("Solving inline")
struct SolvingInlineTests {
    @Test("a small body of few views is solved inline; a small body of many views, or a large body, on the pool")
    func inlineDecision() throws {
        let sample = try Fixtures.bytes("seed-delegate-prompt.json")
        #expect(SolverPool.solvesInline(try JSONParser().parse(sample), bytes: sample.count))

        let piled = piledLayoutRequest(views: 150)
        #expect(piled.count <= SolverPool.inlineBodyBytes)
        #expect(!SolverPool.solvesInline(try JSONParser().parse(piled), bytes: piled.count))

        let few = piledLayoutRequest(views: SolverPool.inlineViews)
        #expect(SolverPool.solvesInline(try JSONParser().parse(few), bytes: few.count))
        #expect(!SolverPool.solvesInline(try JSONParser().parse(few), bytes: SolverPool.inlineBodyBytes + 1))
    }
}

/// A job of the test's own that holds one thread of `pool` until released, so that the pool stays as
/// busy as the test needs on any machine. `start` returns once the job runs (a thread counts as
/// running before it takes its job, so the pool's load alone cannot tell).
private final class PoolHold: Sendable {
    private let started = Mutex(false)
    private let released = Mutex(false)
    private let job = Mutex<Task<Int, any Error>?>(nil)

    static func start(_ pool: SolverPool) async throws -> PoolHold {
        let hold = PoolHold()
        hold.job.withLock {
            $0 = Task {
                try await pool.run {
                    hold.started.withLock { $0 = true }
                    while !hold.released.withLock({ $0 }) { usleep(1000) }
                    return 1
                }
            }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while !hold.started.withLock({ $0 }) {
            try #require(ContinuousClock.now < deadline, "the pool never ran the holding job")
            try await Task.sleep(for: .milliseconds(1))
        }
        return hold
    }

    /// Lets the job end, and waits for it.
    func release() async throws -> Int {
        released.withLock { $0 = true }
        return try await job.withLock { $0 }?.value ?? 0
    }
}

/// The pool itself: jobs run in order on its threads, and a full queue is a 503, not a wait.
@Suite("Solver pool queue")
struct SolverPoolQueueTests {
    @Test("a job past the queue limit is refused with 503 and Retry-After")
    func fullQueueIsRefused() async throws {
        let pool = SolverPool(threads: 1, queueLimit: 1)
        // One job holds the thread until released; one waits; the third finds the queue full.
        let hold = try await PoolHold.start(pool)
        let waiting = Task { try await pool.run { 2 } }
        while pool.load.waiting < 1 { try await Task.sleep(for: .milliseconds(1)) }
        do {
            _ = try await pool.run { 3 }
            Issue.record("a job past the queue limit was accepted")
        } catch let error as HTTPError {
            #expect(error.status == .serviceUnavailable)
            #expect(error.responseHeaders["Retry-After"] == "1")
        }
        #expect(try await hold.release() == 1)
        #expect(try await waiting.value == 2)
    }

    @Test("a job runs on a thread with the pool's stack, which the deepest Swift file read needs")
    func threadStack() async throws {
        let pool = SolverPool(threads: 1)
        #expect(try await pool.run { Thread.current.stackSize } == SolverPool.threadStackBytes)
    }

    @Test("an error thrown by a job reaches the caller")
    func errorsReachTheCaller() async throws {
        struct Failure: Error {}
        let pool = SolverPool(threads: 2)
        await #expect(throws: Failure.self) { try await pool.run { () throws -> Int in throw Failure() } }
        #expect(try await pool.run(inline: true) { 5 } == 5)
    }
}
