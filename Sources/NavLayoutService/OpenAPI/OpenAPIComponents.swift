import JSON

extension OpenAPIDocument {
    private typealias S = OpenAPISchema

    static var components: JSONValue {
        .object([
            ("schemas", .object(JSONObject(schemas))),
            (
                "headers",
                .object([
                    (
                        "RequestId",
                        .object([
                            (
                                "description",
                                .string(
                                    "The request's id: the client's own X-Request-Id when acceptable, else a generated one."
                                )
                            ),
                            ("required", .bool(true)), ("schema", .object([("type", .string("string"))])),
                        ])
                    )
                ])
            ),
            (
                "securitySchemes",
                .object([
                    (
                        "apiKey",
                        .object([
                            ("type", .string("http")), ("scheme", .string("bearer")),
                            ("description", .string("A tenant's API key: the key decides the tenant.")),
                        ])
                    ),
                    (
                        "adminToken",
                        .object([
                            ("type", .string("http")), ("scheme", .string("bearer")),
                            ("description", .string("The admin token, for tenant administration.")),
                        ])
                    ),
                ])
            ),
        ])
    }

    private static var timestamp: JSONValue { S.string(format: "date-time") }

    private static var schemas: [(String, JSONValue)] {
        let fieldError = S.object([("path", S.string()), ("message", S.string())], required: ["path", "message"])
        let actor = S.object(
            [("kind", S.enumeration(["admin", "apiKey"])), ("keyId", S.string())], required: ["kind"])
        let keyProperties: [(String, JSONValue)] = [
            ("id", S.string()), ("tenantId", S.string()), ("prefix", S.string()), ("createdAt", timestamp),
            ("rotatedAt", S.nullableString(format: "date-time")), ("revokedAt", S.nullableString(format: "date-time")),
        ]
        let keyRequired = ["id", "tenantId", "prefix", "createdAt", "rotatedAt", "revokedAt"]
        let section: (String) -> JSONValue = { S.anyObject($0) }
        let layoutSummaryProperties: [(String, JSONValue)] = [
            ("id", S.string()), ("profile", S.nullableString()), ("profileVersion", S.integer(nullable: true)),
            ("mode", S.enumeration(LayoutMode.allCases.map(\.rawValue))),
            ("navigation", S.enumeration(LayoutNavigationState.allCases.map(\.rawValue))),
            ("status", S.enumeration(LayoutStatus.allCases.map(\.rawValue))), ("createdAt", timestamp),
        ]
        let layoutSummaryRequired = layoutSummaryProperties.map(\.0)
        let versionProperties: [(String, JSONValue)] = [
            ("name", S.string()), ("version", S.integer(minimum: 1)), ("etag", S.string()),
            ("description", S.nullableString()), ("createdAt", timestamp), ("createdBy", S.ref("Actor")),
        ]
        return [
            (
                "Problem",
                S.object(
                    [
                        ("type", S.string()), ("title", S.string()), ("status", S.integer(minimum: 100, maximum: 599)),
                        ("detail", S.string()), ("errors", S.array(of: fieldError)),
                    ], required: ["type", "title", "status"], description: "RFC 9457 problem details.")
            ),
            ("Actor", actor),
            (
                "Tenant",
                S.object(
                    [("id", S.string()), ("name", S.string()), ("createdAt", timestamp)],
                    required: ["id", "name", "createdAt"])
            ),
            (
                "NewTenant",
                S.object(
                    [
                        (
                            "name",
                            .object([
                                ("type", .string("string")), ("minLength", .number(Double(1))),
                                ("maxLength", .number(Double(TenantRepository.maximumNameLength))),
                                (
                                    "pattern",
                                    .string(
                                        "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*$"
                                    )
                                ),
                            ])
                        )
                    ],
                    required: ["name"])
            ),
            (
                "CreatedTenant",
                S.object([("tenant", S.ref("Tenant")), ("key", S.ref("IssuedApiKey"))], required: ["tenant", "key"])
            ),
            ("ApiKey", S.object(keyProperties, required: keyRequired)),
            (
                "IssuedApiKey",
                S.object(
                    keyProperties + [("secret", S.string(description: "The bearer token; shown once."))],
                    required: keyRequired + ["secret"])
            ),
            (
                "Profile",
                S.object(
                    versionProperties + [("document", S.ref("ProfileDocument"))],
                    required: versionProperties.map(\.0) + ["document"])
            ),
            (
                "ProfileSummary",
                S.object(
                    [
                        ("name", S.string()), ("currentVersion", S.integer(minimum: 1)), ("etag", S.string()),
                        ("description", S.nullableString()), ("createdAt", timestamp), ("updatedAt", timestamp),
                    ], required: ["name", "currentVersion", "etag", "description", "createdAt", "updatedAt"])
            ),
            ("ProfileVersionSummary", S.object(versionProperties, required: versionProperties.map(\.0))),
            ("LayoutSummary", S.object(layoutSummaryProperties, required: layoutSummaryRequired)),
            (
                "StoredLayout",
                S.object(
                    layoutSummaryProperties + [
                        ("request", section("The request as received.")), ("result", S.ref("LayoutResult")),
                    ],
                    required: layoutSummaryRequired + ["request", "result"])
            ),
            (
                "AuditEvent",
                S.object(
                    [
                        ("id", S.integer()), ("actor", S.ref("Actor")),
                        ("action", S.enumeration(AuditAction.allCases.map(\.rawValue))),
                        ("objectKind", S.enumeration(AuditObjectKind.allCases.map(\.rawValue))),
                        ("objectId", S.string()),
                        ("detail", S.string()), ("createdAt", timestamp),
                    ], required: ["id", "actor", "action", "objectKind", "objectId", "detail", "createdAt"])
            ),
            (
                "MatrixRequest",
                S.object(
                    [
                        ("profile", S.string()), ("profileVersion", S.integer(minimum: 1)),
                        ("screen", S.ref("PartialScreen")), ("state", S.ref("PartialNavigationState")),
                        ("settings", S.ref("Settings")), ("delegate", S.ref("Delegate")),
                        ("style", S.ref("StyleOverrides")),
                        ("matrix", S.ref("MatrixSelection")),
                    ], description: "A layout request solved on many devices.")
            ),
            (
                "MatrixSelection",
                S.object(
                    [
                        ("devices", S.array(of: S.string(minLength: 1))),
                        ("orientations", S.array(of: S.enumeration(["portrait", "landscape"]))),
                        ("directions", S.array(of: S.enumeration(["ltr", "rtl"]))),
                        ("states", S.array(of: S.enumeration(["disabled", "ready", "guidance"]))),
                    ],
                    description:
                        "The cells: device ids of GET /v1/devices (presets and iPad multitasking windows), orientations, directions, navigation states; each left out means all (devices: every full-screen preset)."
                )
            ),
            (
                "MatrixResult",
                S.object(
                    [
                        ("id", S.string()),
                        (
                            "summary",
                            section("Cell counts by status, devices with errors or warnings, codes, solve times.")
                        ),
                        (
                            "cells",
                            S.array(
                                of: S.object(
                                    [
                                        ("key", S.string()), ("device", S.string()),
                                        ("orientation", S.enumeration(["portrait", "landscape"])),
                                        ("direction", S.enumeration(["ltr", "rtl"])),
                                        ("state", S.enumeration(["disabled", "ready", "guidance"])),
                                        ("status", S.enumeration(LayoutStatus.allCases.map(\.rawValue))),
                                        ("codes", S.array(of: S.string())),
                                        ("wideMode", .object([("type", .string("boolean"))])),
                                        ("solveMicros", S.integer(minimum: 0)), ("id", S.string()),
                                    ],
                                    required: [
                                        "key", "device", "orientation", "direction", "state", "status", "codes",
                                        "wideMode",
                                        "solveMicros",
                                    ]))
                        ),
                    ], required: ["summary", "cells"], closed: false,
                    description:
                        "One row per cell in a fixed order (devices in catalog order, then orientation, direction, state)."
                )
            ),
            (
                "DeviceCatalog",
                S.object(
                    [
                        (
                            "devices",
                            S.array(
                                of: S.object(
                                    [
                                        ("id", S.string(minLength: 1)), ("name", S.string()),
                                        ("family", S.enumeration(["iphone", "ipad"])),
                                        ("portrait", section("width, height, safeArea")),
                                        ("landscape", section("width, height, safeArea")),
                                        ("splitViews", S.array(of: section("An iPad multitasking window (derived)."))),
                                        ("sources", section("Where the size and the safe area come from.")),
                                        ("derived", .object([("type", .string("boolean"))])),
                                    ],
                                    required: ["id", "name", "family", "portrait", "landscape", "sources", "derived"],
                                    closed: false))
                        ),
                        ("orientations", S.array(of: S.string())),
                        ("sources", section("The sources of the figures.")),
                    ], required: ["devices"], closed: false, description: "Device presets, in catalog order.")
            ),
        ] + layoutSchemas + reviewSchemas
    }
}
