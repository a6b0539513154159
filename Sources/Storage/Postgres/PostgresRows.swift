import Foundation

/// What one statement returned: its columns, every row's values as `DatabaseValue`s (the types
/// SQLite has, so that a row reads the same from either database), and the rows it changed.
public struct PostgresRows: Sendable, Equatable {
    public var columns: [String]
    public var rows: [[DatabaseValue]]
    /// INSERT, UPDATE and DELETE: the rows changed; 0 for other statements.
    public var affectedRows: Int

    /// The first column of the first row, or nil when there is no row.
    public var firstValue: DatabaseValue? { rows.first?.first }

    /// A value sent in PostgreSQL's text format read as a `DatabaseValue`, by the column's type:
    /// integers as integers, floating and numeric values as reals, booleans as 1 and 0 (as SQLite
    /// keeps them), bytea as a blob, everything else (text, json, timestamps) as text.
    static func value(text: UnsafeBufferPointer<UInt8>, type: UInt32) -> DatabaseValue {
        let string = String(decoding: text, as: UTF8.self)
        switch type {
        case TypeID.int8, TypeID.int4, TypeID.int2:
            return Int64(string).map(DatabaseValue.integer) ?? .text(string)
        case TypeID.float8, TypeID.float4, TypeID.numeric:
            return Double(string).map(DatabaseValue.real) ?? .text(string)
        case TypeID.bool:
            return .integer(string == "t" ? 1 : 0)
        case TypeID.bytea:
            return hexBytea(text).map(DatabaseValue.blob) ?? .text(string)
        default:
            return .text(string)
        }
    }

    /// bytea's hex output (`\x` then two hex digits a byte), the server's default since 9.0.
    static func hexBytea(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"), text.count % 2 == 0 else {
            return nil
        }
        func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes = Data(capacity: (text.count - 2) / 2)
        var index = 2
        while index < text.count {
            guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The type OIDs of pg_type that decide how a value reads (catalog constants, stable across
    /// releases).
    enum TypeID {
        static let bool: UInt32 = 16
        static let bytea: UInt32 = 17
        static let int8: UInt32 = 20
        static let int2: UInt32 = 21
        static let int4: UInt32 = 23
        static let float4: UInt32 = 700
        static let float8: UInt32 = 701
        static let numeric: UInt32 = 1700
    }
}
