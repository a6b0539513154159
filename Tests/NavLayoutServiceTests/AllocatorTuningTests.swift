import Testing

@testable import NavLayoutService

@Suite("Allocator tuning of navlayout serve")
struct AllocatorTuningTests {
    @Test("glibc accepts both thresholds")
    func glibcAcceptsTheThresholds() {
        #expect(AllocatorTuning.apply(environment: [:]) == .applied)
    }

    @Test("an operator's GLIBC_TUNABLES are left alone")
    func operatorTunablesWin() {
        let environment = ["GLIBC_TUNABLES": "glibc.malloc.trim_threshold=1048576"]
        #expect(AllocatorTuning.apply(environment: environment) == .leftToEnvironment)
    }

    @Test("a request body of the default limit is allocated in an arena, and trimming keeps room for it")
    func thresholdsCoverTheDefaultBodyLimit() {
        let defaultBodyLimit = 1 << 20
        #expect(Int(AllocatorTuning.mmapThreshold) >= defaultBodyLimit)
        #expect(AllocatorTuning.trimThreshold >= AllocatorTuning.mmapThreshold)
    }
}
