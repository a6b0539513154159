/// SQLite's `PRAGMA auto_vacuum` modes.
public enum AutoVacuumMode: Int, Sendable, Hashable {
    /// Freed pages stay in the file for reuse; the file never shrinks without a full VACUUM.
    case none = 0
    /// Every commit moves freed pages to the end of the file and truncates it.
    case full = 1
    /// Freed pages are tracked so `PRAGMA incremental_vacuum` can hand them back when asked.
    case incremental = 2
}

extension Connection {
    /// The database's auto-vacuum mode as stored in its header.
    public func autoVacuumMode() throws -> AutoVacuumMode {
        // The pragma answers from what the connection read of the header last; reading the schema
        // first makes that the header as it is now.
        _ = try makeStatement("SELECT count(*) FROM sqlite_master").fetchOne { try $0.value(at: 0, as: Int.self) }
        let value = try makeStatement("PRAGMA auto_vacuum").fetchOne { try $0.value(at: 0, as: Int.self) }
        return value.flatMap(AutoVacuumMode.init(rawValue:)) ?? .none
    }

    /// Puts the database in incremental auto-vacuum mode; true when it was in another mode and had
    /// to be rebuilt. The mode of a database that holds tables changes only with a VACUUM, which
    /// rewrites the whole file: run this outside a transaction, once, when the database is opened.
    @discardableResult
    public func useIncrementalAutoVacuum() throws -> Bool {
        guard try autoVacuumMode() != .incremental else { return false }
        try makeStatement("PRAGMA auto_vacuum = INCREMENTAL").execute()
        // An empty database takes the mode at once; one with tables keeps the old mode until VACUUM.
        if try autoVacuumMode() != .incremental {
            try makeStatement("VACUUM").execute()
        }
        return true
    }

    /// Hands every free page back to the file system (incremental auto-vacuum mode only; a no-op
    /// otherwise) and returns how many pages were freed.
    @discardableResult
    public func incrementalVacuum() throws -> Int {
        let before = try freePageCount()
        try makeStatement("PRAGMA incremental_vacuum").execute()
        return max(0, before - (try freePageCount()))
    }

    /// Pages in the database, free ones included.
    public func pageCount() throws -> Int {
        try makeStatement("PRAGMA page_count").fetchOne { try $0.value(at: 0, as: Int.self) } ?? 0
    }

    /// Pages on the free list: space the file holds but no row uses.
    public func freePageCount() throws -> Int {
        try makeStatement("PRAGMA freelist_count").fetchOne { try $0.value(at: 0, as: Int.self) } ?? 0
    }
}
