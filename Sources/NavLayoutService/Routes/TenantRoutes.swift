import HTTPServer
import JSON

/// Tenant administration with the admin token: tenants, and their API keys (issued, listed,
/// rotated, revoked). Secrets appear in a response exactly once, when issued or rotated.
enum TenantRoutes: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        let auth = environment.authenticator
        let tenants = environment.repositories.tenants
        let keys = environment.repositories.apiKeys
        return [
            ServiceRoute(.post, "/v1/tenants") { request, _ in
                try await auth.requireAdmin(request)
                let body = try JSONBody.object(of: request)
                try RequestFields.refuseUnknown(in: body, allowed: ["name"])
                let name = try RequestFields.requiredString("name", in: body)
                let created = try await tenants.create(name: name, actor: .admin)
                let json = JSONValue.object([
                    ("tenant", Representation.tenant(created.tenant)),
                    ("key", Representation.issuedKey(created.firstKey)),
                ])
                return json.response(status: .created, headers: ["Location": "/v1/tenants/\(created.tenant.id)"])
            },
            ServiceRoute(.get, "/v1/tenants") { request, _ in
                try await auth.requireAdmin(request)
                let all = try await tenants.list()
                return Representation.list(all.map(Representation.tenant)).response()
            },
            ServiceRoute(.get, "/v1/tenants/{id}") { request, context in
                try await auth.requireAdmin(request)
                let id = try context.parameters.require("id")
                let tenant = try await tenants.get(id: id)
                return Representation.tenant(tenant).response()
            },
            ServiceRoute(.get, "/v1/tenants/{id}/keys") { request, context in
                try await auth.requireAdmin(request)
                let id = try context.parameters.require("id")
                let all = try await keys.list(tenantID: id)
                return Representation.list(all.map(Representation.key)).response()
            },
            ServiceRoute(.post, "/v1/tenants/{id}/keys") { request, context in
                try await auth.requireAdmin(request)
                let id = try context.parameters.require("id")
                let issued = try await keys.create(tenantID: id, actor: .admin)
                return Representation.issuedKey(issued).response(
                    status: .created, headers: ["Location": "/v1/tenants/\(id)/keys/\(issued.key.id)"])
            },
            ServiceRoute(.get, "/v1/tenants/{id}/keys/{keyId}") { request, context in
                try await auth.requireAdmin(request)
                let id = try context.parameters.require("id")
                let keyID = try context.parameters.require("keyId")
                let key = try await keys.get(tenantID: id, keyID: keyID)
                return Representation.key(key).response()
            },
            ServiceRoute(.post, "/v1/tenants/{id}/keys/{keyId}/rotate") { request, context in
                try await auth.requireAdmin(request)
                let id = try context.parameters.require("id")
                let keyID = try context.parameters.require("keyId")
                let issued = try await keys.rotate(tenantID: id, keyID: keyID, actor: .admin)
                return Representation.issuedKey(issued).response()
            },
            ServiceRoute(.delete, "/v1/tenants/{id}/keys/{keyId}") { request, context in
                try await auth.requireAdmin(request)
                let id = try context.parameters.require("id")
                let keyID = try context.parameters.require("keyId")
                let revoked = try await keys.revoke(tenantID: id, keyID: keyID, actor: .admin)
                return Representation.key(revoked).response()
            },
        ]
    }
}
