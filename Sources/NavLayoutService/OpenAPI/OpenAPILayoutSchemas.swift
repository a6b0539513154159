import JSON
import NavigationLayout

/// The schemas of the layout engine's requests and answers, written from the engine's own
/// enumerations (settings keys, style keys, diagnostic codes, events) so they cannot drift from
/// what the decoder accepts and the engine writes.
///
/// JSON Schema states the syntax exactly: member names, types, ranges, enumerations. The rules
/// that relate members to each other are the engine's and answer 422 with a path: the safe area
/// fitting the screen, a prompt only during guidance, and the delegate's constraint language
/// (an item named in a constraint must exist, x anchors relate only to x anchors, ...).
extension OpenAPIDocument {
    private typealias S = OpenAPISchema
    typealias SchemaValue = JSONValue

    static var layoutSchemas: [(String, SchemaValue)] {
        [
            ("Frame", frame),
            ("Insets", insets),
            ("Screen", screen(partial: false)),
            ("PartialScreen", screen(partial: true)),
            ("NavigationState", state(partial: false)),
            ("PartialNavigationState", state(partial: true)),
            ("Prompt", prompt),
            ("Settings", settings),
            ("StyleOverrides", styleOverrides),
            ("Delegate", delegate),
            (
                "LayoutRequest",
                input(
                    requestSections(partial: false) + [
                        ("profile", S.string(minLength: 1)),
                        ("profileVersion", S.integer(minimum: 1, maximum: 2_147_483_647)),
                    ], required: ["screen", "state"],
                    description:
                        "A layout request; a stored profile (`profile`, optionally `profileVersion`) fills every field the request leaves out, so `screen` and `state` may come from it."
                )
            ),
            (
                "ProfileDocument",
                input(
                    requestSections(partial: true) + [
                        (
                            "description",
                            .object([
                                ("type", .string("string")),
                                ("maxLength", .number(Double(ProfileRepository.maximumDescriptionLength))),
                                ("pattern", .string("^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]*$")),
                            ])
                        )
                    ],
                    description: "What a profile holds; each section fills the same field of a layout request.")
            ),
            (
                "ConvertRequest",
                input(
                    [
                        ("profile", S.string(minLength: 1)),
                        ("profileVersion", S.integer(minimum: 1, maximum: 2_147_483_647)),
                        ("screen", S.ref("Screen")), ("state", S.ref("NavigationState")),
                        ("settings", S.ref("Settings")),
                        ("style", S.ref("StyleOverrides")),
                    ],
                    description:
                        "Built-in settings to convert; screen defaults to 393x852 (safe area 59/34) and state to guidance."
                )
            ),
            ("ScenarioRequest", scenarioRequest),
            ("Diagnostic", diagnostic),
            ("LayoutResult", layoutResult),
            ("ConversionResult", conversionResult),
            ("DelegateSource", delegateSource),
            ("SwiftImport", swiftImport),
            ("ScenarioResult", scenarioResult),
            ("StyleCatalog", styleCatalog),
        ]
    }

    /// A request object: the engine reads an optional member set to null as absent, so every
    /// member not required also takes null.
    private static func input(
        _ properties: [(String, SchemaValue)], required: [String] = [], closed: Bool = true, description: String? = nil
    ) -> SchemaValue {
        S.object(
            properties.map { name, schema in
                required.contains(name)
                    ? (name, schema)
                    : (name, .object([("anyOf", .array([schema, .object([("type", .string("null"))])]))]))
            }, required: required, closed: closed, description: description)
    }

    private static func number(
        minimum: Double? = nil, exclusiveMinimum: Double? = nil, maximum: Double? = nil, nullable: Bool = false
    ) -> SchemaValue {
        var members: [(String, SchemaValue)] = [
            ("type", nullable ? .array([.string("number"), .string("null")]) : .string("number"))
        ]
        if let minimum { members.append(("minimum", .number(minimum))) }
        if let exclusiveMinimum { members.append(("exclusiveMinimum", .number(exclusiveMinimum))) }
        if let maximum { members.append(("maximum", .number(maximum))) }
        return .object(JSONObject(members))
    }

    private static func boolean(nullable: Bool = false) -> SchemaValue {
        .object([("type", nullable ? .array([.string("boolean"), .string("null")]) : .string("boolean"))])
    }

    private static let name: SchemaValue = .object([
        ("type", .string("string")), ("pattern", .string("^[A-Za-z_][A-Za-z0-9_]*$")),
    ])

    private static var frame: SchemaValue {
        S.object(
            ["x", "y", "width", "height"].map { ($0, number()) }, required: ["x", "y", "width", "height"],
            description: "Points, origin at the map view's top-left, y downward.")
    }

