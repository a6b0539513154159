import Synchronization

/// The id of a recorded layout: 26 characters of Crockford base 32 holding 48 bits of Unix time in
/// milliseconds and 80 random bits (the ULID layout), lower case.
///
/// Sorting ids as text sorts them by creation time, and ids made by one process are strictly
/// increasing: within one millisecond the random part is incremented instead of drawn again.
public struct LayoutID: Sendable, Hashable, Comparable, CustomStringConvertible, LosslessStringConvertible {
    public static let length = 26
    public let text: String

    /// Parses an id as a client sends it back (case-insensitive); nil for anything else.
    public init?(_ description: String) {
        let lowered = description.lowercased()
        guard lowered.utf8.count == Self.length, lowered.allSatisfy(RandomIdentifier.alphabet.contains),
            let first = lowered.first, first <= "7"  // 26 characters hold 130 bits: the top two must be 0
        else {
            return nil
        }
        self.text = lowered
    }

    private init(validated text: String) {
        self.text = text
    }

    public var description: String {
        text
    }

    public static func < (lhs: LayoutID, rhs: LayoutID) -> Bool {
        lhs.text < rhs.text
    }

    /// A new id, later than every id this process made before.
    public static func generate(now: Timestamp = .now()) -> LayoutID {
        generator.withLock { $0.next(milliseconds: UInt64(max(0, now.microsecondsSinceEpoch / 1000))) }
    }

    private static let generator = Mutex(MonotonicGenerator())

    /// The last (time, random) pair handed out, so the next one can be made larger.
    private struct MonotonicGenerator {
        var lastMilliseconds: UInt64 = 0
        var lastRandom: (high: UInt16, low: UInt64) = (0, 0)

        mutating func next(milliseconds: UInt64) -> LayoutID {
            var milliseconds = milliseconds & 0xFFFF_FFFF_FFFF
            if milliseconds <= lastMilliseconds {
                // Same millisecond, or the clock stepped back: stay on the last time and count up.
                milliseconds = lastMilliseconds
                let (low, overflow) = lastRandom.low.addingReportingOverflow(1)
                lastRandom = (overflow ? lastRandom.high &+ 1 : lastRandom.high, low)
                if overflow, lastRandom.high == 0 {
                    // 2^80 ids in one millisecond cannot happen; move on a millisecond if it does.
                    milliseconds += 1
                }
            } else {
                var system = SystemRandomNumberGenerator()
                lastRandom = (UInt16.random(in: .min ... .max, using: &system), system.next())
            }
            lastMilliseconds = milliseconds
            return LayoutID(validated: Self.encode(milliseconds: milliseconds, random: lastRandom))
        }

        /// 128 bits (48 time, 80 random) as 26 base-32 digits, most significant first.
        static func encode(milliseconds: UInt64, random: (high: UInt16, low: UInt64)) -> String {
            // The 128-bit value as two 64-bit halves.
            let high = milliseconds << 16 | UInt64(random.high)
            let low = random.low
            var characters: [Character] = []
            characters.reserveCapacity(LayoutID.length)
            for digit in 0..<LayoutID.length {
                let shift = 125 - 5 * digit  // bit position of this digit's lowest bit (130 bits, top 2 zero)
                let value: UInt64
                if shift >= 64 {
                    value = (high >> UInt64(shift - 64)) & 0x1F
                } else if shift > 59 {
                    // This digit straddles the two halves.
                    value = ((high << UInt64(64 - shift)) | (low >> UInt64(shift))) & 0x1F
                } else {
                    value = (low >> UInt64(shift)) & 0x1F
                }
                characters.append(RandomIdentifier.alphabet[Int(value)])
            }
            return String(characters)
        }
    }
}
