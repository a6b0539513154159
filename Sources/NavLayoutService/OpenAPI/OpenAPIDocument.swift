/// The OpenAPI 3.1 description of the service, served at /openapi.json. It is written here, apart
/// from the route table, and a test checks the two list the same operations, so neither can drift.

import JSON
import NavigationLayout

public enum OpenAPIDocument {
    /// The document.
    public static func make() -> JSONValue {
        var paths: [(String, [(String, JSONValue)])] = []
        for operation in operations {
            if let index = paths.firstIndex(where: { $0.0 == operation.path }) {
                paths[index].1.append((operation.method, operation.json))
            } else {
                paths.append((operation.path, [(operation.method, operation.json)]))
            }
        }
        return .object([
            ("openapi", .string("3.1.0")),
            (
                "info",
                .object([
                    ("title", .string("navlayout")), ("version", .string("1.0.0")),
                    (
                        "description",
                        .string(
                            "Solves Google Navigation SDK for iOS screen layouts without a device; stores per-tenant "
                                + "profiles (versioned, with ETags) and the history of solved layouts. Errors are RFC 9457 "
                                + "problem details. Another tenant's objects answer 404.")
                    ),
                ])
            ),
            ("paths", .object(JSONObject(paths.map { ($0.0, .object(JSONObject($0.1))) }))),
            ("components", components),
        ])
    }

    /// `(method, path)` of every documented operation, upper-case methods, sorted.
    public static func documentedOperations() -> [(method: String, pattern: String)] {
        operations.map { ($0.method.uppercased(), $0.path) }
            .sorted { ($0.pattern, $0.method) < ($1.pattern, $1.method) }
    }

    // MARK: Operations

    static var operations: [OpenAPIOperation] {
        layoutOperations + reviewOperations + tenantOperations + adminOperations + profileOperations
            + historyOperations + deviceAndPlaygroundOperations + operationsRoutes
    }

    private typealias R = OpenAPIResponses
    private typealias S = OpenAPISchema

    private static let badRequest = (
        "400", R.problem("The request could not be read (malformed JSON, bad query value or cursor).")
    )
    private static let unsupportedMediaType = ("415", R.problem("The body is not application/json."))
    private static let unprocessable = (
        "422", R.problem("The content is not valid; `errors` points at each offending field.")
    )
    private static let notFound = (
        "404", R.problem("No such object for this tenant (another tenant's objects are not found either).")
    )

