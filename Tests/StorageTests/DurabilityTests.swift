import ChildProcess
import Foundation
import Testing

@testable import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// The child process of the durability test, built by SwiftPM next to the test binary.
enum DurabilityWriter {
    static let name = "storage-durability-writer"

    /// Looks beside the running test binary, then up to three folders above it (a test bundle
    /// nests its binary deeper on some platforms); `STORAGE_DURABILITY_WRITER` overrides.
    static func locate() throws -> String {
        if let path = ProcessInfo.processInfo.environment["STORAGE_DURABILITY_WRITER"] {
            return path
        }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        var searched: [String] = []
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
            searched.append(candidate)
            folder = folder.deletingLastPathComponent()
        }
        throw LocateError(searched: searched)
    }

    struct LocateError: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "\(DurabilityWriter.name) not found (build it with `swift build`); looked at \(searched)"
        }
    }
}

@Suite("Durability")
struct DurabilityTests {
    /// Starts the writer, reads the ids it acknowledges until at least `killAfter` came, kills it
    /// with SIGKILL mid-stream, and returns every id it acknowledged (including those still in the
    /// pipe when it died).
    private func runAndKill(writer: String, database: String, firstID: Int, killAfter: Int) async throws -> [Int] {
        // A limit far beyond what is read, so the kill always lands while writes are in flight.
        let process = try ChildProcess(executable: writer, arguments: [database, String(firstID), "16", "1000000"])
        // Guards against a writer that stops making progress: without it the read below would wait
        // forever. Firing only ends the child; the expectations below then fail.
        let pid = process.pid
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(120), execute: watchdog)
        defer { watchdog.cancel() }

        var acknowledged: [Int] = []
        var partialLine = ""
        var killed = false
        while true {
            let chunk = await process.output()
            if chunk.isEmpty { break }  // end of file: the child is gone and the pipe drained
            partialLine += String(decoding: chunk, as: UTF8.self)
            var lines = partialLine.split(separator: "\n", omittingEmptySubsequences: false)
            partialLine = String(lines.removeLast())
            acknowledged += lines.compactMap { Int($0) }
            if !killed, acknowledged.count >= killAfter {
                process.signal(SIGKILL)
                killed = true
            }
        }
        #expect(killed)
        #expect(process.wait() == .signaled(signal: SIGKILL))
        return acknowledged
    }

    @Test("every write acknowledged before a SIGKILL is in the database, which passes integrity_check")
    func acknowledgedWritesSurviveKill() async throws {
        let writer = try DurabilityWriter.locate()
        let folder = try TemporaryFolder()
        let path = folder.file("durability.sqlite")
        var allAcknowledged: [Int] = []
        // Several rounds: each one restarts on the log the previous kill left behind.
        for round in 0..<3 {
            let acknowledged = try await runAndKill(
                writer: writer, database: path, firstID: round * 1_000_000 + 1, killAfter: 300 + round * 200)
            #expect(acknowledged.count >= 300 + round * 200)
            allAcknowledged += acknowledged

            let database = try Database(location: .file(path: path))
            let (present, integrity) = try await database.read { connection in
                let present = Set(
                    try connection.fetchAll("SELECT id FROM acknowledged") { try $0.value(at: 0, as: Int.self) })
                let integrity = try connection.fetchAll("PRAGMA integrity_check") {
                    try $0.value(at: 0, as: String.self)
                }
                return (present, integrity)
            }
            let missing = allAcknowledged.filter { !present.contains($0) }
            #expect(missing.isEmpty, "acknowledged but missing after round \(round): \(missing.prefix(20))")
            #expect(integrity == ["ok"])
        }
    }
}
