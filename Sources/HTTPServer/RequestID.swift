import Synchronization

/// Request ids: a random per-process prefix and a counter, unique within a process and unlikely to repeat
/// across processes.
public enum RequestID {
    private static let prefix: String = {
        let random = UInt32.random(in: 0...UInt32.max)
        let text = String(random, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }()

    private static let counter = Atomic<UInt64>(0)

    /// A new id such as `3fa2c901-00000000001a`.
    public static func generate() -> String {
        let value = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let text = String(value, radix: 16)
        return prefix + "-" + String(repeating: "0", count: max(0, 12 - text.count)) + text
    }

    /// Whether a client-supplied id is safe to echo and log: 1 to 128 characters of letters, digits
    /// and `-_.:`, so it can neither split a log line nor smuggle markup into one.
    public static func isAcceptable(_ candidate: String) -> Bool {
        let bytes = candidate.utf8
        guard !bytes.isEmpty, bytes.count <= 128 else { return false }
        return bytes.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":")
        }
    }
}
