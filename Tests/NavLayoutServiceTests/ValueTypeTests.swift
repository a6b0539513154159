import Foundation
import NavLayoutService
import Testing

@Suite("Layout ids and timestamps")
struct ValueTypeTests {
    @Test("generated layout ids are 26 characters, strictly increasing, and parse back")
    func layoutIDs() {
        let ids = (0..<2000).map { _ in LayoutID.generate() }
        #expect(ids.allSatisfy { $0.text.count == LayoutID.length })
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        #expect(ids.allSatisfy { LayoutID($0.text) == $0 })
        #expect(ids.allSatisfy { LayoutID($0.text.uppercased()) == $0 })
    }

    @Test("a later time gives a later id, even when the clock steps back")
    func layoutIDsFollowTime() {
        let now = Timestamp.now()
        let first = LayoutID.generate(now: now)
        let later = LayoutID.generate(now: now.advanced(by: .seconds(10)))
        let stepBack = LayoutID.generate(now: now)
        #expect(first < later)
        #expect(later < stepBack)
        // The first ten characters are the time: an id made ten seconds on differs there.
        #expect(first.text.prefix(10) != later.text.prefix(10))
        #expect(later.text.prefix(10) == stepBack.text.prefix(10))
    }

    @Test(
        "text that is not a layout id is refused",
        arguments: [
            "", "0123456789", "0000000000000000000000000i", "80000000000000000000000000", "0000000000000000000000000/",
        ])
    func invalidLayoutID(text: String) {
        #expect(LayoutID(text) == nil)
    }

    @Test(
        "timestamps print as RFC 3339 UTC with microseconds",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000000Z"),
            (Int64(1_800_000_000_123_456), "2027-01-15T08:00:00.123456Z"),
            (Int64(-1), "1969-12-31T23:59:59.999999Z"),
        ])
    func iso8601(micros: Int64, text: String) {
        #expect(Timestamp(microsecondsSinceEpoch: micros).iso8601 == text)
    }

    @Test("a timestamp moves by durations and converts to and from Date")
    func arithmetic() {
        let start = Timestamp(microsecondsSinceEpoch: 1_000_000)
        #expect(start.advanced(by: .milliseconds(1500)).microsecondsSinceEpoch == 2_500_000)
        #expect(start.advanced(by: .seconds(-2)).microsecondsSinceEpoch == -1_000_000)
        #expect(Timestamp(start.date) == start)
    }
}

@Suite("Parsing RFC 3339 times")
struct TimestampParsingTests {
    @Test(
        "valid times parse to the exact microsecond",
        arguments: [
            ("1970-01-01T00:00:00Z", Int64(0)),
            ("2027-01-15T08:00:00.123456Z", Int64(1_800_000_000_123_456)),
            ("2027-01-15T08:00:00.1234569Z", Int64(1_800_000_000_123_456)),
            ("2027-01-15T09:00:00.5+01:00", Int64(1_800_000_000_500_000)),
            ("2027-01-15T07:30:00-00:30", Int64(1_800_000_000_000_000)),
            ("2027-01-15t08:00:00z", Int64(1_800_000_000_000_000)),
            ("1969-12-31T23:59:59.999999Z", Int64(-1)),
            ("2024-02-29T00:00:00Z", Int64(1_709_164_800_000_000)),
        ])
    func valid(text: String, micros: Int64) {
        #expect(Timestamp(iso8601: text)?.microsecondsSinceEpoch == micros)
    }

    @Test(
        "malformed or impossible times are refused",
        arguments: [
            "", "2027-01-15", "2027-01-15T08:00:00", "2027-01-15T08:00Z", "2027-13-01T00:00:00Z",
            "2023-02-29T00:00:00Z", "2027-01-15T24:00:00Z", "2027-01-15T08:00:00.Z", "2027-01-15T08:00:00+1:00",
            "2027-01-15T08:00:00Z ", "yesterday", "2027-01-15T08:00:60Z",
        ])
    func invalid(text: String) {
        #expect(Timestamp(iso8601: text) == nil)
    }

    @Test("printing then parsing gives the same time", arguments: [Int64(0), -86_400_000_001, 1_234_567_890_123_456])
    func roundTrip(micros: Int64) {
        let time = Timestamp(microsecondsSinceEpoch: micros)
        #expect(Timestamp(iso8601: time.iso8601) == time)
    }
}
