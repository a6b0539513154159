import Foundation
import HTTPServer
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Fills Swift's shared concurrency pool: more jobs than it has threads, each spinning until
/// released (or for ten seconds at most, so a failing test cannot hold the pool for ever). Once one
/// has started while another still waits, every thread is taken and the queue is not empty; any
/// job enqueued there then waits until the spinning ends.
final class SharedPoolHold: Sendable {
    private let started = Atomic<Int>(0)
    private let ended = Atomic<Int>(0)
    private let released = Atomic<Bool>(false)
    /// The pool has at most a thread per core.
    let jobs = 2 * ProcessInfo.processInfo.processorCount + 1

    init() {
        for _ in 0..<jobs {
            Task.detached { [self] in
                started.add(1, ordering: .sequentiallyConsistent)
                let giveUp = ContinuousClock.now + .seconds(10)
                while !released.load(ordering: .sequentiallyConsistent) && ContinuousClock.now < giveUp {}
                ended.add(1, ordering: .sequentiallyConsistent)
            }
        }
    }

    /// Whether the pool is full of spinning jobs: one has started, none has ended, some still wait.
    var isHolding: Bool {
        let started = started.load(ordering: .sequentiallyConsistent)
        return started > 0 && started < jobs && ended.load(ordering: .sequentiallyConsistent) == 0
    }

    /// Waits, on a thread of its own (the pool's are taken), until a spinning job has started; false
    /// if that takes more than a minute.
    func waitUntilStarted() async throws -> Bool {
        try await onOwnThread { [self] in
            for _ in 0..<60_000 where started.load(ordering: .sequentiallyConsistent) == 0 { usleep(1000) }
            return started.load(ordering: .sequentiallyConsistent) > 0
        }
    }

    func release() { released.store(true, ordering: .sequentiallyConsistent) }
}

@Suite("Handler executor")
struct HandlerExecutorTests {
    @Test("handlers on the configured executor answer while every thread of the shared pool is taken")
    func answersBesideABusyPool() async throws {
        try await withServer { _, port in
            let hold = SharedPoolHold()
            defer { hold.release() }
            try #require(try await hold.waitUntilStarted(), "no spinning job started within a minute")
            try #require(hold.isHolding, "every spinning job started: the pool has more threads than cores")
            let client = try RawClient(port: port)
            for _ in 0..<3 {
                client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\necho")
                let response = try await client.readResponse()
                #expect(response.status == 200)
                #expect(response.bodyText == "echo")
            }
            #expect(hold.isHolding, "the answers came only once the pool was free again")
        }
    }
}
