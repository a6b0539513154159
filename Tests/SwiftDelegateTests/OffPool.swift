import Foundation

/// Runs blocking work (a compiler, a formatter, a long synchronous solve) on a thread of its own, so
/// that it never holds one of the few threads Swift Testing runs every test on: the live-server
/// tests running beside it answer within their time limits only if those threads are free.
enum OffPool {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    continuation.resume(returning: try work())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.start()
        }
    }
}
