import Foundation

/// The text of a pagination cursor: a version tag and fields, base64url-encoded so clients treat it
/// as an opaque token and put it in a query string without escaping.
///
/// Tags differ per listing, so a cursor from one listing is refused by another instead of being
/// misread.
struct OpaqueCursor {
    let fields: [String]

    /// `tag` then the fields, joined by a separator no field contains (checked by the decoders'
    /// callers: the fields are integers and generated identifiers).
    func encoded(tag: String) -> String {
        let text = ([tag] + fields).joined(separator: "|")
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes a cursor written by `encoded(tag:)` with this tag and `fieldCount` fields.
    static func decode(_ cursor: String, tag: String, fieldCount: Int) throws -> OpaqueCursor {
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard base64.utf8.count <= 512, !base64.contains("=") else {
            throw PersistenceError.invalidCursor(cursor: cursor, reason: "not a cursor of this listing")
        }
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else {
            throw PersistenceError.invalidCursor(cursor: cursor, reason: "not base64url text")
        }
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.first == tag else {
            throw PersistenceError.invalidCursor(cursor: cursor, reason: "not a cursor of this listing")
        }
        guard parts.count == fieldCount + 1 else {
            throw PersistenceError.invalidCursor(
                cursor: cursor, reason: "expected \(fieldCount) fields, found \(parts.count - 1)")
        }
        return OpaqueCursor(fields: Array(parts.dropFirst()))
    }
}
