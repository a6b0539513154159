import ChildProcess
import DedicatedExecutor
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The load-test server, built by SwiftPM next to the test binary; run as a child process so its
/// descriptor limit can be lowered without touching the other tests of this process.
enum BenchServerProcess {
    static let name = "navlayout-http-bench"

    /// Looks beside the running test binary, then up to three folders above it;
    /// `NAVLAYOUT_HTTP_BENCH` overrides.
    static func locate() throws -> String {
        if let path = ProcessInfo.processInfo.environment["NAVLAYOUT_HTTP_BENCH"] { return path }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        var searched: [String] = []
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            searched.append(candidate)
            folder = folder.deletingLastPathComponent()
        }
        throw LocateError(searched: searched)
    }

    struct LocateError: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "\(BenchServerProcess.name) not found (build it with `swift build`); looked at \(searched)"
        }
    }

    /// CPU time (user + system) the process has used so far, in clock ticks.
    static func cpuTicks(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the parenthesised command name: state is the first, utime the 12th, stime the 13th.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        return try #require(Int(fields[11])) + #require(Int(fields[12]))
    }
}

@Suite("Descriptor exhaustion")
struct DescriptorExhaustionTests {
    /// With its descriptor limit spent, accept() fails with EMFILE while the listening socket stays
    /// readable. A loop that simply retries spins a core at 100 % for as long as the clients hold
    /// their connections. The server must back off instead, and accept again once descriptors free up.
    ///
    /// The check is on CPU time, not on elapsed time: an idle server uses next to none whatever the
    /// load of the machine, so a busy machine can only make a spinning server look better, never a
    /// correct one look worse.
    @Test("backs off while out of descriptors instead of spinning, then accepts again")
    func backsOffWhenOutOfDescriptors() async throws {
        let binary = try BenchServerProcess.locate()
        let process = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "ulimit -n 48 && exec \"$0\" --port 0 --loops 2", binary])
        let pid = process.pid

        let line = try await onOwnThread { () -> String in
            var text = ""
            while !text.contains("\n") {
                let chunk = process.readOutput()
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        let port = try #require(
            line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })

        // Far more connections than descriptors: the kernel completes them all into the backlog,
        // the server accepts until EMFILE.
        var clients: [RawClient] = []
        for _ in 0..<80 { clients.append(try RawClient(port: port)) }
        await pause(for: .milliseconds(300))

        let before = try BenchServerProcess.cpuTicks(of: pid)
        await pause(for: .seconds(1))
        let used = try BenchServerProcess.cpuTicks(of: pid) - before
        let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
        #expect(used * 4 < ticksPerSecond, "\(used) ticks of CPU in one second with nothing to do")

        clients.removeAll()  // closes them: the server gets its descriptors back
        let fresh = try RawClient(port: port)
        fresh.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try await fresh.readResponse().status == 200)

        process.signal(SIGTERM)
    }
}
