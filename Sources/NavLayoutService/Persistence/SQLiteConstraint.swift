/// Extended result codes of the constraint failures the repositories translate into typed errors
/// (sqlite3.h defines them as SQLITE_CONSTRAINT | (n << 8)).
enum SQLiteConstraint {
    /// SQLITE_CONSTRAINT_FOREIGNKEY: a row names a parent (a tenant) that does not exist.
    static let foreignKey: Int32 = 787
    /// SQLITE_CONSTRAINT_PRIMARYKEY: the id is taken.
    static let primaryKey: Int32 = 1555
}
