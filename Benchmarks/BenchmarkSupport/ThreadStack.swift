import Foundation

/// How much of a stack a call takes.
public enum ThreadStack {
    /// The most stack `body` takes, measured on a thread of its own with `stackBytes` of stack: the
    /// thread fills the part of its stack below the current frame with a pattern, runs `body`, and
    /// finds the lowest word that no longer holds the pattern. A body that takes more than about
    /// `stackBytes` ends the process, as it would on any thread.
    public static func peakBytes(stackBytes: Int = 64 << 20, _ body: @escaping @Sendable () -> Void) -> Int {
        final class Outcome: @unchecked Sendable { var bytes = 0 }
        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.bytes = paintedRun(stackBytes: stackBytes, body)
            finished.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
        finished.wait()
        return outcome.bytes
    }

    private static let pattern: UInt64 = 0xA5C3_96E1_5A3C_691E

    /// `body` run on a painted stack; the bytes from this frame down to the lowest word it wrote.
    /// The thread starts a few frames below the top of its stack, and the stack's block also holds
    /// a guard page and the thread's own data: the paint stays 256 KB clear of the bottom.
    @inline(never)
    private static func paintedRun(stackBytes: Int, _ body: () -> Void) -> Int {
        // Only the address of this local is used: where this frame is on the stack.
        var marker = 0
        let top = withUnsafeMutablePointer(to: &marker) { UnsafeMutableRawPointer($0) }
        let floor = top - stackBytes + (256 << 10)
        let ceiling = top - (16 << 10)
        let words = (ceiling - floor) / 8
        let painted = floor.bindMemory(to: UInt64.self, capacity: words)
        painted.initialize(repeating: pattern, count: words)
        body()
        var untouched = 0
        while untouched < words && painted[untouched] == pattern { untouched += 1 }
        return top - UnsafeMutableRawPointer(painted + untouched)
    }
}