    private static var layoutOperations: [OpenAPIOperation] {
        [
            OpenAPIOperation(
                method: "post", path: "/v1/layouts", operationID: "solveLayout", tag: "layouts",
                summary: "Solve a layout",
                description:
                    "Merges the named profile (latest or `profileVersion`) with the request, solves, records request and result in history unless `record=false`, and answers the result with its history id.",
                security: .apiKey,
                parameters: [
                    R.queryParameter(
                        "record", "false: do not record in history.", schema: S.enumeration(["true", "false"]))
                ],
                requestBody: R.body(S.ref("LayoutRequest"), description: "The layout to solve."),
                responses: [
                    ("200", R.json("The solved layout.", S.ref("LayoutResult"))), badRequest, notFound,
                    unsupportedMediaType, unprocessable,
                ], writes: true),
            OpenAPIOperation(
                method: "get", path: "/v1/layouts/{id}.svg", operationID: "getLayoutSVG", tag: "layouts",
                summary: "A recorded layout drawn as SVG", security: .apiKey,
                parameters: [R.pathParameter("id", "The layout's history id.")],
                responses: [("200", R.text("The drawing.", mediaType: "image/svg+xml")), notFound]),
            OpenAPIOperation(
                method: "post", path: "/v1/convert", operationID: "convertSettings", tag: "layouts",
                summary: "Convert built-in settings to an equivalent delegate document", security: .apiKey,
                requestBody: R.body(
                    S.ref("ConvertRequest"), description: "`settings` (and optionally `screen`, `state`, `style`)."),
                responses: [
                    (
                        "200",
                        R.json(
                            "The delegate document and what replaced each legacy setting.", S.ref("ConversionResult"))
                    ), badRequest, notFound, unsupportedMediaType, unprocessable,
                ]),
            OpenAPIOperation(
                method: "post", path: "/v1/imports/swift", operationID: "importSwiftDelegate", tag: "layouts",
                summary: "Read an app's Swift layout delegate into a delegate document", security: .apiKey,
                requestBody: R.body(
                    S.ref("DelegateSource"),
                    description:
                        "The Swift file's text, the path its diagnostics name, and the class when it has several."),
                responses: [
                    (
                        "200",
                        R.json(
                            "The class read, the delegate document with its sourceMap, and the import's warnings.",
                            S.ref("SwiftImport"))
                    ), badRequest, unsupportedMediaType, unprocessable,
                ]),
            OpenAPIOperation(
                method: "post", path: "/v1/scenarios", operationID: "runScenario", tag: "layouts",
                summary: "Replay SDK events and lay out each step", security: .apiKey,
                requestBody: R.body(S.ref("ScenarioRequest"), description: "Screen, settings, delegate and steps."),
                responses: [
                    ("200", R.json("One result per step.", S.ref("ScenarioResult"))), badRequest,
                    unsupportedMediaType, unprocessable,
                ]),
            OpenAPIOperation(
                method: "get", path: "/v1/style", operationID: "getStyle", tag: "layouts",
                summary: "Default style values and component sizes, with what each means", security: .none,
                responses: [("200", R.json("The style values, in a fixed order.", S.ref("StyleCatalog")))]),
            OpenAPIOperation(
                method: "post", path: "/v1/layouts/svg", operationID: "drawLayout", tag: "layouts",
                summary: "Solve a layout and answer its picture",
                description:
                    "The body of POST /v1/layouts (profile merged the same way); the answer is the picture of the solved layout as SVG, with the diagnostics listed beside the screen and every item's elements carrying `data-item`. Never recorded. The playground at / draws with it.",
                security: .apiKey,
                requestBody: R.body(S.ref("LayoutRequest"), description: "The layout to draw."),
                responses: [
                    ("200", R.text("The drawing.", mediaType: "image/svg+xml")), badRequest, notFound,
                    unsupportedMediaType, unprocessable,
                ]),
            OpenAPIOperation(
                method: "post", path: "/v1/layouts/matrix", operationID: "solveMatrix", tag: "layouts",
                summary: "Solve one request across devices, orientations, directions and navigation states",
                description:
                    "The request (profile and/or inline fields) is solved once per cell of `matrix` (default: every preset of GET /v1/devices, both orientations, both directions, all three states). Answers the compact table: per cell status, diagnostic codes, wide mode and solve time, plus a summary.",
                security: .apiKey,
                requestBody: R.body(S.ref("MatrixRequest"), description: "The request and the cells to solve it in."),
                responses: [
                    ("200", R.json("The table.", S.ref("MatrixResult"))), badRequest, notFound, unsupportedMediaType,
                    unprocessable,
                ], writes: true),
            OpenAPIOperation(
                method: "get", path: "/v1/layouts/matrix/{id}.svg", operationID: "getMatrixSheet", tag: "layouts",
                summary: "A recorded matrix as a contact sheet",
                description:
                    "One row per device, one thumbnail per cell framed in its status colour (green ok, orange warning, red error).",
                security: .apiKey, parameters: [R.pathParameter("id", "The matrix's history id.")],
                responses: [("200", R.text("The contact sheet.", mediaType: "image/svg+xml")), notFound]),
        ]
    }

    private static let tenantID = R.pathParameter("id", "The tenant id.")
    private static let keyID = R.pathParameter("keyId", "The key id.")

