import Foundation

/// One SQLite value, in one of SQLite's five storage classes.
public enum DatabaseValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// The storage class name as SQLite's `typeof()` spells it.
    public var storageClass: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }

    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): "\(value)"
        case .real(let value): "\(value)"
        case .text(let value): "'\(value)'"
        case .blob(let value): "blob of \(value.count) bytes"
        }
    }
}
