/// Header fields in the order they arrived; names compare case-insensitively (RFC 9110 section 5.1).
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    public private(set) var fields: [Field] = []

    public init() {}

    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field of this name with one field.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        fields.append(Field(name: name, value: value))
    }

    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// The first value of the field, or nil.
    public subscript(name: String) -> String? {
        fields.first { Self.namesEqual($0.name, name) }?.value
    }

    /// Every value of the field, in arrival order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    public func contains(name: String) -> Bool { self[name] != nil }

    static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { asciiLower($0) == asciiLower($1) }
    }
}

func asciiLower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
}

extension Substring {
    /// Drops optional whitespace (SP and HTAB) at both ends.
    func trimmingOWS() -> Substring {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return slice
    }

    func lowercasedASCII() -> String {
        String(decoding: utf8.map(asciiLower), as: UTF8.self)
    }
}
