// Writes rows through the Storage writer and prints each row's id on standard output once its write
// is acknowledged (committed). The durability test kills this process with SIGKILL in the middle of
// the stream and then checks that every printed id is in the database.
//
// usage: storage-durability-writer DATABASE FIRST_ID CONCURRENCY LIMIT
//   DATABASE     path of the SQLite file (created when missing)
//   FIRST_ID     id of the first row written
//   CONCURRENCY  number of tasks writing at the same time (their writes are group committed)
//   LIMIT        stop after this many rows, so a forgotten process does not run forever
import Foundation
import Storage
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line to standard output with a single write(2): lines of concurrent tasks never
/// interleave, and nothing waits in a user-space buffer that SIGKILL would throw away.
func printAcknowledged(_ id: Int) {
    let line = Array("\(id)\n".utf8)
    line.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(1, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                exit(3)
            }
            offset += written
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let firstID = Int(arguments[2]), let concurrency = Int(arguments[3]),
    let limit = Int(arguments[4]), concurrency > 0, limit > 0
else {
    fail("usage: storage-durability-writer DATABASE FIRST_ID CONCURRENCY LIMIT")
}

/// Hands out 0, 1, 2... to the writing tasks.
final class OffsetCounter: Sendable {
    private let value = Atomic<Int>(0)

    func next() -> Int {
        value.add(1, ordering: .relaxed).oldValue
    }
}

/// Writes rows firstID, firstID + 1, ... from `concurrency` tasks, printing each acknowledged id.
func writeRows(to database: Database, firstID: Int, concurrency: Int, limit: Int) async throws {
    let nextOffset = OffsetCounter()
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                while true {
                    let offset = nextOffset.next()
                    if offset >= limit { return }
                    let id = firstID + offset
                    try await database.write { connection in
                        try connection.execute(
                            "INSERT INTO acknowledged (id, payload) VALUES (?, ?)",
                            [id, String(repeating: "p", count: 100 + id % 200)])
                    }
                    printAcknowledged(id)
                }
            }
        }
        try await group.waitForAll()
    }
}

do {
    let database = try Database(location: .file(path: arguments[1]))
    try await database.write(.individual) { connection in
        try connection.execute(
            "CREATE TABLE IF NOT EXISTS acknowledged (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)")
    }
    try await writeRows(to: database, firstID: firstID, concurrency: concurrency, limit: limit)
} catch {
    fail("storage-durability-writer: \(error)")
}
