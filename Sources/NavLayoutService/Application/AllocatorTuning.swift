import CMalloc

/// The allocator settings `navlayout serve` runs with.
///
/// glibc hands an arena's free top back to the system as soon as 128 KiB of it are free, and
/// adjusts that threshold on its own. The service allocates and frees in bursts on many threads
/// (event loops, the task pool, the single database writer), so under load its arenas were trimmed
/// and faulted back in over and over: page faults and TLB shootdowns cost a recorded POST
/// /v1/layouts about a third of its CPU time (see BENCHMARKS.md, "Service"). Fixed thresholds keep
/// a few MiB per arena instead.
enum AllocatorTuning {
    /// Free memory an arena keeps at its top before trimming it.
    static let trimThreshold: Int32 = 8 << 20
    /// Allocations from this size up get a mapping of their own. Setting the trim threshold turns off
    /// glibc's dynamic adjustment of this one too, so it is fixed here, above any buffer a request
    /// needs, so that such buffers are reused rather than mapped and unmapped each time.
    static let mmapThreshold: Int32 = 1 << 20

    enum Outcome: Equatable, Sendable {
        /// Both thresholds were set.
        case applied
        /// `GLIBC_TUNABLES` is set: the operator tunes the allocator, and the service leaves it alone.
        case leftToEnvironment
        /// glibc refused a setting (it never should for these values); the defaults stay.
        case refused
    }

    /// Sets the thresholds unless the environment tunes the allocator itself.
    @discardableResult
    static func apply(environment: [String: String]) -> Outcome {
        if environment["GLIBC_TUNABLES"] != nil { return .leftToEnvironment }
        // mallopt returns 1 on success, 0 on error.
        let trim = mallopt(CMALLOC_TRIM_THRESHOLD, trimThreshold)
        let mmap = mallopt(CMALLOC_MMAP_THRESHOLD, mmapThreshold)
        return trim == 1 && mmap == 1 ? .applied : .refused
    }
}
