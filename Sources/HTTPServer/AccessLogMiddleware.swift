import JSON

#if canImport(Glibc)
    import Glibc
#endif

/// Writes one JSON line per request: time, request id, method, path, route, status, body bytes,
/// duration and peer. Members are written in a fixed order so lines diff and grep cleanly.
public struct AccessLogMiddleware: Middleware {
    private let sink: any AccessLogSink

    public init(sink: any AccessLogSink) {
        self.sink = sink
    }

    public func handle(
        _ request: Request,
        context: RequestContext,
        next: (Request, RequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            let response = try await next(request, context)
            log(request, context: context, status: response.status.code, bytes: response.body.count)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, context: context, status: status, bytes: 0)
            throw error
        }
    }

    private func log(_ request: Request, context: RequestContext, status: Int, bytes: Int) {
        let elapsed = ContinuousClock.now - context.receivedAt
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        var line = CompactJSONWriter(capacity: 256)
        line.beginObject()
        line.field("time")
        line.string(Self.timestamp())
        line.field("requestId")
        line.string(context.requestID)
        line.field("method")
        line.string(request.method.rawValue)
        line.field("path")
        line.string(String(request.path))
        if let route = context.routePattern {
            line.field("route")
            line.string(route)
        }
        line.field("status")
        line.number(Double(status))
        line.field("bytes")
        line.number(Double(bytes))
        line.field("durationMicros")
        line.number(Double(micros))
        line.field("remote")
        line.string(context.remoteAddress)
        line.endObject()
        sink.write(line: String(decoding: line.bytes, as: UTF8.self))
    }

    /// UTC with milliseconds, e.g. `2026-01-31T12:00:00.123Z`.
    static func timestamp() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var output = [CChar](repeating: 0, count: 32)
        let length = strftime(&output, output.count, "%Y-%m-%dT%H:%M:%S", &parts)
        let base = String(decoding: output.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let millis = Int(spec.tv_nsec / 1_000_000)
        let millisText = String(millis)
        return base + "." + String(repeating: "0", count: 3 - millisText.count) + millisText + "Z"
    }
}
