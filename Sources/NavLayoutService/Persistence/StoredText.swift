/// The one rule for text the service stores and shows back: tenant names, profile names and profile
/// descriptions.
///
/// - No control characters (Unicode general category Cc: NUL, the C0 controls, DEL and the C1
///   controls). A NUL ends the text for SQLite's own string functions, and other controls end up in
///   logs and terminals. A description may hold line feeds and tabs, which plain text needs.
/// - A length counted in characters (extended grapheme clusters, what a person counts), within the
///   field's bounds; a name is not all blank.
/// - Stored byte for byte as sent: no Unicode normalization, so what is read back is what was written
///   and compares equal to it byte for byte.
///
/// Every refusal is a `PersistenceError.invalidValue` naming the field, which the service answers as
/// a 422 with one `errors` entry at that field.
enum StoredText {
    enum Kind {
        /// One line; `forbidden` lists characters the name may not hold besides controls.
        case name(forbidden: Set<Character> = [])
        /// Free text: line feeds and tabs allowed.
        case description
    }

    static func check(
        _ text: String, field: String, what: String, kind: Kind, maximumLength: Int
    ) throws(PersistenceError) {
        let count = text.count
        var reasons: [String] = []
        switch kind {
        case .name(let forbidden):
            if count == 0 || text.allSatisfy(\.isWhitespace) { reasons.append("is empty or blank") }
            if text.unicodeScalars.contains(where: isControl) { reasons.append("holds a control character") }
            if let found = forbidden.first(where: text.contains) { reasons.append("holds '\(found)'") }
        case .description:
            if text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) {
                reasons.append("holds a control character other than a line feed or a tab")
            }
        }
        if count > maximumLength { reasons.append("has \(count) characters") }
        guard reasons.isEmpty else {
            throw .invalidValue(
                field: field,
                reason:
                    "\(what) \(reasons.joined(separator: " and ")); \(rule(what: what, kind: kind, maximumLength: maximumLength))"
            )
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    private static func rule(what: String, kind: Kind, maximumLength: Int) -> String {
        switch kind {
        case .name(let forbidden):
            let extra =
                forbidden.isEmpty ? "" : ", without " + forbidden.map { "'\($0)'" }.sorted().joined(separator: " or ")
            return "\(what) has 1 to \(maximumLength) characters, not all blank, without control characters\(extra)"
        case .description:
            return "\(what) has at most \(maximumLength) characters and no control characters but line feeds and tabs"
        }
    }
}
