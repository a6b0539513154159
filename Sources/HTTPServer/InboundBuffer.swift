// Hot: measured by the `http-parse` stage (Benchmarks/Thresholds/budgets.json,
// `navlayout-http-bench --profile parse`); changes here are checked by scripts/check-budgets.sh.

/// Bytes read from a socket and not yet consumed by the parser.
///
/// One growable array with a read and a write index: reads land directly in its spare capacity, the
/// parser consumes from the front, and consumed bytes are reclaimed by sliding the rest down when
/// room runs out, so a keep-alive connection reuses one allocation for its whole life.
struct InboundBuffer {
    private(set) var storage: [UInt8]
    private(set) var readIndex = 0
    private(set) var writeIndex = 0

    init(capacity: Int = 4096) {
        storage = [UInt8](repeating: 0, count: capacity)
    }

    /// Unconsumed bytes.
    var readableCount: Int { writeIndex - readIndex }

    var isEmpty: Bool { readIndex == writeIndex }

    mutating func append<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) {
        reserveWritable(bytes.count)
        var index = writeIndex
        for byte in bytes {
            storage[index] = byte
            index += 1
        }
        writeIndex = index
    }

    /// Makes room for at least `minimum` bytes after `writeIndex`.
    mutating func reserveWritable(_ minimum: Int) {
        if storage.count - writeIndex >= minimum { return }
        if readIndex > 0 {
            let unread = readableCount
            if unread > 0 {
                storage.withUnsafeMutableBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    (base).update(from: base + readIndex, count: unread)
                }
            }
            readIndex = 0
            writeIndex = unread
            if storage.count - writeIndex >= minimum { return }
        }
        var newCount = max(storage.count * 2, 4096)
        while newCount - writeIndex < minimum { newCount *= 2 }
        storage.append(contentsOf: repeatElement(0, count: newCount - storage.count))
    }

    /// Lets a reader fill the spare capacity; `body` returns how many bytes it wrote (or throws).
    mutating func write<E: Error>(
        upTo maximum: Int,
        _ body: (UnsafeMutableRawBufferPointer) throws(E) -> Int
    ) throws(E) -> Int {
        reserveWritable(maximum)
        let start = writeIndex
        // The standard library's closure APIs are untyped `rethrows`; a Result keeps the error typed.
        let outcome: Result<Int, E> = storage.withUnsafeMutableBytes { raw in
            let region = UnsafeMutableRawBufferPointer(rebasing: raw[start..<(start + maximum)])
            do throws(E) { return .success(try body(region)) } catch { return .failure(error) }
        }
        let written = try outcome.get()
        writeIndex += max(0, written)
        return written
    }

    /// Read-only view of the unconsumed bytes.
    func withUnreadBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let outcome: Result<R, E> = storage.withUnsafeBufferPointer { buffer in
            do throws(E) {
                return .success(try body(UnsafeBufferPointer(rebasing: buffer[readIndex..<writeIndex])))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    mutating func consume(_ count: Int) {
        precondition(count <= readableCount, "consumed past the end of the inbound buffer")
        readIndex += count
        if readIndex == writeIndex {
            // Nothing unread: start over at the front so the next read needs no move.
            readIndex = 0
            writeIndex = 0
        }
    }

    /// Drops unread bytes, e.g. while draining a connection that is being closed.
    mutating func removeAll() {
        readIndex = 0
        writeIndex = 0
    }
}
