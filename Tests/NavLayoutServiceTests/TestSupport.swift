import Foundation
import NavLayoutService
import Storage
import Synchronization
import TestPostgres
import Testing

/// A fresh folder under the system's temporary folder, removed when the value is dropped.
final class TemporaryFolder {
    let path: String

    init() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("navlayout-service-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        self.path = path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String {
        path + "/" + name
    }
}

/// The package's top-level Migrations folder, found from this source file.
let packageMigrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Migrations").path

/// Where a test database lives: the kinds run the same tests, because `Database` reads through the
/// writer in memory and through a reader pool on a file, and PostgreSQL (a schema of its own on the
/// server of `NAVLAYOUT_TEST_POSTGRES`, when there is one) is the other backend.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case file
    case postgres

    static var allCases: [StoreKind] { TestPostgres.available ? [.memory, .file, .postgres] : [.memory, .file] }
    /// The kinds that are SQLite files or memory.
    static let sqliteCases: [StoreKind] = [.memory, .file]

    var testDescription: String { rawValue }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current: Mutex<Int64>
    private let step: Int64

    /// - Parameter step: microseconds each reading moves the clock on; 0 freezes it, so every
    ///   event shares one time and only ids tell them apart.
    init(start: Timestamp = Timestamp(microsecondsSinceEpoch: 1_800_000_000_000_000), step: Int64 = 1) {
        current = Mutex(start.microsecondsSinceEpoch)
        self.step = step
    }

    /// The current time, then the clock moves on by `step`.
    func now() -> Timestamp {
        let step = self.step
        return Timestamp(
            microsecondsSinceEpoch: current.withLock { value in
                value += step
                return value
            })
    }

    func advance(by duration: Duration) {
        current.withLock { value in
            value = Timestamp(microsecondsSinceEpoch: value).advanced(by: duration).microsecondsSinceEpoch
        }
    }
}

/// A migrated database with every repository on it.
struct Store {
    /// The SQLite database, for the kinds that are one.
    let sqlite: Database?
    /// The database as the repositories see it.
    let sql: any SQLDatabase
    /// The PostgreSQL schema of the `.postgres` kind, dropped when the store goes.
    let postgresSchema: TestPostgres.FreshSchema?
    let clock: TestClock
    let tenants: TenantRepository
    let keys: ApiKeyRepository
    let adminToken: AdminTokenRepository
    let profiles: ProfileRepository
    let layouts: LayoutHistoryRepository
    let audit: AuditRepository

    init(database: Database, clock: TestClock = TestClock()) {
        self.init(sql: SQLiteStore(database), sqlite: database, postgresSchema: nil, clock: clock)
    }

    init(sql: any SQLDatabase, sqlite: Database?, postgresSchema: TestPostgres.FreshSchema?, clock: TestClock) {
        self.sqlite = sqlite
        self.sql = sql
        self.postgresSchema = postgresSchema
        self.clock = clock
        let now: PersistenceClock = { clock.now() }
        tenants = TenantRepository(database: sql, clock: now)
        keys = ApiKeyRepository(database: sql, clock: now)
        adminToken = AdminTokenRepository(database: sql, clock: now)
        profiles = ProfileRepository(database: sql, clock: now)
        layouts = LayoutHistoryRepository(database: sql, clock: now)
        audit = AuditRepository(database: sql)
    }

    /// Opens and migrates a database of this kind (a file inside `folder`).
    static func open(_ kind: StoreKind, in folder: TemporaryFolder, clock: TestClock = TestClock()) async throws
        -> Store
    {
        if kind == .postgres {
            let schema = try TestPostgres.FreshSchema()
            let store = PostgresStore(url: schema.url)
            let migrator = try Migrator.postgres(location: .folder(path: packageMigrations))
            _ = try await store.run { try migrator.migrate($0) }
            return Store(sql: store, sqlite: nil, postgresSchema: schema, clock: clock)
        }
        let location: DatabaseLocation = kind == .memory ? .inMemory : .file(path: folder.file("service.sqlite"))
        let database = try Database(location: location)
        try await database.migrate(try Migrator(location: .folder(path: packageMigrations)))
        return Store(database: database, clock: clock)
    }

    /// The SQLite database behind the repositories, for a test that reads it directly; such a test
    /// runs on the SQLite kinds only.
    var database: Database {
        get throws {
            guard let sqlite else { throw NotSQLite() }
            return sqlite
        }
    }

    struct NotSQLite: Error {}
}

/// A small layout record of a tenant.
func sampleLayout(
    tenantID: String, profile: String? = nil, version: Int? = nil, navigation: LayoutNavigationState = .guidance,
    status: LayoutStatus = .ok, mode: LayoutMode = .delegate, marker: Int = 0
) -> NewLayoutRecord {
    NewLayoutRecord(
        tenantID: tenantID, profileName: profile, profileVersion: version, mode: mode, navigation: navigation,
        status: status, requestJSON: #"{"marker":\#(marker)}"#, resultJSON: #"{"status":"\#(status.rawValue)"}"#)
}

/// Runs `body` and returns the `PersistenceError` it threw; fails the test when it threw nothing or
/// something else.
func persistenceError<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async -> PersistenceError? {
    do {
        _ = try await body()
        Issue.record("expected a PersistenceError, nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as PersistenceError {
        return error
    } catch {
        Issue.record("expected a PersistenceError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
