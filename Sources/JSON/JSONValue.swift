/// A JSON document as a value.
///
/// Numbers are IEEE doubles: every size, offset and priority the service reads fits one exactly, and
/// integers up to 2^53 round-trip unchanged. Objects keep their members in order (see `JSONObject`), so
/// decoding and encoding are deterministic.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A string, or null when there is none.
    public static func string(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    /// The name of the value's JSON type, as error messages print it ("an object", "a number", ...).
    public var typeDescription: String { kind.typeDescription }

    var kind: JSONKind {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }
}

/// A JSON object: its members in the order they were written (parsed) or inserted (built).
///
/// Keys are unique: the parser rejects a document that repeats a key, and `subscript(key:)` replaces
/// the value of an existing key in place. Equality compares members in order.
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member]

    public init() {
        members = []
    }

    /// An object from members whose keys are unique; a later repeat of a key replaces the earlier value.
    public init(_ pairs: [(String, JSONValue)]) {
        members = []
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// Members whose keys the caller has already made unique (the parser, the merge).
    public init(uniqueMembers: [Member]) {
        members = uniqueMembers
    }

    /// The members by key, for callers that look up many keys of a large object.
    public func indexByKey() -> [String: JSONValue] {
        var index: [String: JSONValue] = [:]
        index.reserveCapacity(members.count)
        for member in members { index[member.key] = member.value }
        return index
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    /// The value of `key`; setting nil removes the member, setting a value replaces it in place or appends.
    public subscript(key: String) -> JSONValue? {
        get {
            // Request objects have a handful of members: a linear scan beats hashing here. Lengths are
            // compared first (free for Swift strings), which settles most keys without a string compare.
            let length = key.utf8.count
            for member in members where member.key.utf8.count == length && member.key == key { return member.value }
            return nil
        }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Keys in the order written; a repeated key keeps the last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}

/// An object written as a list of pairs, `[("type", "string"), ("minLength", 1)]`: the members in the
/// order written, which a dictionary literal also keeps, but with room for values built in place.
extension JSONObject: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: (String, JSONValue)...) { self.init(elements) }
}
