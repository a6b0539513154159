import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Where access log lines go. One call per line, without the trailing newline.
public protocol AccessLogSink: Sendable {
    func write(line: String)
}

/// Writes lines to a file descriptor (standard output by default). A lock keeps lines whole when
/// several workers log at once; a single `write` per line keeps them whole for other writers too.
public final class FileDescriptorLogSink: AccessLogSink {
    private let descriptor: Mutex<Int32>

    public init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = Mutex(descriptor)
    }

    public func write(line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        descriptor.withLock { fd in
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { raw in
                    Glibc.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // a broken log must not break serving
                }
                offset += written
            }
        }
    }
}

/// Keeps lines in memory, for tests and for callers that ship logs themselves.
public final class InMemoryLogSink: AccessLogSink {
    private let storage = Mutex<[String]>([])

    public init() {}

    public func write(line: String) {
        storage.withLock { $0.append(line) }
    }

    /// Every line written so far, in order.
    public var lines: [String] { storage.withLock { $0 } }
}
