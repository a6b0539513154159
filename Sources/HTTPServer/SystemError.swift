#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call: which call, on what, and the errno it returned.
public struct SystemError: Error, Equatable, CustomStringConvertible {
    /// The name of the call that failed, e.g. `"bind"`.
    public let call: String
    /// The errno value the call left behind.
    public let errno: Int32
    /// What the call was working on (an address, a file descriptor), for the reader of the message.
    public let subject: String

    public init(call: String, errno: Int32, subject: String = "") {
        self.call = call
        self.errno = errno
        self.subject = subject
    }

    public var description: String {
        let reason = String(cString: strerror(errno))
        return subject.isEmpty
            ? "\(call) failed: \(reason) (errno \(errno))"
            : "\(call) on \(subject) failed: \(reason) (errno \(errno))"
    }

    /// The operation would block on a non-blocking descriptor; not a failure for an event loop.
    var wouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK }
}
