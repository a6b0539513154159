import Foundation
import Storage

/// A point in time as the database stores it: whole microseconds since 1970-01-01T00:00:00Z.
///
/// Integers rather than text or floating point: they compare exactly, sort the same in Swift and in
/// SQL, and survive a round trip through a keyset cursor without rounding.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var microsecondsSinceEpoch: Int64

    public init(microsecondsSinceEpoch: Int64) {
        self.microsecondsSinceEpoch = microsecondsSinceEpoch
    }

    public init(_ date: Date) {
        self.microsecondsSinceEpoch = Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
    }

    /// The system clock now.
    public static func now() -> Timestamp {
        Timestamp(Date())
    }

    public var date: Date {
        Date(timeIntervalSince1970: Double(microsecondsSinceEpoch) / 1_000_000)
    }

    /// This time moved by `duration` (negative durations move it back).
    public func advanced(by duration: Duration) -> Timestamp {
        let (seconds, attoseconds) = duration.components
        return Timestamp(
            microsecondsSinceEpoch: microsecondsSinceEpoch + seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.microsecondsSinceEpoch < rhs.microsecondsSinceEpoch
    }

    /// RFC 3339 / ISO 8601 in UTC with microseconds, e.g. `2026-11-30T10:40:24.123456Z`.
    public var iso8601: String {
        let seconds = microsecondsSinceEpoch.floorDivided(by: 1_000_000)
        let micros = microsecondsSinceEpoch - seconds * 1_000_000
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(micros))
    }

    public var description: String {
        iso8601
    }
}

extension Timestamp: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue {
        .integer(microsecondsSinceEpoch)
    }

    public static func fromDatabaseValue(_ value: DatabaseValue) -> Timestamp? {
        Int64.fromDatabaseValue(value).map(Timestamp.init(microsecondsSinceEpoch:))
    }
}

/// Where repositories read the time: the system clock in the service, a controlled one in tests.
public typealias PersistenceClock = @Sendable () -> Timestamp

extension Int64 {
    /// Division rounding toward negative infinity, so times before 1970 split into whole seconds
    /// and a non-negative remainder.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }
}
