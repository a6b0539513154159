/// The operator routes of the OpenAPI document: backups, tenant export and import.

import JSON

extension OpenAPIDocument {
    private typealias R = OpenAPIResponses
    private typealias S = OpenAPISchema

    static let tenantArchiveDescription =
        "JSON lines, one record per line with a `type`: `tenant` (first, with `format` 1), `apiKey` (id, prefix, "
        + "times; never a secret or its digest), `profile` (name, times, `deletedAt`), `profileVersion` (`profile`, "
        + "`version`, `document` and `description` as stored, `etag`, `createdAt`, `createdByKeyId`), `layout` (id, "
        + "profile reference, mode, navigation, status, `createdAt`, `request` and `result` as stored, `device` and "
        + "`codes`, which an older archive may leave out). Times are RFC 3339 with microseconds."

    static var adminOperations: [OpenAPIOperation] {
        [
            OpenAPIOperation(
                method: "post", path: "/v1/admin/backup", operationID: "backupDatabase", tag: "admin",
                summary: "Back up the database",
                description:
                    "Writes a consistent copy of the live database (`VACUUM INTO`) into the server's backup directory "
                    + "under a name made from the time, then runs `PRAGMA integrity_check` on it. The body is empty "
                    + "or `{}`: the server chooses the name and place.",
                security: .adminToken,
                responses: [
                    (
                        "201",
                        R.json(
                            "The backup written.",
                            S.object(
                                [
                                    ("name", S.string(description: "The file name inside the backup directory.")),
                                    ("bytes", S.integer(minimum: 0)),
                                    (
                                        "seconds",
                                        .object([
                                            ("type", .string("number")),
                                            ("description", .string("How long writing the copy took.")),
                                        ])
                                    ), ("integrity", S.enumeration(["ok"])),
                                ], required: ["name", "bytes", "seconds", "integrity"]))
                    ),
                    ("400", R.problem("The body is not JSON.")),
                    ("409", R.problem("There is no backup directory (an in-memory database).")),
                    ("415", R.problem("The body is not application/json.")),
                    ("422", R.problem("The body has members; a backup takes none.")),
                ]),
            OpenAPIOperation(
                method: "get", path: "/v1/admin/tenants/{name}/export", operationID: "exportTenant", tag: "admin",
                summary: "Export one tenant as JSON lines", description: tenantArchiveDescription,
                security: .adminToken, parameters: [R.pathParameter("name", "The tenant's name.")],
                responses: [
                    ("200", R.text("The tenant archive.", mediaType: "application/x-ndjson")),
                    ("404", R.problem("No tenant of this name.")),
                ]),
            OpenAPIOperation(
                method: "post", path: "/v1/admin/tenants/import", operationID: "importTenant", tag: "admin",
                summary: "Create a tenant from an export",
                description:
                    "Writes the tenant, its profile versions and its layouts with their ids and times, in one "
                    + "transaction. Keys are recorded as revoked (an export holds no secrets): issue new ones. The "
                    + "body counts against the server's body limit (`--max-body-bytes`). "
                    + tenantArchiveDescription,
                security: .adminToken,
                requestBody: .object([
                    ("description", .string("A tenant archive as `GET /v1/admin/tenants/{name}/export` wrote it.")),
                    ("required", .bool(true)),
                    (
                        "content",
                        .object([
                            ("application/x-ndjson", .object([("schema", .object([("type", .string("string"))]))]))
                        ])
                    ),
                ]),
                responses: [
                    (
                        "201",
                        R.json(
                            "The tenant created and what it holds.",
                            S.object(
                                [
                                    ("tenant", S.ref("Tenant")), ("revokedKeys", S.integer(minimum: 0)),
                                    ("profiles", S.integer(minimum: 0)), ("profileVersions", S.integer(minimum: 0)),
                                    ("layouts", S.integer(minimum: 0)),
                                ], required: ["tenant", "revokedKeys", "profiles", "profileVersions", "layouts"]),
                            headers: [locationHeader])
                    ),
                    ("400", R.problem("A line is not JSON; `errors` names each line (`line 7`).")),
                    ("409", R.problem("The tenant, or an id the archive brings, exists; `errors` names the line.")),
                    ("415", R.problem("The body is not application/x-ndjson.")),
                    (
                        "422",
                        R.problem(
                            "A record is not valid; `errors` names each line and field (`line 7, createdAt`). Nothing is written."
                        )
                    ),
                ]),
        ]
    }
}
