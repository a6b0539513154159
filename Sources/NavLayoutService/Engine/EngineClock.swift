import Dispatch

/// The monotonic clock the engine measures solves with (it has none of its own).
public enum EngineClock {
    @Sendable public static func nanoseconds() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
