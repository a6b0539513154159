// Hot: measured by the `served` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

/// Writes compact JSON straight into a byte buffer, value by value, for the hot path's output: the
/// layout result is written on every request, and building it as a `JSONValue` tree first (an object
/// per frame, a string compare per member insertion) costs more than the bytes themselves.
///
/// The bytes are those `JSONWriter(format: .compact)` writes for the same values: scalars go through
/// the same number and string writers, and a `JSONValue` can be written in place with `value(_:)`.
/// Callers keep object keys unique (see `uniqueMembers(_:)`).
public struct CompactJSONWriter {
    private var output: ByteBuffer
    /// True after a value or a closed container: the next member or element needs a comma first.
    private var needsComma = false

    public init(capacity: Int) {
        output = ByteBuffer(capacity: capacity)
    }

    /// The document written so far.
    public var bytes: [UInt8] { output.array() }

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    public mutating func key(_ key: String) {
        separate()
        JSONWriter.writeString(key, into: &output)
        output.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member name spelled out in the caller's code: plain ASCII that needs no escape, so its bytes
    /// are copied as they are (most of a result's bytes are such names).
    public mutating func field(_ name: StaticString) {
        separate()
        output.append(UInt8(ascii: "\""))
        output.append(name)
        output.append(UInt8(ascii: "\""))
        output.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ text: String) {
        separate()
        JSONWriter.writeString(text, into: &output)
        needsComma = true
    }

    public mutating func number(_ number: Double) {
        separate()
        JSONWriter.writeNumber(number, into: &output)
        needsComma = true
    }

    public mutating func bool(_ flag: Bool) {
        separate()
        output.append(flag ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        output.append("null")
        needsComma = true
    }

    /// A small value of at most `maximum` bytes (a frame) written by `body` in one piece, through a
    /// sink that stores bytes without a capacity test each (the buffer makes room once).
    public mutating func compactValue(atMost maximum: Int, _ body: (inout PointerSink) -> Void) {
        separate()
        output.write(atMost: maximum, body)
        needsComma = true
    }

    /// A value built as a tree (the rare parts of a result, such as diagnostics).
    public mutating func value(_ value: JSONValue) {
        separate()
        var written: [UInt8] = []
        JSONWriter(format: .compact).write(value, into: &written, indent: 0)
        written.withUnsafeBufferPointer { output.append(bytes: $0) }
        needsComma = true
    }

    /// The pairs with repeated names folded as `JSONObject` folds them: the first position keeps the
    /// last value.
    public static func uniqueMembers<Value>(_ pairs: [(name: String, value: Value)]) -> [(name: String, value: Value)] {
        var unique: [(name: String, value: Value)] = []
        unique.reserveCapacity(pairs.count)
        // A few members are compared with those kept so far; many are found through a table.
        guard pairs.count > 32 else {
            for pair in pairs {
                if let index = unique.firstIndex(where: { $0.name == pair.name }) {
                    unique[index].value = pair.value
                } else {
                    unique.append(pair)
                }
            }
            return unique
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(pairs.count)
        for pair in pairs {
            if let index = positions[pair.name] {
                unique[index].value = pair.value
            } else {
                positions[pair.name] = unique.count
                unique.append(pair)
            }
        }
        return unique
    }

    private mutating func open(_ byte: UInt8) {
        separate()
        output.append(byte)
        needsComma = false
    }

    private mutating func close(_ byte: UInt8) {
        output.append(byte)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { output.append(UInt8(ascii: ",")) }
    }
}
