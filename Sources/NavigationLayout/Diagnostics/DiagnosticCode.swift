/// Every diagnostic code of the service contract (api.md), with its severity and the rule of the SDK
/// documentation it enforces. Seed 000 is the layout delegate page (Vietnamese), seeds 003 and 004
/// the built-in controls pages (Chinese, Thai; 004 is the newer revision). Section names are quoted
/// as they appear in the seed.
public enum DiagnosticCode: String, CaseIterable, Sendable {
    case missingRequiredComponent = "missing-required-component"
    case fixedSizeConstraint = "fixed-size-constraint"
    case unsatisfiableConstraints = "unsatisfiable-constraints"
    case unavailableInState = "unavailable-in-state"
    case delegateWhileNavigating = "delegate-while-navigating"
    case delegateOnCarPlay = "delegate-on-carplay"
    case ambiguousLayout = "ambiguous-layout"
    case leftRightAnchor = "left-right-anchor"
    case legacySettingIgnored = "legacy-setting-ignored"
    case wideModeCardOffLeadingEdge = "wide-mode-card-off-leading-edge"
    case promptOverlap = "prompt-overlap"
    case overlap = "overlap"
    case offscreen = "offscreen"
    case marginsAddUp = "margins-add-up"
    case viewportNotBelowTurnCard = "viewport-not-below-turn-card"
    case promptCorners = "prompt-corners"
    case accessoryHidden = "accessory-hidden"

    public var severity: Severity {
        switch self {
        case .missingRequiredComponent, .fixedSizeConstraint, .unsatisfiableConstraints, .unavailableInState,
            .delegateWhileNavigating, .delegateOnCarPlay:
            return .error
        case .ambiguousLayout, .leftRightAnchor, .legacySettingIgnored, .wideModeCardOffLeadingEdge, .promptOverlap,
            .overlap, .offscreen:
            return .warning
        case .marginsAddUp, .viewportNotBelowTurnCard, .promptCorners, .accessoryHidden:
            return .info
        }
    }

    /// The rule in a few words, for the end of messages: the seed page and the rule number of
    /// navigation-layout.md ("Rules the delegate must follow") where there is one.
    public var reference: String {
        switch self {
        case .missingRequiredComponent: return "seed 000, rule 1"
        case .fixedSizeConstraint: return "seed 000, rule 2"
        case .unsatisfiableConstraints: return "Auto Layout"
        case .unavailableInState: return "seed 000, UI states and Google components"
        case .delegateWhileNavigating: return "seed 000, essentials checklist, SDK error 1"
        case .delegateOnCarPlay: return "seed 000, essentials checklist, SDK error 2"
        case .ambiguousLayout: return "Auto Layout; seed 000, place every element"
        case .leftRightAnchor: return "seed 000, rule 4"
        case .legacySettingIgnored: return "seed 000, rules 5 and 6"
        case .wideModeCardOffLeadingEdge: return "seed 000, rule 7"
        case .promptOverlap: return "seed 000, rule 9"
        case .overlap: return "seed 000, keep views from overlapping"
        case .offscreen: return "seed 000, required components stay visible"
        case .marginsAddUp: return "seed 000, rule 3"
        case .viewportNotBelowTurnCard: return "seed 000, rule 8"
        case .promptCorners: return "seed 000, prompt corners"
        case .accessoryHidden: return "seeds 003/004, header accessory"
        }
    }

    /// Where the rule comes from: the seed page and section (and the rule number of
    /// navigation-layout.md, "Rules the delegate must follow", where there is one).
    public var rule: String {
        switch self {
        case .missingRequiredComponent:
            return
                "seed 000, \"Thành phần bắt buộc (tất cả trạng thái điều hướng)\": googleLogo and viewport are included, placed and visible in every state (rule 1)"
        case .fixedSizeConstraint:
            return
                "seed 000, \"Cách hoạt động của tính năng tuỳ chỉnh bố cục\": no width or height constraints on Google components, the SDK sizes them (rule 2)"
        case .unsatisfiableConstraints:
            return
                "Auto Layout: conflicting required constraints; one is broken to recover (seed 000, \"Ví dụ: Triển khai bố cục dựa trên quy tắc ràng buộc\" uses standard Auto Layout)"
        case .unavailableInState:
            return
                "seed 000, \"Trạng thái giao diện người dùng và thành phần của Google\": each state hands over only its own components (turnCard, etaCard, tripProgressBar, speedWidget, .reporting in active guidance; prompts in showPrompt)"
        case .delegateWhileNavigating:
            return
                "seed 000, \"Danh sách kiểm tra về các yếu tố thiết yếu\": setLayoutDelegate before navigation is enabled, else it throws (SDK error code 1)"
        case .delegateOnCarPlay:
            return
                "seed 000, \"Danh sách kiểm tra về các yếu tố thiết yếu\": setLayoutDelegate throws on a CarPlay map view (SDK error code 2)"
        case .ambiguousLayout:
            return
                "Auto Layout: a frame the constraints do not fix is ambiguous; seed 000, \"Cách hoạt động của tính năng tuỳ chỉnh bố cục\": place every element explicitly"
        case .leftRightAnchor:
            return
                "seed 000, \"Danh sách kiểm tra về các yếu tố thiết yếu\": use leading and trailing anchors, not left and right, for right-to-left languages (rule 4)"
        case .legacySettingIgnored:
            return
                "seed 000, \"Khả năng tương thích với API cũ\": legacy slot-based APIs have no effect while a delegate is set; the table names each replacement (rule 5); compassButton still governs the compass while navigation UI is off (rule 6)"
        case .wideModeCardOffLeadingEdge:
            return
                "seed 000, \"Tìm hiểu về chế độ rộng\": in wide mode keep the turn card and ETA card on the leading edge, turn card on top; moving either off that edge is undefined behaviour (rule 7)"
        case .promptOverlap:
            return
                "seed 000, \"thành phần câu lệnh linh hoạt\": a prompt must not cover the viewport, the Google logo or any bottom-aligned button (rule 9)"
        case .overlap:
            return
                "seed 000, introduction: the delegate positions views precisely \"and prevents them from overlapping\"; \"Thành phần bắt buộc\": keep the viewport over open, unobscured map"
        case .offscreen:
            return
                "seed 000, \"Thành phần bắt buộc (tất cả trạng thái điều hướng)\": required components are kept visible; a frame outside the map view is not"
        case .marginsAddUp:
            return
                "seed 000, \"Căn chỉnh theo kiểu của Google\": when stacking two Google views, constrain one to the other's layoutMarginsGuide so margins do not add up (rule 3)"
        case .viewportNotBelowTurnCard:
            return
                "seed 000, \"Thành phần hướng dẫn đang hoạt động\" (tip): constrain viewport.top directly to turnCard.bottom to keep the camera stable (rule 8)"
        case .promptCorners:
            return
                "seed 000, \"Bo tròn các góc của câu lệnh\": prompts round only their top corners by default; round all four when the prompt sits above other content"
        case .accessoryHidden:
            return
                "seeds 003/004, header accessory view: shown under the header during guidance, hidden when the map view is too short"
        }
    }
}
