import Foundation
import Storage

/// How the admin token came to be, as `AdminTokenRepository.ensure` found or made it.
public enum AdminTokenSetup: Sendable, Hashable {
    /// No token was configured and none was stored: this one was generated and only its hash kept.
    /// Print it once; it cannot be recovered.
    case generated(token: String)
    /// The token given by the environment is the one in force (stored or replaced now).
    case fromEnvironment
    /// A token stored earlier stays in force (generated on a previous start, or given by the
    /// environment then).
    case existing

    /// The token to print, when it was just generated.
    public var newlyGeneratedToken: String? {
        if case .generated(let token) = self { return token }
        return nil
    }
}

/// The admin token: one secret, stored as a hash, that authorizes tenant administration.
public struct AdminTokenRepository: Sendable {
    /// The environment variable the service reads the token from.
    public static let environmentVariable = "NAVLAYOUT_ADMIN_TOKEN"
    /// Shorter operator-chosen tokens are refused: they could be guessed.
    public static let minimumLength = 16
    public let database: any SQLDatabase
    private let clock: PersistenceClock

    public init(database: any SQLDatabase, clock: @escaping PersistenceClock = Timestamp.now) {
        self.database = database
        self.clock = clock
    }

    /// Makes sure an admin token exists. With `environmentToken` (the value of
    /// NAVLAYOUT_ADMIN_TOKEN), that token is in force, replacing any stored one. Without it, a
    /// stored token stays; on a new database a token is generated and returned once.
    public func ensure(environmentToken: String?) async throws -> AdminTokenSetup {
        if let environmentToken {
            guard environmentToken.count >= Self.minimumLength, !environmentToken.contains(where: \.isWhitespace) else {
                throw PersistenceError.invalidValue(
                    field: Self.environmentVariable,
                    reason: "the admin token needs at least \(Self.minimumLength) characters and no whitespace")
            }
        }
        let clock = self.clock
        return try await database.write { connection in
            if let environmentToken {
                try Self.store(environmentToken, source: "environment", at: clock(), on: connection)
                return .fromEnvironment
            }
            let stored = try connection.fetchValue("SELECT count(*) FROM admin_token", as: Int.self)
            if stored == 1 { return .existing }
            let token = "nla_" + RandomIdentifier.text(length: 52)
            try Self.store(token, source: "generated", at: clock(), on: connection)
            return .generated(token: token)
        }
    }

    /// Whether `token` is the admin token, compared through its hash in constant time. False when
    /// no token was set up.
    public func verify(_ token: String) async throws -> Bool {
        let presented = SecretDigest.digest(of: token)
        let stored = try await database.read { connection in
            try connection.fetchValue("SELECT secret_hash FROM admin_token WHERE id = 1", as: Data.self)
        }
        guard let stored else { return false }
        return SecretDigest.constantTimeEquals(Array(stored), presented)
    }

    private static func store(_ token: String, source: String, at now: Timestamp, on connection: any SQLConnection)
        throws
    {
        try connection.execute(
            """
            INSERT INTO admin_token (id, secret_hash, source, created_at) VALUES (1, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET secret_hash = excluded.secret_hash, source = excluded.source,
                created_at = excluded.created_at
            WHERE admin_token.secret_hash <> excluded.secret_hash
            """,
            [Data(SecretDigest.digest(of: token)), source, now])
    }
}
