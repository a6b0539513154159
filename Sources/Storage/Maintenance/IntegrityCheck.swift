/// How thoroughly SQLite checks a database file.
public enum IntegrityCheck: Sendable, Hashable {
    /// `PRAGMA integrity_check`: every page, every index against its table, every constraint. Reads
    /// the whole file and sorts index keys; for a copy about to be trusted.
    case full
    /// `PRAGMA quick_check`: the page structure and records, without comparing indexes to tables;
    /// reads the file once, so it is cheap enough for every start-up.
    case quick

    var pragma: String {
        switch self {
        case .full: "integrity_check"
        case .quick: "quick_check"
        }
    }
}

extension Connection {
    /// What the check found wrong, in SQLite's words; empty when the database is sound. Damage
    /// bad enough that SQLite cannot even walk the file is reported as a problem too, not thrown.
    public func integrityProblems(_ check: IntegrityCheck = .full) throws -> [String] {
        do {
            let rows = try makeStatement("PRAGMA \(check.pragma)").fetchAll { try $0.value(at: 0, as: String.self) }
            return rows == ["ok"] ? [] : rows
        } catch let error as DatabaseError where error.resultCode == .corrupt || error.resultCode == .notADatabase {
            return [error.message]
        }
    }
}
