import Foundation
import Testing

/// A task executor with threads of its own, for the tests that talk to a live server.
///
/// Swift's shared concurrency pool has one thread per core and runs its jobs in order. While the
/// CPU-bound tests of the same process fill its queue, the next step of a live test (its client's
/// next write, or the server's handler) can wait there for longer than the server's time limits,
/// and the test fails for a reason that is not the server's. Live tests run their bodies and their
/// servers' handlers on executors of their own instead (`ServerConfiguration.handlerExecutor`),
/// one per test or server, so a step waits for the kernel to give it a core, never behind a queue
/// of other tests' work.
///
/// Threads start when jobs come and end after a second with none, so an executor left behind by a
/// finished test costs nothing.
public final class DedicatedExecutor: TaskExecutor, @unchecked Sendable {
    private let maxThreads: Int
    private let condition = NSCondition()
    // Read and written under `condition`:
    /// Jobs not yet started, oldest first.
    private var queue: [UnownedJob] = []
    private var threads = 0
    private var idleThreads = 0

    public init(maxThreads: Int = 2) {
        self.maxThreads = max(1, maxThreads)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        queue.append(job)
        if idleThreads > 0 {
            condition.signal()
        } else if threads < maxThreads {
            threads += 1
            Thread { [self] in runJobs() }.start()
        }
        condition.unlock()
    }

    private func runJobs() {
        condition.lock()
        while true {
            while queue.isEmpty {
                idleThreads += 1
                let woken = condition.wait(until: Date(timeIntervalSinceNow: 1))
                idleThreads -= 1
                if !woken && queue.isEmpty {
                    threads -= 1
                    condition.unlock()
                    return
                }
            }
            let job = queue.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
            condition.lock()
        }
    }
}

/// Runs `body` on a new `DedicatedExecutor`: its own steps, and those of the child tasks it
/// starts, run on that executor's threads.
public func onDedicatedThreads<T>(_ body: () async throws -> T) async throws -> T {
    try await withTaskExecutorPreference(DedicatedExecutor(), operation: body)
}

/// Sleeps for `duration`, woken by a thread of its own. `Task.sleep` wakes its task through the
/// shared pool whatever the task's executor, so while that pool's queue is full its pauses stretch
/// far past what was asked; live tests pause with this instead.
public func pause(for duration: Duration) async {
    let (seconds, attoseconds) = duration.components
    let interval = Double(seconds) + Double(attoseconds) / 1e18
    await withCheckedContinuation { continuation in
        Thread {
            Thread.sleep(forTimeInterval: interval)
            continuation.resume()
        }.start()
    }
}

/// `onDedicatedThreads` for each test of a suite (or one test) that starts a live server without
/// a helper that does it already (`withServer`).
public struct OnDedicatedThreads: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(DedicatedExecutor(), operation: function)
    }
}

extension Trait where Self == OnDedicatedThreads {
    public static var onDedicatedThreads: Self { OnDedicatedThreads() }
}
