/// The layout review routes of the OpenAPI document: diffs, their pictures, profile version diffs
/// and replays, with their schemas.

import JSON

extension OpenAPIDocument {
    private typealias R = OpenAPIResponses
    private typealias S = OpenAPISchema

    private static let problems = (
        badRequest: ("400", R.problem("The request could not be read (malformed JSON, bad query value or cursor).")),
        notFound: ("404", R.problem("No such object for this tenant (another tenant's objects are not found either).")),
        unsupportedMediaType: ("415", R.problem("The body is not application/json.")),
        unprocessable: ("422", R.problem("The content is not valid; `errors` points at each offending field."))
    )

    static var reviewOperations: [OpenAPIOperation] {
        let p = problems
        // 2^53, as for GET /v1/profiles/{name}/versions/{n}: the largest bound a JSON number states exactly.
        let version = S.integer(minimum: 1, maximum: 9_007_199_254_740_992)
        return [
            OpenAPIOperation(
                method: "post", path: "/v1/diffs", operationID: "createDiff", tag: "review",
                summary: "Compare two layouts across the device matrix",
                description:
                    "Each side is a request (`{\"request\": {...}}`, a bare delegate document allowed), a stored profile version (`{\"profile\": NAME, \"version\": N}`, latest when `version` is left out) or a past layout from history (`{\"layout\": ID}`). Both are solved across the same `matrix` selection (every preset by default) and compared cell by cell: frames moved beyond `tolerance` points per edge, components that appeared or vanished, diagnostics introduced and resolved, the viewport and the prompt. Cells are listed worst first. Both matrices and the report are recorded unless `record=false`.",
                security: .apiKey,
                parameters: [
                    R.queryParameter(
                        "record", "false: compare without recording.", schema: S.enumeration(["true", "false"]))
                ],
                requestBody: R.body(
                    S.ref("DiffRequest"), description: "The two sides, the selection and the tolerance."),
                responses: [
                    ("200", R.json("The report, with its id when recorded.", S.ref("DiffReport"))), p.badRequest,
                    p.notFound, p.unsupportedMediaType, p.unprocessable,
                ], writes: true),
            OpenAPIOperation(
                method: "get", path: "/v1/diffs", operationID: "listDiffs", tag: "review",
                summary: "The tenant's recorded diffs, newest first",
                description:
                    "Keyset pagination as in GET /v1/layouts; `profile` keeps the diffs with a side that used it.",
                security: .apiKey,
                parameters: [
                    R.queryParameter("profile", "Only diffs with a side solved with this profile.", schema: S.string()),
                    R.queryParameter(
                        "limit", "Page size, 1 to 1000 (default 50).",
                        schema: S.integer(minimum: 1, maximum: PageSize.maximum)),
                    R.queryParameter(
                        "cursor",
                        "The previous page's nextCursor (opaque; a value this server did not issue is a 400).",
                        schema: S.string(minLength: 1)),
                ],
                responses: [("200", R.json("One page.", S.list(of: "DiffListItem", paginated: true))), p.badRequest]),
            OpenAPIOperation(
                method: "get", path: "/v1/diffs/{id}", operationID: "getDiff", tag: "review",
                summary: "A recorded diff's report, as it was answered", security: .apiKey,
                parameters: [R.pathParameter("id", "The diff's id.")],
                responses: [("200", R.json("The report.", S.ref("DiffReport"))), p.notFound]),
            OpenAPIOperation(
                method: "get", path: "/v1/diffs/{id}.svg", operationID: "getDiffPicture", tag: "review",
                summary: "A recorded diff as a picture",
                description:
                    "Without `cell`: the contact sheet of the whole matrix, changed cells outlined (regressed in the error colour) and drawn as overlays, unchanged cells dimmed. With `cell` (a key of the report): that cell's overlay, the before frames dashed, the after frames filled, an arrow per moved component, introduced diagnostics marked. Drawn from the stored results of both matrices.",
                security: .apiKey,
                parameters: [
                    R.pathParameter("id", "The diff's id."),
                    R.queryParameter("cell", "A cell key of the report, for that cell's overlay.", schema: S.string()),
                ],
                responses: [("200", R.text("The picture.", mediaType: "image/svg+xml")), p.notFound]),
            OpenAPIOperation(
                method: "get", path: "/v1/profiles/{name}/versions/{n}/diff/{b}", operationID: "diffProfileVersions",
                tag: "review", summary: "Compare two versions of a profile across the device matrix",
                description:
                    "Version `n` is the before side, `b` the after side; computed, not recorded. `devices` picks device ids (every preset by default).",
                security: .apiKey,
                parameters: [
                    R.pathParameter("name", "The profile name."),
                    R.pathParameter("n", "The before version.", schema: version),
                    R.pathParameter("b", "The after version.", schema: version),
                    R.queryParameter("devices", "Comma-separated device ids of GET /v1/devices.", schema: S.string()),
                    R.queryParameter(
                        "tolerance", "Points per edge a frame may move and count as unchanged (default 0.5).",
                        schema: .object([
                            ("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(10_000)),
                        ])),
                ],
                responses: [
                    ("200", R.json("The report.", S.ref("DiffReport"))), p.badRequest, p.notFound, p.unprocessable,
                ]),
            OpenAPIOperation(
                method: "post", path: "/v1/layouts/{id}/replay", operationID: "replayLayout", tag: "review",
                summary: "Solve a past layout again with today's engine and compare it with what was stored",
                description:
                    "Answers a one-cell report keyed by the layout id (did an upgrade of navlayout, or of a profile, change a layout already shipped?) and the replayed result. Nothing is recorded.",
                security: .apiKey,
                parameters: [
                    R.pathParameter("id", "The layout's history id."),
                    R.queryParameter(
                        "tolerance", "Points per edge a frame may move and count as unchanged (default 0.5).",
                        schema: .object([
                            ("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(10_000)),
                        ])),
                ],
                responses: [
                    ("200", R.json("The report and the replayed result.", S.ref("ReplayReport"))), p.badRequest,
                    p.notFound, p.unprocessable,
                ]),
        ]
    }

    static var reviewSchemas: [(String, JSONValue)] {
        let version = S.integer(minimum: 1, maximum: 9_007_199_254_740_992)
        let side: JSONValue = .object([
            (
                "oneOf",
                .array([
                    S.object(
                        [("request", S.anyObject("A layout request body, or a bare delegate document."))],
                        required: ["request"]),
                    S.object([("profile", S.string(minLength: 1)), ("version", version)], required: ["profile"]),
                    S.object([("layout", S.string(minLength: 1))], required: ["layout"]),
                ])
            ),
            ("description", .string("A request, a stored profile version, or a past layout by its history id.")),
        ])
        let counts = S.object(
            ["cells", "unchanged", "changed", "regressed", "improved"].map { ($0, S.integer(minimum: 0)) },
            required: ["cells", "unchanged", "changed", "regressed", "improved"])
        let names = S.array(of: S.string())
        let status = S.enumeration(LayoutStatus.allCases.map(\.rawValue))
        let cell = S.object(
            [
                ("key", S.string()), ("change", S.enumeration(["unchanged", "changed", "regressed", "improved"])),
                ("moved", names), ("appeared", names), ("vanished", names), ("introduced", names), ("resolved", names),
                ("introducedDiagnostics", S.array(of: S.ref("Diagnostic"))),
                ("resolvedDiagnostics", S.array(of: S.ref("Diagnostic"))),
                ("viewportAreaChange", .object([("type", .string("number"))])),
                ("promptChanged", .object([("type", .string("boolean"))])), ("statusBefore", status),
                ("statusAfter", status),
            ],
            required: [
                "key", "change", "moved", "appeared", "vanished", "introduced", "resolved", "statusBefore",
                "statusAfter",
            ], closed: false)
        let sideDescription = S.object(
            [
                ("kind", S.enumeration(["request", "profile", "layout"])), ("profile", S.string()),
                ("profileVersion", version), ("layout", S.string()), ("matrix", S.string()),
            ], required: ["kind"], closed: false)
        let report = S.object(
            [
                ("id", S.string()), ("before", sideDescription), ("after", sideDescription),
                ("matrix", S.ref("MatrixSelection")), ("summary", counts),
                ("tolerance", .object([("type", .string("number"))])), ("cells", S.array(of: cell)),
            ], required: ["summary", "tolerance", "cells"], closed: false,
            description: "Cells worst first: regressed, changed, improved, unchanged, each in matrix order.")
        return [
            ("DiffSide", side),
            (
                "DiffRequest",
                S.object(
                    [
                        ("before", S.ref("DiffSide")), ("after", S.ref("DiffSide")),
                        ("matrix", S.ref("MatrixSelection")),
                        (
                            "tolerance",
                            .object([
                                ("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(10_000)),
                            ])
                        ),
                    ], required: ["before", "after"])
            ),
            ("DiffReport", report),
            (
                "ReplayReport",
                S.object(
                    [
                        ("layout", S.string()), ("summary", counts),
                        ("tolerance", .object([("type", .string("number"))])),
                        ("cells", S.array(of: cell)), ("replayed", S.ref("LayoutResult")),
                    ], required: ["layout", "summary", "cells", "replayed"], closed: false)
            ),
            (
                "DiffListItem",
                S.object(
                    [
                        ("id", S.string()), ("beforeMatrix", S.string()), ("afterMatrix", S.string()),
                        ("beforeProfile", S.nullableString()), ("afterProfile", S.nullableString()),
                        ("summary", counts),
                        ("createdAt", S.string(format: "date-time")),
                    ], required: ["id", "beforeMatrix", "afterMatrix", "summary", "createdAt"])
            ),
        ]
    }
}
