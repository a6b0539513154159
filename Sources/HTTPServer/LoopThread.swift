#if canImport(Glibc)
    import Glibc
#endif

/// Starts a detached POSIX thread running `body`. Event loops need real threads of their own:
/// `epoll_wait` blocks, which must never happen on the Swift concurrency pool.
enum LoopThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    static func start(_ run: @escaping @Sendable () -> Void) throws(SystemError) {
        let context = Unmanaged.passRetained(Body(run)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw SystemError(call: "pthread_create", errno: result, subject: "event loop thread")
        }
        pthread_detach(thread)
    }
}