    private static let tenantOperations: [OpenAPIOperation] = [
        OpenAPIOperation(
            method: "post", path: "/v1/tenants", operationID: "createTenant", tag: "tenants",
            summary: "Create a tenant and its first API key",
            description: "The key's `secret` is shown in this response only; it is stored as a hash.",
            security: .adminToken,
            requestBody: R.body(S.ref("NewTenant"), description: "The tenant's name (unique)."),
            responses: [
                ("201", R.json("The tenant and its first key.", S.ref("CreatedTenant"), headers: [locationHeader])),
                badRequest, ("409", R.problem("A tenant of this name exists.")), unsupportedMediaType, unprocessable,
            ], writes: true),
        OpenAPIOperation(
            method: "get", path: "/v1/tenants", operationID: "listTenants", tag: "tenants", summary: "List tenants",
            security: .adminToken, responses: [("200", R.json("Every tenant.", S.list(of: "Tenant", paginated: false)))]
        ),
        OpenAPIOperation(
            method: "get", path: "/v1/tenants/{id}", operationID: "getTenant", tag: "tenants", summary: "One tenant",
            security: .adminToken, parameters: [tenantID],
            responses: [("200", R.json("The tenant.", S.ref("Tenant"))), notFound]),
        OpenAPIOperation(
            method: "get", path: "/v1/tenants/{id}/keys", operationID: "listKeys", tag: "tenants",
            summary: "List a tenant's API keys (without secrets)", security: .adminToken, parameters: [tenantID],
            responses: [
                ("200", R.json("The keys, revoked ones included.", S.list(of: "ApiKey", paginated: false))), notFound,
            ]),
        OpenAPIOperation(
            method: "post", path: "/v1/tenants/{id}/keys", operationID: "createKey", tag: "tenants",
            summary: "Issue another API key", description: "The `secret` is shown in this response only.",
            security: .adminToken, parameters: [tenantID],
            responses: [
                ("201", R.json("The new key with its secret.", S.ref("IssuedApiKey"), headers: [locationHeader])),
                notFound,
            ], writes: true),
        OpenAPIOperation(
            method: "get", path: "/v1/tenants/{id}/keys/{keyId}", operationID: "getKey", tag: "tenants",
            summary: "One API key (without secret)", security: .adminToken, parameters: [tenantID, keyID],
            responses: [("200", R.json("The key.", S.ref("ApiKey"))), notFound]),
        OpenAPIOperation(
            method: "delete", path: "/v1/tenants/{id}/keys/{keyId}", operationID: "revokeKey", tag: "tenants",
            summary: "Revoke an API key",
            description:
                "The key stops authenticating at once. Idempotent: revoking a revoked key answers it as it stands.",
            security: .adminToken, parameters: [tenantID, keyID],
            responses: [("200", R.json("The revoked key.", S.ref("ApiKey"))), notFound], writes: true),
        OpenAPIOperation(
            method: "post", path: "/v1/tenants/{id}/keys/{keyId}/rotate", operationID: "rotateKey", tag: "tenants",
            summary: "Rotate an API key",
            description:
                "Replaces the key's secret: the old secret stops authenticating at once; the new one is shown in this response only.",
            security: .adminToken, parameters: [tenantID, keyID],
            responses: [
                ("200", R.json("The key with its new secret.", S.ref("IssuedApiKey"))), notFound,
                ("409", R.problem("The key is revoked.")),
            ], writes: true),
    ]

    static let locationHeader: (String, JSONValue) = (
        "Location",
        .object([
            ("description", .string("Where the new object lives.")), ("required", .bool(true)),
            ("schema", .object([("type", .string("string"))])),
        ])
    )

    private static let profileName = R.pathParameter(
        "name", "The profile name: 1 to 128 characters, without '/' or control characters.",
        schema: .object([
            ("type", .string("string")), ("minLength", .number(Double(1))), ("maxLength", .number(Double(128))),
            ("pattern", .string("^[^/\\u0000-\\u001f\\u007f-\\u009f]+$")),
        ]))

    private static let ifMatchDescription =
        "Makes the write conditional on the current version's ETag (or `*`: any current version); 412 when it does not match (a value that is not a list of entity tags never matches; an empty one is a 400). Optional: without it the write is unconditional."

    /// `*` or a list of entity tags (RFC 9110 §13.1.1); any other non-empty value cannot match (412).
    private static let ifMatchSchema: JSONValue = .object([
        ("type", .string("string")), ("minLength", .number(Double(1))),
    ])

