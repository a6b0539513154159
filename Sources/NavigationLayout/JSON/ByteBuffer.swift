/// The compact writer's output: bytes stored through a pointer, so that appending a byte or a short
/// run is a store and a capacity test (an array append also checks that its storage is unique, and
/// copies every run through a generic path). `array()` copies the bytes out once, at the end.
///
/// Not Sendable: one writer owns it while writing one document.
final class ByteBuffer: ByteSink {
    private var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        start[count] = byte
        count += 1
    }

    func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
        (start + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    private func grow(toAtLeast minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        moved.initialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = newCapacity
    }

    /// The bytes written so far.
    func array() -> [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }
}
