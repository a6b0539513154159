import CEpoll

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a system call that reports failure as -1 with errno, retrying while a signal interrupts it.
///
/// Every socket and epoll call of the server goes through here so that EINTR never surfaces as an
/// error and every other errno becomes a typed `SystemError` naming the call.
@inline(__always)
func systemCall<Result: BinaryInteger>(
    _ name: @autoclosure () -> String,
    subject: @autoclosure () -> String = "",
    _ body: () -> Result
) throws(SystemError) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = cepoll_errno()
        if code == EINTR { continue }
        throw SystemError(call: name(), errno: code, subject: subject())
    }
}

/// Closes a descriptor once. EINTR from close must not be retried on Linux (the descriptor is
/// already released), so this deliberately bypasses `systemCall`.
@inline(__always)
func closeDescriptor(_ fd: Int32) {
    _ = Glibc.close(fd)
}

/// Monotonic time in nanoseconds: deadlines must not jump with the wall clock.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}