    private static let profileOperations: [OpenAPIOperation] = [
        OpenAPIOperation(
            method: "put", path: "/v1/profiles/{name}", operationID: "putProfile", tag: "profiles",
            summary: "Write a new version of a profile",
            description:
                "Every PUT writes a new version (never overwrites); 201 when the profile is created or recreated after a delete, 200 for a new version of a live profile. "
                + "If-Match is optional (no 428): send the ETag you read to refuse lost updates with 412. The document is validated on write: 422 with `errors[{path,message}]`.",
            security: .apiKey,
            parameters: [
                profileName,
                R.headerParameter("If-Match", ifMatchDescription, schema: ifMatchSchema, example: "\"0123abcd\""),
            ],
            requestBody: R.body(
                S.ref("ProfileDocument"),
                description: "Any of screen, state, settings, delegate, style, plus a description."),
            responses: [
                ("200", R.json("The new version of a live profile.", S.ref("Profile"), headers: [R.etagHeader])),
                (
                    "201",
                    R.json(
                        "The first version (or the first after a delete).", S.ref("Profile"),
                        headers: [R.etagHeader, locationHeader])
                ),
                badRequest, ("412", R.problem("If-Match does not name the current version.")), unsupportedMediaType,
                unprocessable,
            ], writes: true),
        OpenAPIOperation(
            method: "get", path: "/v1/profiles", operationID: "listProfiles", tag: "profiles",
            summary: "List the tenant's live profiles", security: .apiKey,
            responses: [("200", R.json("The profiles, by name.", S.list(of: "ProfileSummary", paginated: false)))]),
        OpenAPIOperation(
            method: "get", path: "/v1/profiles/{name}", operationID: "getProfile", tag: "profiles",
            summary: "The current version of a profile", security: .apiKey, parameters: [profileName],
            responses: [("200", R.json("The current version.", S.ref("Profile"), headers: [R.etagHeader])), notFound]),
        OpenAPIOperation(
            method: "get", path: "/v1/profiles/{name}/swift", operationID: "getProfileSwift", tag: "profiles",
            summary: "The profile's delegate as a Swift layout delegate class", security: .apiKey,
            parameters: [profileName],
            responses: [
                (
                    "200",
                    R.text(
                        "A delegate class in the SDK documentation's style, named after the profile, that typechecks against UIKit and the Navigation SDK.",
                        mediaType: "text/x-swift")
                ), notFound,
            ]),
        OpenAPIOperation(
            method: "delete", path: "/v1/profiles/{name}", operationID: "deleteProfile", tag: "profiles",
            summary: "Delete a profile (soft)",
            description:
                "The profile disappears from GET and the list; its versions stay readable. A later PUT recreates it, continuing the version numbers.",
            security: .apiKey,
            parameters: [
                profileName,
                R.headerParameter("If-Match", ifMatchDescription, schema: ifMatchSchema, example: "\"0123abcd\""),
            ],
            responses: [
                ("204", R.noContent("Deleted.")), badRequest, notFound,
                ("412", R.problem("If-Match does not name the current version.")),
            ], writes: true),
        OpenAPIOperation(
            method: "get", path: "/v1/profiles/{name}/versions", operationID: "listProfileVersions", tag: "profiles",
            summary: "Every version of a profile (deleted profiles included)", security: .apiKey,
            parameters: [profileName],
            responses: [
                ("200", R.json("The versions, newest first.", S.list(of: "ProfileVersionSummary", paginated: false))),
                notFound,
            ]),
        OpenAPIOperation(
            method: "get", path: "/v1/profiles/{name}/versions/{n}", operationID: "getProfileVersion", tag: "profiles",
            summary: "One version of a profile", security: .apiKey,
            parameters: [
                profileName,
                // 2^53: the largest bound a JSON number states exactly (a document holds numbers as
                // doubles, which would round Int.max up to 2^63, a value no Int holds).
                R.pathParameter(
                    "n", "The version number.", schema: S.integer(minimum: 1, maximum: 9_007_199_254_740_992)),
            ],
            responses: [
                ("200", R.json("The version.", S.ref("Profile"), headers: [R.etagHeader])), badRequest, notFound,
            ]),
    ]

