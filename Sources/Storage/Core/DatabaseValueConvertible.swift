import Foundation

/// A Swift value that can be bound to a statement parameter and read back from a result column.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to bind.
    var databaseValue: DatabaseValue { get }
    /// The Swift value for a column value; nil when the column holds a value of another kind.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

extension Int64: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        if case .integer(let integer) = value { return integer }
        return nil
    }
}

extension Int: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
        if case .integer(let integer) = value { return Int(exactly: integer) }
        return nil
    }
}

extension Double: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .real(let real): return real
        // An expression such as `SUM(x)` over integers yields an integer even where a REAL is meant.
        case .integer(let integer): return Double(integer)
        default: return nil
        }
    }
}

extension String: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        if case .text(let text) = value { return text }
        return nil
    }
}

extension Data: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .blob(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        if case .blob(let blob) = value { return blob }
        return nil
    }
}

extension Bool: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        // SQLite has no boolean: 0 and 1 are the only integers read as booleans, so a stray 2 is an
        // error rather than a silent `true`.
        switch value {
        case .integer(0): return false
        case .integer(1): return true
        default: return nil
        }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue {
        self?.databaseValue ?? .null
    }

    public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if case .null = value { return .some(.none) }
        guard let wrapped = Wrapped.fromDatabaseValue(value) else { return nil }
        return .some(wrapped)
    }
}
