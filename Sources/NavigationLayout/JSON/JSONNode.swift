/// A parsed JSON value as the request decoder reads it: a `JSONValue` tree, or a node of a `JSONTape`
/// (the request's own bytes with a flat list of tokens, no tree to build and release).
///
/// The decoder is written once against this protocol and specialized for each kind of node, so both
/// read a document with the very same checks, paths and messages.
protocol JSONNode {
    associatedtype Object: JSONNodeObject where Object.Node == Self
    associatedtype Elements: Collection where Elements.Element == Self

    /// The name of the value's JSON type, as error messages print it (see `JSONValue.typeDescription`).
    var typeDescription: String { get }
    var isNull: Bool { get }
    var boolValue: Bool? { get }
    var numberValue: Double? { get }
    var stringValue: String? { get }
    /// A string's UTF-8 bytes where the node can lend them without making a String (a tape: its
    /// document's bytes, valid while the node is); nil otherwise.
    var stringBytes: UnsafeBufferPointer<UInt8>? { get }
    /// Where a string's bytes lie in the document a tape was read from (see `stringBytes`); nil otherwise.
    var stringRange: Range<Int>? { get }
    var objectValue: Object? { get }
    var arrayValue: Elements? { get }
}

/// The members of a JSON object, in document order.
protocol JSONNodeObject {
    associatedtype Node: JSONNode where Node.Object == Self
    associatedtype Member: JSONNodeMember where Member.Node == Node
    associatedtype Members: Sequence where Members.Element == Member

    var nodeMembers: Members { get }
    /// The value of the member named `key`, nil when there is none.
    func node(forKey key: String) -> Node?
}

/// One member of a JSON object.
protocol JSONNodeMember {
    associatedtype Node: JSONNode

    /// The member's name (made into a String on demand by a tape).
    var key: String { get }
    var value: Node { get }
    /// Whether the member's name is `name`, without making a String of it where that can be avoided.
    func hasKey(_ name: String) -> Bool
}

extension JSONValue: JSONNode {
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A tree's string is a String already.
    var stringBytes: UnsafeBufferPointer<UInt8>? { nil }
    var stringRange: Range<Int>? { nil }

    var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}

extension JSONObject: JSONNodeObject {
    var nodeMembers: [Member] { members }

    func node(forKey key: String) -> JSONValue? { self[key] }
}

extension JSONObject.Member: JSONNodeMember {
    func hasKey(_ name: String) -> Bool {
        key.utf8.count == name.utf8.count && key == name
    }
}