    private static let historyOperations: [OpenAPIOperation] = [
        OpenAPIOperation(
            method: "get", path: "/v1/layouts", operationID: "listLayouts", tag: "history",
            summary: "The tenant's layout history, newest first",
            description:
                "Keyset pagination: pass `nextCursor` as `cursor`. Pages neither repeat nor skip rows under concurrent inserts. A bad value is a 400 naming the parameter.",
            security: .apiKey,
            parameters: [
                R.queryParameter("profile", "Only layouts solved with this profile.", schema: S.string()),
                R.queryParameter(
                    "navigation", "Only layouts in this navigation state.",
                    schema: S.enumeration(LayoutNavigationState.allCases.map(\.rawValue))),
                R.queryParameter(
                    "status", "Only layouts with this worst diagnostic.",
                    schema: S.enumeration(LayoutStatus.allCases.map(\.rawValue))),
                R.queryParameter(
                    "device",
                    "Only layouts solved on this device preset: a matrix cell of it, or a single layout whose screen has its size (the first preset of that size in catalog order).",
                    schema: S.enumeration(DeviceCatalog.ids)),
                R.queryParameter(
                    "code", "Only layouts with a diagnostic of this code.",
                    schema: S.enumeration(DiagnosticCode.allCases.map(\.rawValue))),
                R.queryParameter("since", "Recorded at or after (RFC 3339).", schema: S.string(format: "date-time")),
                R.queryParameter("until", "Recorded before (RFC 3339).", schema: S.string(format: "date-time")),
                R.queryParameter(
                    "limit", "Page size, 1 to 1000 (default 50).",
                    schema: S.integer(minimum: 1, maximum: PageSize.maximum)),
                R.queryParameter(
                    "cursor", "The previous page's nextCursor (opaque; a value this server did not issue is a 400).",
                    schema: S.string(minLength: 1)),
            ],
            responses: [("200", R.json("One page.", S.list(of: "LayoutSummary", paginated: true))), badRequest]),
        OpenAPIOperation(
            method: "get", path: "/v1/layouts/{id}", operationID: "getLayout", tag: "history",
            summary: "A recorded layout: request and result as stored", security: .apiKey,
            parameters: [R.pathParameter("id", "The layout's history id.")],
            responses: [("200", R.json("The layout.", S.ref("StoredLayout"))), notFound]),
        OpenAPIOperation(
            method: "get", path: "/v1/audit", operationID: "listAudit", tag: "history",
            summary: "Who changed which profile or key, when; newest first", security: .apiKey,
            parameters: [
                R.queryParameter(
                    "limit", "Page size, 1 to 1000 (default 50).",
                    schema: S.integer(minimum: 1, maximum: PageSize.maximum)),
                R.queryParameter(
                    "cursor", "The previous page's nextCursor (opaque; a value this server did not issue is a 400).",
                    schema: S.string(minLength: 1)),
            ],
            responses: [("200", R.json("One page.", S.list(of: "AuditEvent", paginated: true))), badRequest]),
    ]

    private static let deviceAndPlaygroundOperations: [OpenAPIOperation] = [
        OpenAPIOperation(
            method: "get", path: "/v1/devices", operationID: "listDevices", tag: "devices",
            summary: "Device presets: point sizes and safe areas in portrait and landscape",
            description:
                "iPhones and iPads in a fixed order, each with its size and safe-area insets per orientation and where the figures come from; iPads also list their Split View and Slide Over windows (derived figures). Ids name devices in `matrix.devices`.",
            security: .none, responses: [("200", R.json("The catalog.", S.ref("DeviceCatalog")))]),
        OpenAPIOperation(
            method: "get", path: "/", operationID: "playground", tag: "playground",
            summary: "The layout playground: a self-contained page (no external resources)",
            description:
                "Edit a request, pick a device, orientation, direction and state, and see the picture and the diagnostics. The page calls the public API only (GET /v1/devices, POST /v1/layouts?record=false, POST /v1/layouts/svg) with the API key typed into it, kept in the tab's session storage.",
            security: .none, responses: [("200", R.text("The page.", mediaType: "text/html"))]),
    ]

    private static let operationsRoutes: [OpenAPIOperation] = [
        OpenAPIOperation(
            method: "get", path: "/healthz", operationID: "health", tag: "operations", summary: "Liveness",
            security: .none,
            responses: [
                (
                    "200",
                    R.json("The process serves.", S.object([("status", S.enumeration(["ok"]))], required: ["status"]))
                )
            ]),
        OpenAPIOperation(
            method: "get", path: "/readyz", operationID: "ready", tag: "operations",
            summary: "Readiness: writes commit, the database answers and its migrations are current", security: .none,
            responses: [
                (
                    "200",
                    R.json(
                        "Ready.",
                        S.object(
                            [("status", S.enumeration(["ready"])), ("database", S.enumeration(["ok"]))],
                            required: ["status", "database"]))
                ),
                (
                    "503",
                    R.problem(
                        "Not ready: writes fail with a storage fault (disk full, I/O error, read-only or vanished "
                            + "file) until one commits again, or the database does not answer, or its migrations are "
                            + "not current; `detail` says which.", retryAfter: true)
                ),
            ]),
        OpenAPIOperation(
            method: "get", path: "/metrics", operationID: "metrics", tag: "operations",
            summary: "Prometheus metrics (text exposition format 0.0.4)", security: .none,
            responses: [("200", R.text("The metrics.", mediaType: "text/plain"))]),
        OpenAPIOperation(
            method: "get", path: "/openapi.json", operationID: "openapi", tag: "operations",
            summary: "This document", security: .none,
            responses: [("200", R.json("The OpenAPI 3.1 document.", .object([("type", .string("object"))])))]),
    ]
}
