// One constructor per diagnostic code: the engine, the built-in layout and the scenario machine all
// build their findings here, so a code's message and items have one shape everywhere.

extension Diagnostic {
    /// A diagnostic whose message ends with the short reference of its rule, e.g. "[seed 000, rule 8]".
    static func referenced(
        code: DiagnosticCode, message: String, items: [String], constraint: String? = nil, state: String,
        conflicting: [String]? = nil
    ) -> Diagnostic {
        Diagnostic(
            code: code, message: message + " [\(code.reference)]", items: items, constraint: constraint, state: state,
            conflicting: conflicting)
    }

    public static func missingRequiredComponent(_ item: String, state: String) -> Diagnostic {
        referenced(
            code: .missingRequiredComponent,
            message:
                "\(item) is required in every navigation state and must be added and placed visibly; the \(state) layout does not add it",
            items: [item], state: state)
    }

    public static func fixedSizeConstraint(_ item: String, constraint: String, state: String) -> Diagnostic {
        referenced(
            code: .fixedSizeConstraint,
            message:
                "\(item) is sized by the SDK; the \(constraint.isEmpty ? "size" : "size constraint") was left out (anchor its edges instead)",
            items: [item], constraint: constraint, state: state)
    }

    public static func unsatisfiableConstraints(
        broken: String, conflicting: [String], items: [String], state: String
    ) -> Diagnostic {
        let set =
            conflicting.isEmpty
            ? "it cannot hold on its own" : "it conflicts with " + conflicting.map { "[\($0)]" }.joined(separator: ", ")
        return referenced(
            code: .unsatisfiableConstraints,
            message: "unable to satisfy required constraints: \(set); recovered by breaking [\(broken)]",
            items: items, constraint: broken, state: state, conflicting: conflicting)
    }

    public static func unavailableInState(_ item: String, constraint: String?, state: String, detail: String)
        -> Diagnostic
    {
        referenced(
            code: .unavailableInState,
            message: "\(item) is not handed over in the \(state) state (\(detail))"
                + (constraint == nil ? "" : "; the constraint was dropped"),
            items: [item], constraint: constraint, state: state)
    }

    /// SDK error code 1: setLayoutDelegate called while navigation is enabled (the scenario machine).
    public static func delegateWhileNavigating(state: String) -> Diagnostic {
        referenced(
            code: .delegateWhileNavigating,
            message:
                "setLayoutDelegate failed with SDK error code 1: navigation is already enabled; set the delegate before enabling navigation",
            items: [], state: state)
    }

    /// SDK error code 2: setLayoutDelegate on a CarPlay map view.
    public static func delegateOnCarPlay(state: String) -> Diagnostic {
        referenced(
            code: .delegateOnCarPlay,
            message:
                "setLayoutDelegate failed with SDK error code 2: a CarPlay map view never takes a layout delegate; the built-in layout stays",
            items: [], state: state)
    }

    public static func ambiguousLayout(_ item: String, axis: String, state: String) -> Diagnostic {
        referenced(
            code: .ambiguousLayout,
            message:
                "the \(axis) position or size of \(item) is not fixed by its constraints (ambiguous layout: on a device it may land anywhere)",
            items: [item], state: state)
    }

    public static func leftRightAnchor(items: [String], constraint: String, state: String) -> Diagnostic {
        referenced(
            code: .leftRightAnchor,
            message:
                "\(constraint) uses left/right anchors, which do not flip for right-to-left languages; use leading/trailing",
            items: items, constraint: constraint, state: state)
    }

    public static func legacySettingIgnored(_ key: SettingsKey, replacement: String, state: String) -> Diagnostic {
        referenced(
            code: .legacySettingIgnored,
            message: "settings.\(key.rawValue) has no effect while a layout delegate is set; instead: \(replacement)",
            items: [], state: state)
    }

    public static func wideModeCardOffLeadingEdge(_ item: String, detail: String, state: String) -> Diagnostic {
        referenced(
            code: .wideModeCardOffLeadingEdge,
            message:
                "in wide mode \(item) must stay on the leading edge (\(detail)); anything else is undefined behaviour",
            items: [item], state: state)
    }

    public static func promptOverlap(covered: String, area: Double, state: String) -> Diagnostic {
        referenced(
            code: .promptOverlap,
            message:
                "the prompt covers \(covered) (\(formatNumber(roundMilli(area))) pt²); move \(covered) above the prompt while it shows",
            items: ["prompt", covered], state: state)
    }

    public static func overlap(top: String, bottom: String, area: Double, state: String) -> Diagnostic {
        referenced(
            code: .overlap,
            message: "\(top) covers \(bottom) (\(formatNumber(roundMilli(area))) pt²)",
            items: [top, bottom], state: state)
    }

    public static func offscreen(_ item: String, frame: Frame, state: String) -> Diagnostic {
        referenced(
            code: .offscreen,
            message: "\(item) at \(frame) lies partly or wholly outside the map view",
            items: [item], state: state)
    }

    public static func marginsAddUp(first: String, second: String, constraint: String, state: String) -> Diagnostic {
        referenced(
            code: .marginsAddUp,
            message:
                "\(constraint) stacks two Google views edge to edge, so their built-in margins add up; constrain to \(second).margins instead",
            items: [first, second], constraint: constraint, state: state)
    }

    public static func viewportNotBelowTurnCard(state: String) -> Diagnostic {
        referenced(
            code: .viewportNotBelowTurnCard,
            message:
                "viewport.top is not constrained to turnCard.bottom; the camera frame may move as the turn card changes",
            items: ["viewport", "turnCard"], state: state)
    }

    public static func promptCorners(state: String) -> Diagnostic {
        referenced(
            code: .promptCorners,
            message: "the prompt sits above other content but rounds only its top corners; round all four",
            items: ["prompt"], state: state)
    }

    public static func accessoryHidden(openHeight: Double, minimum: Double, state: String) -> Diagnostic {
        referenced(
            code: .accessoryHidden,
            message:
                "the header accessory is hidden: only \(formatNumber(roundMilli(openHeight))) pt of map would stay open under it (needs \(formatNumber(minimum)) pt, style headerAccessoryMinimumMapHeight)",
            items: ["headerAccessory"], state: state)
    }
}
