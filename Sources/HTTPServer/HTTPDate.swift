import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The IMF-fixdate for the Date header (RFC 9110 section 6.6.1), formatted once per second and shared
/// by every thread, so encoding a response costs a lock and a copy instead of a calendar computation.
enum HTTPDate {
    private struct Cached {
        var second: Int = -1
        var text: [UInt8] = []
    }

    private static let cache = Mutex(Cached())

    static func current() -> [UInt8] {
        let now = time(nil)
        return cache.withLock { cached in
            if cached.second != now {
                cached.second = now
                cached.text = format(now)
            }
            return cached.text
        }
    }

    static func format(_ seconds: time_t) -> [UInt8] {
        var moment = seconds
        var parts = tm()
        gmtime_r(&moment, &parts)
        var output = [CChar](repeating: 0, count: 64)
        let length = strftime(&output, output.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return output.prefix(length).map { UInt8(bitPattern: $0) }
    }
}
