/// Where the JSON writers put their bytes: an array, or the compact writer's `ByteBuffer`.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ByteSink {
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }
}
