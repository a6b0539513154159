import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A response as read off the wire by the test client.
struct WireResponse {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

enum RawClientError: Error, CustomStringConvertible {
    case connectFailed(Int32)
    case closedBeforeResponse(received: String)
    case timedOut(received: String)
    case malformedResponse(String)

    var description: String {
        switch self {
        case .connectFailed(let code): "connect failed: errno \(code)"
        case .closedBeforeResponse(let received): "server closed before a full response; received: \(received)"
        case .timedOut(let received): "no complete response in time; received: \(received)"
        case .malformedResponse(let text): "malformed response: \(text)"
        }
    }
}

/// Runs blocking socket work on a thread of its own: blocking a thread of the Swift concurrency
/// pool would starve the server's handler tasks, which run on that same pool in this process.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// A TCP client that writes exact bytes and reads exact responses, so tests see what the server
/// really sends (framing included), with a receive time-out so a broken server fails a test
/// instead of hanging it. Reads run on their own thread (see `onOwnThread`); the buffer sits in a
/// Mutex so the client can move between threads.
final class RawClient: Sendable {
    let descriptor: Int32
    private let state = Mutex<[UInt8]>([])

    /// - Parameter sourceAddress: a loopback address to connect from (`127.0.0.2`, ...), so one
    ///   machine can play several clients; nil lets the kernel pick.
    init(port: Int, sourceAddress: String? = nil, receiveTimeoutSeconds: Int = 10) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let sourceAddress {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(sourceAddress)
            let bound = withUnsafePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if bound != 0 {
                let code = errno
                Glibc.close(fd)
                throw RawClientError.connectFailed(code)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 {
            // Closed here and thrown before `descriptor` is set, so deinit cannot close the number
            // a second time (by then it may belong to another test's server).
            let code = errno
            Glibc.close(fd)
            throw RawClientError.connectFailed(code)
        }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        descriptor = fd
    }

    deinit { Glibc.close(descriptor) }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Half-closes: the server sees end of stream but can still answer.
    func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads one response. `expectBody: false` for answers to HEAD.
    func readResponse(expectBody: Bool = true) async throws -> WireResponse {
        try await onOwnThread { [self] in
            try state.withLock { buffer in try readResponseBlocking(expectBody: expectBody, buffer: &buffer) }
        }
    }

    /// True when the server has closed the connection (end of stream or reset) and sent nothing more.
    func isClosedByServer() async -> Bool {
        (try? await onOwnThread { [self] in state.withLock { buffer in closedBlocking(buffer: &buffer) } }) ?? false
    }

    /// Waits, without reading, until the server closes or resets the connection; false if that
    /// does not happen within `seconds`. Lets a test keep a response unread while it waits.
    func waitForServerClose(seconds: Int = 20) async -> Bool {
        // POLLRDHUP (Linux) sits behind _GNU_SOURCE, which the Glibc module does not define.
        let readHangup: Int16 = 0x2000
        return
            (try? await onOwnThread { [descriptor] in
                var entry = pollfd(fd: descriptor, events: readHangup, revents: 0)
                let ready = poll(&entry, 1, Int32(seconds * 1000))
                return ready > 0 && entry.revents & (readHangup | Int16(POLLHUP) | Int16(POLLERR)) != 0
            }) ?? false
    }

    /// Whether the server sent something (or closed) within `milliseconds`, without reading it.
    func hasInput(withinMilliseconds milliseconds: Int) async -> Bool {
        (try? await onOwnThread { [descriptor] in
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, Int32(milliseconds)) > 0
        }) ?? false
    }

    /// Reads more bytes; false on end of stream, reset or time-out.
    private func fill(_ buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { raw in recv(descriptor, raw.baseAddress, raw.count, 0) }
        if count <= 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private func readResponseBlocking(expectBody: Bool, buffer: inout [UInt8]) throws -> WireResponse {
        var receivedText: String { String(decoding: buffer.prefix(400), as: UTF8.self) }
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            if let found = firstIndex(of: terminator, in: buffer) {
                headEnd = found
                break
            }
            guard fill(&buffer) else { throw RawClientError.closedBeforeResponse(received: receivedText) }
        }
        guard let headEnd else { throw RawClientError.malformedResponse(receivedText) }
        let headText = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst()
        let statusParts = statusLine.split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0] == "HTTP/1.1", let status = Int(statusParts[1]) else {
            throw RawClientError.malformedResponse(statusLine)
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: " "))
        }
        buffer.removeFirst(headEnd + 4)
        var length = 0
        if expectBody && !(100..<200).contains(status) && status != 204 && status != 304 {
            guard let text = headers.first(where: { $0.name.lowercased() == "content-length" })?.value,
                let value = Int(text)
            else { throw RawClientError.malformedResponse("no Content-Length in \(headText)") }
            length = value
        }
        while buffer.count < length {
            guard fill(&buffer) else { throw RawClientError.closedBeforeResponse(received: receivedText) }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return WireResponse(status: status, headers: headers, body: body)
    }

    private func closedBlocking(buffer: inout [UInt8]) -> Bool {
        if !buffer.isEmpty { return false }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, 0)
        if count == 0 { return true }
        if count < 0 { return errno == ECONNRESET }
        buffer.append(byte)
        return false
    }

    private func firstIndex(of pattern: [UInt8], in buffer: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for start in 0...(buffer.count - pattern.count) where buffer[start] == pattern[0] {
            if Array(buffer[start..<(start + pattern.count)]) == pattern { return start }
        }
        return nil
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var slice = self[...]
        while slice.first == set { slice.removeFirst() }
        while slice.last == set { slice.removeLast() }
        return String(slice)
    }
}
