/// The six kinds of JSON value, and the names error messages give a value's type.
enum JSONKind: UInt8 {
    case null
    case bool
    case number
    case string
    case array
    case object

    /// The kind's name as error messages print it ("an object", "a number", ...).
    var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