    private static var insets: SchemaValue {
        input(["top", "bottom", "left", "right"].map { ($0, number(minimum: 0, maximum: Screen.maximumLength)) })
    }

    private static func screen(partial: Bool) -> SchemaValue {
        input(
            [
                ("width", number(exclusiveMinimum: 0, maximum: Screen.maximumLength)),
                ("height", number(exclusiveMinimum: 0, maximum: Screen.maximumLength)),
                ("safeArea", S.ref("Insets")), ("layoutDirection", S.enumeration(["ltr", "rtl"])),
                ("carPlay", boolean()),
            ], required: partial ? [] : ["width", "height"],
            description: "The map view; the safe area's top + bottom must fit the height and left + right the width.")
    }

    private static func state(partial: Bool) -> SchemaValue {
        input(
            [
                ("navigation", S.enumeration(NavigationMode.allCases.map(\.rawValue))),
                ("prompt", S.ref("Prompt")), ("wideMode", boolean(nullable: true)),
                (
                    "camera",
                    input([
                        ("bearing", number()), ("following", boolean()), ("userPanned", boolean()),
                        ("locationKnown", boolean()),
                    ])
                ),
                ("speedWidget", S.enumeration(SpeedWidgetState.allCases.map(\.rawValue))),
            ], required: partial ? [] : ["navigation"],
            description:
                "`prompt` only while navigation is `guidance`; `wideMode` null or absent: derived from the width.")
    }

    private static var prompt: SchemaValue {
        input(
            [("kind", name), ("height", number(exclusiveMinimum: 0, maximum: Screen.maximumLength))], required: ["kind"]
        )
    }

    private static var settings: SchemaValue {
        let color: SchemaValue = .object([
            ("type", .array([.string("string"), .string("null")])), ("pattern", .string("^#[0-9A-Fa-f]{6}$")),
        ])
        let properties: [(String, SchemaValue)] = SettingsKey.allCases.map { key in
            switch key {
            case .navigationHeaderPrimaryBackgroundColor, .navigationHeaderSecondaryBackgroundColor:
                return (key.rawValue, color)
            case .headerAccessoryView:
                return (
                    key.rawValue,
                    .object([
                        ("type", .array([.string("object"), .string("null")])),
                        ("properties", .object([("height", number(minimum: 0, maximum: Screen.maximumLength))])),
                        ("required", .array([.string("height")])),
                        ("additionalProperties", .bool(false)),
                    ])
                )
            case .padding:
                return (
                    key.rawValue, .object([("anyOf", .array([S.ref("Insets"), .object([("type", .string("null"))])]))])
                )
            case .paddingAdjustmentBehavior:
                return (key.rawValue, S.enumeration(["always", "automatic", "never"], nullable: true))
            case .alternateRoutesStrategy:
                return (key.rawValue, S.enumeration(["all", "one", "none"], nullable: true))
            default:
                return (key.rawValue, boolean(nullable: true))
            }
        }
        return S.object(
            properties,
            description:
                "GMSUISettings / GMSMapView flags, named as in the SDK without `is`; null keeps the SDK default.")
    }

    private static var styleOverrides: SchemaValue {
        S.object(
            StyleKey.allCases.map {
                ($0.rawValue, number(minimum: 0, maximum: Screen.maximumLength, nullable: true))
            },
            description: "Overrides of the style values and component sizes of GET /v1/style; null keeps the default.")
    }

    private static var delegate: SchemaValue {
        let constraint: SchemaValue = .object([
            (
                "anyOf",
                .array([
                    .object([
                        ("type", .string("string")),
                        (
                            "description",
                            .string(
                                "`[id:] item.attribute relation rhs [@priority]` (the expression language); an item is a name, or a view's own guide: `name.margins` (layoutMarginsGuide) or `name.safeArea` (safeAreaLayoutGuide)"
                            )
                        ),
                    ]),
                    .object([
                        ("type", .string("object")),
                        ("description", .string("{id, first, relation, second, multiplier, constant, priority}")),
                    ]),
                ])
            )
        ])
        let stateLayout = input(
            [("views", S.array(of: S.string())), ("constraints", S.array(of: constraint))], closed: false)
        return input(
            [
                (
                    "views",
                    S.anyObject(
                        "Custom views by name: optional width/height (intrinsic size), hugging, compression, superview (the custom view it is a subview of)."
                    )
                ),
                ("guides", S.array(of: S.string())),
                ("stacks", S.anyObject("GMSNavigationHidingStackView instances by name.")),
                ("shared", S.array(of: constraint)), ("ready", stateLayout), ("guidance", stateLayout),
                ("prompt", S.anyObject("Prompt constraints and corners.")),
                ("wide", S.anyObject("Wide-mode variants of ready, guidance and prompt.")),
                ("layers", S.array(of: S.string())),
                (
                    "sourceMap",
                    S.anyObject(
                        "Where a delegate read from Swift came from: a path in this document (guidance.constraints[3], views.badge, ready.views[0]) to FILE:LINE:COLUMN of the code that made it. Solving ignores it."
                    )
                ),
            ], description: "A layout delegate: views, guides, stacks and constraints per state.")
    }

