/// A JSON document as its own bytes plus one flat list of tokens, in document order.
///
/// Reading a request into a `JSONValue` tree costs an allocation per object and array and a String per
/// key and string, all released again once the request is decoded. A tape is one array of plain tokens:
/// a string is a byte range of the document, made into a String only where the decoder keeps it.
/// A container's token holds the count of its members or elements and where its subtree ends, so the
/// decoder steps over values without reading them. `JSONTapeParser` builds tapes.
struct JSONTape {
    typealias Kind = JSONKind

    struct Token {
        var kind: Kind
        /// The value of a boolean.
        var flag = false
        /// Members of an object, elements of an array.
        var count: UInt32 = 0
        /// The position of the token after this value and everything inside it.
        var end: UInt32 = 0
        /// A number's bit pattern, or a string's byte offset (high half) and length (low half).
        var payload: UInt64 = 0
    }

    let bytes: [UInt8]
    let tokens: [Token]

    /// Runs `body` on the document's root value. Nodes point into the tape's storage: they are valid
    /// only inside `body` and must not escape it.
    func withRoot<Result>(_ body: (Node) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            tokens.withUnsafeBufferPointer { tokens in
                // A tape always holds at least its root token, and a document at least one byte.
                guard let tokenBase = tokens.baseAddress, let byteBase = bytes.baseAddress else {
                    preconditionFailure("a tape holds at least one token")
                }
                return body(Node(storage: Storage(tokens: tokenBase, bytes: byteBase), index: 0))
            }
        }
    }

    /// The tape's memory while a `withRoot` body runs: plain pointers, so that copying a node costs
    /// no reference counting.
    struct Storage {
        let tokens: UnsafePointer<Token>
        let bytes: UnsafePointer<UInt8>

        func string(of token: Token) -> String {
            String(
                decoding: UnsafeBufferPointer(start: bytes + token.stringStart, count: token.stringLength),
                as: UTF8.self)
        }

        /// Whether the string token's bytes are those of `name`.
        func string(of token: Token, equals name: String) -> Bool {
            let length = token.stringLength
            guard name.utf8.count == length else { return false }
            let start = bytes + token.stringStart
            return name.utf8.withContiguousStorageIfAvailable { expected in
                guard let expectedStart = expected.baseAddress else { return length == 0 }
                return memcmp(start, expectedStart, length) == 0
            } ?? name.utf8.elementsEqual(UnsafeBufferPointer(start: start, count: length))
        }
    }

    /// One value of the tape.
    struct Node: JSONNode {
        let storage: Storage
        let index: Int

        var token: Token { storage.tokens[index] }

        var typeDescription: String { token.kind.typeDescription }

        var isNull: Bool { token.kind == .null }

        var boolValue: Bool? {
            let token = token
            return token.kind == .bool ? token.flag : nil
        }

        var numberValue: Double? {
            let token = token
            return token.kind == .number ? Double(bitPattern: token.payload) : nil
        }

        var stringValue: String? {
            let token = token
            return token.kind == .string ? storage.string(of: token) : nil
        }

        var stringBytes: UnsafeBufferPointer<UInt8>? {
            let token = token
            guard token.kind == .string else { return nil }
            return UnsafeBufferPointer(start: storage.bytes + token.stringStart, count: token.stringLength)
        }

        var stringRange: Range<Int>? {
            let token = token
            guard token.kind == .string else { return nil }
            return token.stringStart..<token.stringStart + token.stringLength
        }

        var objectValue: Object? {
            token.kind == .object ? Object(storage: storage, index: index) : nil
        }

        var arrayValue: Elements? {
            let token = token
            guard token.kind == .array else { return nil }
            return Elements(storage: storage, startIndex: index + 1, endIndex: Int(token.end), count: Int(token.count))
        }
    }

    /// An object's members: each is a key token followed by its value's tokens.
    struct Object: JSONNodeObject, Sequence {
        let storage: Storage
        let index: Int

        var nodeMembers: Object { self }

        func node(forKey key: String) -> Node? {
            for member in self where member.hasKey(key) { return member.value }
            return nil
        }

        func makeIterator() -> Iterator {
            Iterator(storage: storage, position: index + 1, end: Int(storage.tokens[index].end))
        }

        struct Iterator: IteratorProtocol {
            let storage: Storage
            var position: Int
            let end: Int

            mutating func next() -> Member? {
                guard position < end else { return nil }
                let member = Member(storage: storage, keyIndex: position)
                position = Int(storage.tokens[position + 1].end)
                return member
            }
        }
    }

    struct Member: JSONNodeMember {
        let storage: Storage
        let keyIndex: Int

        var key: String { storage.string(of: storage.tokens[keyIndex]) }
        var value: Node { Node(storage: storage, index: keyIndex + 1) }

        func hasKey(_ name: String) -> Bool { storage.string(of: storage.tokens[keyIndex], equals: name) }
    }

    /// An array's elements; an index is the position of an element's first token.
    struct Elements: Collection {
        let storage: Storage
        let startIndex: Int
        let endIndex: Int
        let count: Int

        subscript(position: Int) -> Node { Node(storage: storage, index: position) }

        func index(after position: Int) -> Int { Int(storage.tokens[position].end) }

        var isEmpty: Bool { count == 0 }
    }
}

extension JSONTape.Token {
    var stringStart: Int { Int(payload >> 32) }
    var stringLength: Int { Int(payload & 0xFFFF_FFFF) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
