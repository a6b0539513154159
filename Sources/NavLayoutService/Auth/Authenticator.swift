import HTTPServer

/// Decides who is calling: a tenant's API key for tenant routes, the admin token for tenant
/// administration. Both compare hashes in constant time (in the repositories); a missing, unknown,
/// rotated-away or revoked credential is a 401 with a `WWW-Authenticate` challenge.
public struct Authenticator: Sendable {
    private let repositories: Repositories

    public init(repositories: Repositories) {
        self.repositories = repositories
    }

    /// The API key (and so the tenant) behind the request's bearer token.
    public func tenant(of request: Request) async throws -> AuthenticatedKey {
        let token = try BearerCredentials.token(in: request)
        guard let key = try await repositories.apiKeys.authenticate(bearer: token) else {
            throw BearerCredentials.unauthorized("the API key is not valid", error: "invalid_token")
        }
        return key
    }

    /// Passes when the request carries the admin token.
    public func requireAdmin(_ request: Request) async throws {
        let token = try BearerCredentials.token(in: request)
        guard try await repositories.adminToken.verify(token) else {
            throw BearerCredentials.unauthorized("tenant administration needs the admin token", error: "invalid_token")
        }
    }
}
