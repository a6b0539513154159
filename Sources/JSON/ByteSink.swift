// Hot: measured by the `served` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

/// Where the JSON writers put their bytes: an array, the compact writer's `ByteBuffer`, or a run of
/// room in it (`PointerSink`).
public protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    public mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ByteSink {
    @inlinable
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }
}

/// Room for a known maximum of bytes in a `ByteBuffer` (see `ByteBuffer.write(atMost:_:)`), filled
/// with plain stores. Writing past the room given stops the program instead of overwriting memory:
/// callers size the room from the longest text they can write.
public struct PointerSink: ByteSink {
    @usableFromInline let start: UnsafeMutablePointer<UInt8>
    @usableFromInline let room: Int
    /// The bytes written so far.
    @inlinable public var count: Int { written }
    @usableFromInline var written = 0

    @inlinable
    public init(start: UnsafeMutablePointer<UInt8>, room: Int) {
        self.start = start
        self.room = room
    }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        precondition(written < room, "more bytes than the room asked for")
        start[written] = byte
        written += 1
    }

    @inlinable
    public mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(written + bytes.count <= room, "more bytes than the room asked for")
        (start + written).update(from: source, count: bytes.count)
        written += bytes.count
    }
}
