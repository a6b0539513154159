import HTTPServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("System errors and sinks")
struct SystemErrorTests {
    @Test("reports a port in use as a bind error naming the address")
    func portInUse() async throws {
        try await withServer { _, port in
            let second = HTTPServer(
                configuration: ServerConfiguration(host: "127.0.0.1", port: port),
                responder: try TestRoutes.makeRouter())
            #expect(throws: SystemError(call: "bind", errno: EADDRINUSE, subject: "127.0.0.1:\(port)")) {
                try second.start()
            }
        }
    }

    @Test("refuses a host that is not an IPv4 address")
    func badHost() throws {
        let server = HTTPServer(
            configuration: ServerConfiguration(host: "localhost", port: 0), responder: try TestRoutes.makeRouter())
        #expect(throws: SystemError.self) { try server.start() }
        do {
            try server.start()
        } catch {
            #expect(error.call == "inet_pton")
            #expect(error.description.contains("localhost"))
        }
    }

    @Test("writes whole lines to a file descriptor")
    func fileDescriptorSink() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
        }
        let sink = FileDescriptorLogSink(descriptor: ends[1])
        sink.write(line: #"{"a":1}"#)
        sink.write(line: #"{"b":2}"#)
        close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        var received: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        #expect(String(decoding: received, as: UTF8.self) == "{\"a\":1}\n{\"b\":2}\n")
    }

    @Test("refuses a chunk size beyond the limit without overflowing, whatever the limit")
    func hugeChunkSizeWithHugeLimit() {
        var limits = ServerLimits()
        limits.maxBodySize = Int.max - 1
        var decoder = RequestDecoder(limits: limits)
        decoder.feed(
            Array(
                "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffffffffff\r\n".utf8))
        #expect(throws: HTTPParseError.self) { while try decoder.next() != nil {} }
    }
}
