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
    @Test("health is answered while the solver pool is saturated by expensive layouts")
    func healthWhileSaturated() async throws {
        try await LiveService.with(
            configure: { $0.solverThreads = 1 },
            run: { service in
                let tenant = try await service.createTenant("busy")
                // Within every limit, and costly: a tenth of a second in a release build, more in a debug one.
                let body = String(decoding: spacedColumnRequest(views: 480), as: UTF8.self)
                let finished = Counter()
                let solves = (0..<4).map { _ in
                    Task {
                        let response = try await service.client.send(
                            "POST", "/v1/layouts?record=false", token: tenant.secret, json: body)
                        finished.value.withLock { $0 += 1 }
                        return response.status
                    }
                }
                // Let the solves reach the server and fill the pool: one running, at least one waiting.
                let pool = service.application.environment.solving
                let deadline = ContinuousClock.now + .seconds(60)
                while !(pool.load.running >= 1 && pool.load.waiting >= 1) {
                    try #require(ContinuousClock.now < deadline, "the solves never filled the pool")
                    try await Task.sleep(for: .milliseconds(5))
                }
                let health = try await service.client.send("GET", "/healthz")
                let afterHealth = pool.load
                let finishedBeforeHealth = finished.value.withLock { $0 }
                #expect(health.status == 200)
                // Health waiting for the solves would have found the pool drained.
                #expect(
                    afterHealth.running + afterHealth.waiting > 0,
                    "health waited for the solves (\(finishedBeforeHealth) finished before it)")
                for solve in solves { #expect(try await solve.value == 200) }
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

/// A flag shared with a pool thread.
private final class Flag: Sendable {
    let value = Mutex(false)
}

/// A count shared with tasks.
private final class Counter: Sendable {
    let value = Mutex(0)
}

/// The pool itself: jobs run in order on its threads, and a full queue is a 503, not a wait.
@Suite("Solver pool queue")
struct SolverPoolQueueTests {
    @Test("a job past the queue limit is refused with 503 and Retry-After")
    func fullQueueIsRefused() async throws {
        let pool = SolverPool(threads: 1, queueLimit: 1)
        let started = Flag()
        let release = Flag()
        // One job holds the thread until released; one waits; the third finds the queue full. The
        // second is sent once the first has left the queue (a thread counts as running before it
        // takes its job).
        let holding = Task {
            try await pool.run {
                started.value.withLock { $0 = true }
                while !release.value.withLock({ $0 }) { usleep(1000) }
                return 1
            }
        }
        while !started.value.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
        let waiting = Task { try await pool.run { 2 } }
        while pool.load.waiting < 1 { try await Task.sleep(for: .milliseconds(1)) }
        do {
            _ = try await pool.run { 3 }
            Issue.record("a job past the queue limit was accepted")
        } catch let error as HTTPError {
            #expect(error.status == .serviceUnavailable)
            #expect(error.responseHeaders["Retry-After"] == "1")
        }
        release.value.withLock { $0 = true }
        #expect(try await holding.value == 1)
        #expect(try await waiting.value == 2)
    }

    @Test("an error thrown by a job reaches the caller")
    func errorsReachTheCaller() async throws {
        struct Failure: Error {}
        let pool = SolverPool(threads: 2)
        await #expect(throws: Failure.self) { try await pool.run { () throws -> Int in throw Failure() } }
        #expect(try await pool.run(inline: true) { 5 } == 5)
    }
}