    private static func requestSections(partial: Bool) -> [(String, SchemaValue)] {
        [
            ("screen", S.ref(partial ? "PartialScreen" : "Screen")),
            ("state", S.ref(partial ? "PartialNavigationState" : "NavigationState")),
            ("settings", S.ref("Settings")), ("delegate", S.ref("Delegate")),
            ("delegateSource", S.ref("DelegateSource")), ("style", S.ref("StyleOverrides")),
        ]
    }

    private static var scenarioRequest: SchemaValue {
        input(
            [
                ("screen", S.ref("Screen")), ("settings", S.ref("Settings")), ("delegate", S.ref("Delegate")),
                ("style", S.ref("StyleOverrides")),
                (
                    "steps",
                    .object([
                        ("type", .string("array")), ("minItems", .number(Double(1))),
                        ("maxItems", .number(Double(Int64(Scenario.maximumSteps)))),
                        (
                            "items",
                            input(
                                [
                                    ("event", S.enumeration(ScenarioEventName.allCases.map(\.rawValue))),
                                    ("prompt", S.ref("Prompt")), ("screen", S.ref("Screen")),
                                ], required: ["event"],
                                description:
                                    "`prompt` with showPrompt and changePrompt only, `screen` with resize only.")
                        ),
                    ])
                ),
            ], required: ["screen", "steps"])
    }

    private static var diagnostic: SchemaValue {
        S.object(
            [
                ("severity", S.enumeration(Severity.allCases.map(\.rawValue))),
                ("code", S.enumeration(DiagnosticCode.allCases.map(\.rawValue))), ("message", S.string()),
                ("items", S.array(of: S.string())), ("constraint", S.string()), ("state", S.string()),
                ("conflicting", S.array(of: S.string())), ("brokenToRecover", S.string()), ("rule", S.string()),
                (
                    "source",
                    S.object(
                        [("path", S.string()), ("line", S.integer()), ("column", S.integer())],
                        required: ["path", "line", "column"],
                        description:
                            "Where the delegate's Swift made what the finding is about (a delegate read from Swift).")
                ),
            ], required: ["severity", "code", "message", "items", "state", "rule"])
    }

    private static var layoutResult: SchemaValue {
        let frames: SchemaValue = .object([("type", .string("object")), ("additionalProperties", S.ref("Frame"))])
        let animation = S.object(
            [("duration", number(minimum: 0)), ("from", S.ref("Frame")), ("to", S.ref("Frame"))],
            required: ["duration", "from", "to"])
        let prompt: SchemaValue = .object([
            (
                "anyOf",
                .array([
                    .object([("type", .string("null"))]),
                    S.object(
                        [
                            ("frame", S.ref("Frame")),
                            ("corners", S.enumeration(PromptCorners.allCases.map(\.rawValue))),
                            ("animation", animation),
                        ], required: ["frame", "corners", "animation"]),
                ])
            )
        ])
        return S.object(
            [
                ("id", S.string()), ("mode", S.enumeration(["builtIn", "delegate"])),
                ("navigation", S.enumeration(NavigationMode.allCases.map(\.rawValue))), ("wideMode", boolean()),
                ("status", S.enumeration(LayoutStatus.allCases.map(\.rawValue))), ("frames", frames),
                ("hidden", .object([("type", .string("object")), ("additionalProperties", S.string())])),
                ("guides", frames), ("camera", S.object([("viewport", S.ref("Frame"))])), ("prompt", prompt),
                ("layers", S.array(of: S.string())), ("diagnostics", S.array(of: S.ref("Diagnostic"))),
                (
                    "broken",
                    S.array(
                        of: S.object(
                            [("constraint", S.string()), ("priority", S.integer()), ("violation", number())],
                            required: ["constraint", "priority", "violation"]))
                ),
                (
                    "mapFeatures",
                    S.object(
                        [
                            ("trafficLights", boolean()), ("stopSigns", boolean()), ("destinationMarkers", boolean()),
                            ("scrollGestures", boolean()), ("zoomGestures", boolean()), ("tiltGestures", boolean()),
                            ("rotateGestures", boolean()), ("alternateRoutes", S.enumeration(["all", "one", "none"])),
                            ("prompts", boolean()),
                        ],
                        required: [
                            "trafficLights", "stopSigns", "destinationMarkers", "scrollGestures", "zoomGestures",
                            "tiltGestures", "rotateGestures", "alternateRoutes", "prompts",
                        ])
                ),
                (
                    "appearance",
                    S.object([
                        ("navigationHeaderPrimaryBackgroundColor", S.string()),
                        ("navigationHeaderSecondaryBackgroundColor", S.string()),
                    ])
                ),
                ("solveMicros", S.integer(minimum: 0)),
                (
                    "promptTransition",
                    S.object(
                        [
                            ("kind", S.enumeration(["show", "hide", "change"])), ("prompt", S.string()),
                            ("from", S.string()), ("to", S.string()), ("animation", animation), ("outgoing", animation),
                            ("incoming", animation),
                        ], required: ["kind"],
                        description: "Scenario steps only: the prompt's slide in this step.")
                ),
            ],
            required: [
                "mode", "navigation", "wideMode", "status", "frames", "hidden", "guides", "camera", "prompt", "layers",
                "diagnostics", "broken", "mapFeatures",
            ], description: "The solved layout; `id` when recorded.")
    }

