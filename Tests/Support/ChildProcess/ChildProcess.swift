// A child process for tests that start programs: started with `posix_spawn`, its standard output
// read through a pipe, every other descriptor of the test process closed in the child.
//
// Foundation's `Process.run()` on Linux finds the descriptors to close by copying each
// `/proc/self/fd` entry's whole 256-byte `d_name`, which reads past glibc's directory buffer when an
// entry ends next to an unmapped page: a suite that starts children dies of a segfault now and then.
// `posix_spawn_file_actions_addclosefrom_np` closes them in the child without reading the directory.
import CSpawn
import Foundation
import Glibc
import Synchronization

public final class ChildProcess: Sendable {
    public enum SpawnError: Error, CustomStringConvertible {
        case pipe(errno: Int32)
        case spawn(executable: String, errno: Int32)

        public var description: String {
            switch self {
            case .pipe(let code): "pipe2 failed: \(String(cString: strerror(code)))"
            case .spawn(let executable, let code):
                "cannot start \(executable): \(String(cString: strerror(code)))"
            }
        }
    }

    /// How the child ended.
    public enum Termination: Equatable, Sendable {
        case exited(status: Int32)
        case signaled(signal: Int32)
    }

    public let pid: pid_t
    /// The read end of the child's standard output.
    private let output: Int32
    private let ended = Mutex<Termination?>(nil)

    /// Starts `executable` with `arguments` (not counting the program name) and the test's
    /// environment; standard input and standard error are the test's own.
    public init(executable: String, arguments: [String]) throws(SpawnError) {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw .pipe(errno: errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var child: pid_t = 0
        let result = argv.withUnsafeBufferPointer { argvBuffer in
            posix_spawn(&child, executable, &actions, nil, argvBuffer.baseAddress!, environ)
        }
        close(ends[1])
        guard result == 0 else {
            close(ends[0])
            throw .spawn(executable: executable, errno: result)
        }
        pid = child
        output = ends[0]
    }

    /// Waits for some of the child's output and returns it; empty once the child closed its end
    /// and everything written was read.
    public func readOutput() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count >= 0 { return Array(buffer.prefix(count)) }
            if errno != EINTR { return [] }
        }
    }

    /// `readOutput()` on a thread of its own: the wait for the child holds none of the few threads
    /// Swift's concurrency shares, which the live-server tests running beside need within their
    /// time limits.
    public func output() async -> [UInt8] {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: self.readOutput()) }
            thread.start()
        }
    }

    /// Sends `number` to the child unless it was already reaped (its pid may then be another's).
    public func signal(_ number: Int32) {
        if ended.withLock({ $0 == nil }) { _ = kill(pid, number) }
    }

    /// Waits for the child to end; later calls return the same answer. One thread waits: the lock
    /// is not held while waiting, so another thread can still signal the child meanwhile.
    @discardableResult
    public func wait() -> Termination {
        if let known = ended.withLock({ $0 }) { return known }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // The macros of <sys/wait.h>: the low seven bits are the signal, 0 for a normal exit.
        let signal = status & 0x7f
        let result: Termination = signal == 0 ? .exited(status: (status >> 8) & 0xff) : .signaled(signal: signal)
        ended.withLock { $0 = result }
        return result
    }

    /// A child still running when its handle goes is killed and reaped, so no test leaves one behind.
    deinit {
        signal(SIGKILL)
        wait()
        close(output)
    }
}
