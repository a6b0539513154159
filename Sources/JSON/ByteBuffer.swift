// Hot: measured by the `served` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

/// The compact writer's output: bytes stored through a pointer, so that appending a byte or a short
/// run is a store and a capacity test (an array append also checks that its storage is unique, and
/// copies every run through a generic path). `array()` copies the bytes out once, at the end.
///
/// The bytes live in a `ManagedBuffer`, an ordinary heap object: `UnsafeMutablePointer.allocate`
/// goes through the runtime's aligned allocation (`memalign` on Linux), which for a buffer of a few
/// kilobytes costs more than writing the whole result into it.
///
/// A struct rather than a class: the writer that owns it holds it inline, so writing a result makes
/// one heap block fewer. Copying one would share the storage, so it is never copied: one writer owns
/// it while writing one document (not Sendable for the same reason).
struct ByteBuffer: ByteSink {
    private var storage: ManagedBuffer<Void, UInt8>
    private(set) var count = 0
    /// Kept here: `ManagedBuffer.capacity` asks the allocator for the block's usable size on each read.
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        storage = ManagedBuffer<Void, UInt8>.create(minimumCapacity: self.capacity) { _ in }
    }

    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        let position = count
        storage.withUnsafeMutablePointerToElements { $0[position] = byte }
        count += 1
    }

    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
        let position = count
        storage.withUnsafeMutablePointerToElements { ($0 + position).initialize(from: source, count: bytes.count) }
        count += bytes.count
    }

    /// Lets `body` write at most `maximum` bytes straight into the storage: one capacity test for a
    /// run of small writes (a frame's members and numbers) instead of one per byte.
    mutating func write(atMost maximum: Int, _ body: (inout PointerSink) -> Void) {
        if count + maximum > capacity { grow(toAtLeast: count + maximum) }
        let position = count
        let written = storage.withUnsafeMutablePointerToElements { elements in
            var sink = PointerSink(start: elements + position, room: maximum)
            body(&sink)
            return sink.count
        }
        count += written
    }

    private mutating func grow(toAtLeast minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let moved = ManagedBuffer<Void, UInt8>.create(minimumCapacity: newCapacity) { _ in }
        let written = count
        storage.withUnsafeMutablePointerToElements { old in
            moved.withUnsafeMutablePointerToElements { new in new.initialize(from: old, count: written) }
        }
        storage = moved
        capacity = newCapacity
    }

    /// The bytes written so far.
    func array() -> [UInt8] {
        let written = count
        return storage.withUnsafeMutablePointerToElements { Array(UnsafeBufferPointer(start: $0, count: written)) }
    }
}