    /// The app's Swift delegate, where a request or profile would carry `delegate`.
    static var delegateSource: SchemaValue {
        input(
            [
                ("swift", S.string()),
                ("path", S.string()),
                ("class", S.string()),
            ], required: ["swift"],
            description:
                "An app's Swift layout delegate: its text (at most the body limit), the path diagnostics name (default delegate.swift), and the class to read when the file has several."
        )
    }

    private static var swiftImport: SchemaValue {
        let source = S.object(
            [("path", S.string()), ("line", S.integer()), ("column", S.integer())],
            required: ["path", "line", "column"])
        return S.object(
            [
                ("className", S.string()), ("delegate", S.ref("Delegate")),
                (
                    "diagnostics",
                    S.array(
                        of: S.object(
                            [
                                ("severity", S.enumeration(["error", "warning", "note"])), ("message", S.string()),
                                ("source", source),
                            ], required: ["severity", "message", "source"]))
                ),
            ], required: ["className", "delegate", "diagnostics"])
    }

    private static var conversionResult: SchemaValue {
        S.object(
            [
                ("delegate", S.ref("Delegate")),
                (
                    "replacements",
                    S.array(
                        of: S.object(
                            [
                                ("setting", S.enumeration(SettingsKey.allCases.map(\.rawValue))),
                                ("value", .object([])),
                                ("replacement", S.string()), ("stillApplies", boolean()),
                            ], required: ["setting", "value", "replacement", "stillApplies"]))
                ),
                (
                    "renamed",
                    .object([("type", .string("object")), ("additionalProperties", S.string())])
                ),
                ("request", S.ref("LayoutRequest")),
            ], required: ["delegate", "replacements", "renamed", "request"])
    }

    private static var scenarioResult: SchemaValue {
        S.object(
            [
                (
                    "steps",
                    S.array(
                        of: S.object(
                            [
                                ("step", S.integer(minimum: 0)),
                                ("event", S.enumeration(ScenarioEventName.allCases.map(\.rawValue))),
                                ("callbacks", S.array(of: S.anyObject("A delegate callback that fired."))),
                                ("mode", S.enumeration(["builtIn", "delegate"])),
                                ("navigation", S.enumeration(NavigationMode.allCases.map(\.rawValue))),
                                ("prompt", .object([("type", .array([.string("object"), .string("null")]))])),
                                ("screen", S.ref("Screen")),
                                ("errors", S.array(of: S.anyObject("The SDK's error for a refused step."))),
                                ("layout", S.ref("LayoutResult")),
                            ],
                            required: [
                                "step", "event", "callbacks", "mode", "navigation", "prompt", "screen", "errors",
                                "layout",
                            ]
                        ))
                )
            ], required: ["steps"])
    }

    private static var styleCatalog: SchemaValue {
        S.array(
            of: S.object(
                [
                    ("name", S.enumeration(StyleKey.allCases.map(\.rawValue))), ("default", number()),
                    ("value", number()),
                    ("unit", S.string()), ("meaning", S.string()), ("reasoning", S.string()),
                ], required: ["name", "default", "unit", "meaning", "reasoning"]))
    }
}
