// The PostgreSQL server the tests of that backend use, shared by the test targets.
import Foundation
import Storage

/// The URL of a PostgreSQL database the tests may create tables and schemas in, from
/// `NAVLAYOUT_TEST_POSTGRES` (`.ci/run` starts one with scripts/postgres/local.sh); without it the
/// tests that need a server do not run.
public enum TestPostgres {
    public static let urlText = ProcessInfo.processInfo.environment["NAVLAYOUT_TEST_POSTGRES"]
    public static var available: Bool { urlText != nil }

    public struct NotConfigured: Error, CustomStringConvertible {
        public var description: String { "NAVLAYOUT_TEST_POSTGRES names no PostgreSQL database" }
    }

    public static func url() throws -> PostgresURL {
        guard let urlText else { throw NotConfigured() }
        return try PostgresURL.parse(urlText)
    }

    public static func connect(_ options: PostgresConnection.Options = .init()) throws -> PostgresConnection {
        try PostgresConnection(url: try url(), options: options)
    }

    /// A name of its own for one test's table or schema, so tests running at once do not meet.
    public static func table(_ stem: String) -> String {
        "\(stem)_\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The URL with a schema of its own first on the search path: the tables `body` makes through
    /// it live there, and go with the schema when `body` ends.
    public static func withFreshSchema<T>(_ body: (PostgresURL) throws -> T) throws -> T {
        let schema = try FreshSchema()
        return try body(schema.url)
    }

    /// A schema of its own, first on the search path of `url`, dropped with everything in it when
    /// the last reference to it goes.
    public final class FreshSchema: Sendable {
        public let name: String
        public let url: PostgresURL

        public init() throws {
            name = TestPostgres.table("test")
            try TestPostgres.connect().executeScript("CREATE SCHEMA \(name)")
            var url = try TestPostgres.url()
            url.parameters.append(PostgresURL.Parameter(name: "options", value: "-c search_path=\(name)"))
            self.url = url
        }

        deinit {
            _ = try? TestPostgres.connect().executeScript("DROP SCHEMA \(name) CASCADE")
        }
    }
}
