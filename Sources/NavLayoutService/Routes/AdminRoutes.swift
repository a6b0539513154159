import Foundation
import HTTPServer
import JSON
import Storage

/// Operator routes with the admin token: a backup of the whole database, and one tenant moved out
/// or in as JSON lines (`TenantArchiveRepository`).
enum AdminRoutes: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        let auth = environment.authenticator
        let archives = environment.repositories.archives
        return [
            ServiceRoute(.post, "/v1/admin/backup") { request, _ in
                try await auth.requireAdmin(request)
                // No options: the server names and places every backup, so no client ever chooses a
                // path on the server's disk.
                if !request.body.isEmpty {
                    try RequestFields.refuseUnknown(in: try JSONBody.object(of: request), allowed: [])
                }
                let written = try await ServiceBackup(environment: environment).write()
                return JSONValue.object([
                    ("name", .string(written.name)), ("bytes", .number(Double(written.report.bytes))),
                    ("seconds", .number((written.report.seconds * 1000).rounded() / 1000)), ("integrity", "ok"),
                ]).response(status: .created)
            },
            ServiceRoute(.get, "/v1/admin/tenants/{name}/export") { request, context in
                try await auth.requireAdmin(request)
                let name = try context.parameters.require("name")
                let lines = try await archives.export(tenantName: name)
                return Response(
                    status: .ok, headers: ["Content-Type": TenantArchiveMediaType.name], body: lines)
            },
            ServiceRoute(.post, "/v1/admin/tenants/import") { request, _ in
                try await auth.requireAdmin(request)
                try TenantArchiveMediaType.check(request)
                let report = try await archives.importArchive(request.body)
                return JSONValue.object([
                    ("tenant", Representation.tenant(report.tenant)),
                    ("revokedKeys", .number(Double(report.revokedKeys))),
                    ("profiles", .number(Double(report.profiles))),
                    ("profileVersions", .number(Double(report.profileVersions))),
                    ("layouts", .number(Double(report.layouts))),
                ]).response(status: .created, headers: ["Location": "/v1/tenants/\(report.tenant.id)"])
            },
        ]
    }
}

/// The media type of a tenant archive: newline-delimited JSON.
enum TenantArchiveMediaType {
    static let name = "application/x-ndjson"

    /// 415 for a body declared as anything but JSON lines (or JSON, which a single line also is).
    static func check(_ request: Request) throws(HTTPError) {
        guard let contentType = request.headers["Content-Type"] else { return }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard type.lowercased() == name || JSONBody.isJSON(mediaTypeOf: contentType) else {
            throw HTTPError(
                .unsupportedMediaType, detail: "the body must be \(name) (one record per line), not \(contentType)")
        }
    }
}
