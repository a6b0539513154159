import Cassowary
import Testing

@testable import NavigationLayout

@Suite("Request decoding")
struct RequestDecodingTests {
    func decode(_ text: String) throws(RequestError) -> LayoutRequest {
        try LayoutRequest.decode(from: Array(text.utf8))
    }

    /// The issues a request produces; empty when it decodes.
    func issues(_ text: String) -> [RequestError.Issue] {
        do throws(RequestError) {
            _ = try decode(text)
            return []
        } catch {
            return error.issues
        }
    }

    static let minimal = #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"}}"#

    /// A minimal valid request with `fields` (JSON members, without braces) added at the top level.
    static func request(_ fields: String) -> String {
        #"{"screen": {"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34}}, "state": {"navigation": "guidance"}, "#
            + fields + "}"
    }

    /// A request whose delegate has the given members.
    static func delegate(_ members: String) -> String {
        request(#""delegate": {\#(members)}"#)
    }

    @Test("decodes the built-in example with its settings")
    func decodesBuiltInExample() throws {
        let request = try LayoutRequest.decode(from: try Fixtures.bytes("builtin-guidance.json"))
        #expect(
            request.screen
                == Screen(width: 393, height: 852, safeArea: EdgeInsets(top: 59, bottom: 34, left: 0, right: 0)))
        #expect(request.state.navigation == .guidance)
        #expect(request.state.camera == Camera(bearing: 35, following: true, userPanned: false, locationKnown: true))
        #expect(request.delegate == nil)
        let settings = request.settings
        #expect(settings.compassButton && settings.myLocationButton && settings.navigationTripProgressBarEnabled)
        #expect(settings.shouldDisplaySpeedometer && settings.shouldDisplaySpeedLimit && settings.showsTrafficLights)
        #expect(settings.headerAccessoryHeight == 56)
        #expect(settings.padding == EdgeInsets(top: 0, bottom: 24, left: 0, right: 0))
        #expect(settings.navigationHeaderEnabled && settings.navigationFooterEnabled)  // defaults
        #expect(!settings.showsStopSigns)
        #expect(
            settings.providedKeys == [
                .compassButton, .myLocationButton, .navigationTripProgressBarEnabled,
                .navigationReportIncidentButtonEnabled, .headerAccessoryView, .shouldDisplaySpeedometer,
                .shouldDisplaySpeedLimit, .padding, .paddingAdjustmentBehavior, .showsTrafficLights,
            ])
        #expect(!request.isWideMode)
    }

    @Test(
        "decodes the seed's sample delegate", arguments: ["seed-delegate-guidance.json", "seed-delegate-prompt.json"])
    func decodesSeedDelegate(name: String) throws {
        let request = try LayoutRequest.decode(from: try Fixtures.bytes(name))
        let delegate = try #require(request.delegate)
        #expect(delegate.guides == ["contentBottom"])
        #expect(
            delegate.stacks == [
                HidingStack(
                    name: "buttons", position: .bottom, alignment: .trailing, arranged: ["compass", "reporting"])
            ])
        #expect(
            delegate.shared.map(\.text) == [
                "contentBottom.height == 0", "contentBottom.bottom == safeArea.bottom @low",
            ])
        #expect(delegate.shared[1].spec.priority == .low)
        #expect(delegate.shared[1].path == "delegate.shared[1]")
        #expect(delegate.ready?.views == ["googleLogo", "viewport", "buttons"])
        #expect(delegate.ready?.constraints.count == 9)
        let guidance = try #require(delegate.guidance)
        #expect(guidance.views == ["turnCard", "etaCard", "viewport", "googleLogo", "buttons"])
        #expect(guidance.constraints.count == 14)
        #expect(guidance.constraints[4].spec.relation == .lessThanOrEqual)
        #expect(guidance.constraints[12].path == "delegate.guidance.constraints[12]")
        #expect(delegate.prompt?.corners == .top)
        #expect(delegate.prompt?.constraints.count == 3)
        #expect(delegate.layout(for: .guidance, wideMode: true) == guidance)
        if name == "seed-delegate-prompt.json" {
            #expect(request.state.prompt == Prompt(kind: "incident", height: 96))
        } else {
            #expect(request.state.prompt == nil)
        }
    }

    @Test("fills every default for a minimal request")
    func fillsDefaults() throws {
        let request = try decode(Self.minimal)
        #expect(request.screen.safeArea == .zero)
        #expect(request.screen.layoutDirection == .leftToRight)
        #expect(!request.screen.carPlay)
        #expect(request.state == NavigationState(navigation: .ready))
        #expect(request.settings == .defaults)
        #expect(request.style == .defaults)
        #expect(request.profileName == nil && request.profileVersion == nil)
    }

    @Test("reads every settings key")
    func readsEverySetting() throws {
        let request = try decode(
            Self.request(
                ##""settings": {"compassButton": true, "myLocationButton": true, "recenterButtonEnabled": false, "navigationHeaderEnabled": false, "navigationFooterEnabled": false, "navigationTripProgressBarEnabled": true, "navigationReportIncidentButtonEnabled": false, "navigationHeaderPrimaryBackgroundColor": "#1a73e8", "navigationHeaderSecondaryBackgroundColor": "#FF0000", "headerAccessoryView": {"height": 40}, "shouldDisplaySpeedometer": true, "shouldDisplaySpeedLimit": true, "padding": {"top": 1, "bottom": 2, "left": 3, "right": 4}, "paddingAdjustmentBehavior": "automatic", "showsTrafficLights": true, "showsStopSigns": true, "showsDestinationMarkers": false, "scrollGestures": false, "zoomGestures": false, "tiltGestures": false, "rotateGestures": false, "alternateRoutesStrategy": "none", "shouldDisplayPrompts": false}"##
            ))
        var expected = Settings()
        expected.compassButton = true
        expected.myLocationButton = true
        expected.recenterButtonEnabled = false
        expected.navigationHeaderEnabled = false
        expected.navigationFooterEnabled = false
        expected.navigationTripProgressBarEnabled = true
        expected.navigationReportIncidentButtonEnabled = false
        expected.navigationHeaderPrimaryBackgroundColor = RGBColor(red: 0x1A, green: 0x73, blue: 0xE8)
        expected.navigationHeaderSecondaryBackgroundColor = RGBColor(red: 0xFF, green: 0, blue: 0)
        expected.headerAccessoryHeight = 40
        expected.shouldDisplaySpeedometer = true
        expected.shouldDisplaySpeedLimit = true
        expected.padding = EdgeInsets(top: 1, bottom: 2, left: 3, right: 4)
        expected.paddingAdjustmentBehavior = .automatic
        expected.showsTrafficLights = true
        expected.showsStopSigns = true
        expected.showsDestinationMarkers = false
        expected.scrollGestures = false
        expected.zoomGestures = false
        expected.tiltGestures = false
        expected.rotateGestures = false
        expected.alternateRoutesStrategy = AlternateRoutesStrategy.none
        expected.shouldDisplayPrompts = false
        expected.providedKeys = SettingsKey.allCases
        #expect(request.settings == expected)
        #expect(expected.navigationHeaderPrimaryBackgroundColor?.description == "#1A73E8")
    }

    @Test("reads the state, camera and screen fields")
    func readsStateFields() throws {
        let request = try decode(
            #"{"profile": "acme-driver", "profileVersion": 3, "screen": {"width": 852, "height": 393, "safeArea": {"left": 59, "right": 59, "bottom": 21}, "layoutDirection": "rtl", "carPlay": true}, "state": {"navigation": "guidance", "prompt": {"kind": "betterRoute"}, "wideMode": false, "camera": {"bearing": 370, "following": false, "userPanned": true, "locationKnown": false}, "speedWidget": "limit"}}"#
        )
        #expect(request.profileName == "acme-driver" && request.profileVersion == 3)
        #expect(request.screen.layoutDirection == .rightToLeft && request.screen.carPlay)
        #expect(request.state.prompt == Prompt(kind: "betterRoute", height: nil))
        #expect(request.state.wideMode == false)
        #expect(!request.isWideMode)  // forced, although 852 points is wide
        #expect(request.state.camera == Camera(bearing: 370, following: false, userPanned: true, locationKnown: false))
        #expect(request.state.camera.isRotated)
        #expect(request.state.speedWidget == .limit)
    }

    @Test("derives wide mode from the width and the style threshold")
    func derivesWideMode() throws {
        #expect(try !decode(Self.minimal).isWideMode)
        #expect(try decode(#"{"screen": {"width": 852, "height": 393}, "state": {"navigation": "ready"}}"#).isWideMode)
        #expect(
            try !decode(
                #"{"screen": {"width": 852, "height": 393}, "state": {"navigation": "ready"}, "style": {"wideModeMinimumWidth": 900}}"#
            ).isWideMode)
        #expect(
            try decode(
                #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready", "wideMode": true}}"#
            ).isWideMode)
    }

    @Test(
        "derives the speed widget state from the settings unless the request gives it",
        arguments: [
            (#"{}"#, SpeedWidgetState.none), (#"{"shouldDisplaySpeedometer": true}"#, .speed),
            (#"{"shouldDisplaySpeedLimit": true}"#, .limit),
            (#"{"shouldDisplaySpeedometer": true, "shouldDisplaySpeedLimit": true}"#, .both),
        ])
    func derivesSpeedWidget(settings: String, expected: SpeedWidgetState) throws {
        #expect(try decode(Self.request(#""settings": \#(settings)"#)).speedWidgetState == expected)
        let forced =
            #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance", "speedWidget": "limit"}, "settings": \#(settings)}"#
        #expect(try decode(forced).speedWidgetState == .limit)
    }

    @Test("a prompt without a height takes the style's default height")
    func promptDefaultHeight() throws {
        let base =
            #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance", "prompt": {"kind": "incident"}}"#
        #expect(try decode(base + "}").promptHeight == StyleCatalog.entry(for: .promptDefaultHeight).defaultValue)
        #expect(try decode(base + #", "style": {"promptDefaultHeight": 120}}"#).promptHeight == 120)
        #expect(try decode(Self.minimal).promptHeight == nil)
    }

    @Test("reads custom views, stacks, wide variants, layers and constraint objects")
    func readsDelegateDetails() throws {
        let request = try decode(
            Self.delegate(
                #""views": {"orderCard": {"width": 220, "height": 72, "hugging": {"vertical": "high"}, "compression": 900}, "badge": {}}, "guides": ["contentBottom"], "stacks": {"side": {"position": "top", "alignment": "leading", "arranged": ["orderCard"], "spacing": 12}}, "guidance": {"views": ["turnCard", "orderCard", "side"], "constraints": [{"id": "vp-top", "first": "viewport.top", "relation": ">=", "second": "turnCard.margins.bottom", "multiplier": 1, "constant": "style.headerTopPadding", "priority": 999}, {"first": "orderCard.height", "relation": "<=", "constant": 100, "priority": "low"}, "vp-bottom: viewport.bottom == contentBottom.top"]}, "prompt": {"constraints": [], "corners": "all"}, "wide": {"guidance": {"views": ["turnCard"], "constraints": ["turnCard.leading == safeArea.leading"]}}, "layers": ["viewport", "orderCard", "turnCard"]"#
            ))
        let delegate = try #require(request.delegate)
        #expect(
            delegate.views == [
                CustomView(
                    name: "orderCard", intrinsicWidth: 220, intrinsicHeight: 72,
                    hugging: AxisPriorities(horizontal: .low, vertical: .high),
                    compression: AxisPriorities(
                        horizontal: Priority(900) ?? .required, vertical: Priority(900) ?? .required)),
                CustomView(name: "badge"),
            ])
        #expect(
            delegate.stacks == [
                HidingStack(name: "side", position: .top, alignment: .leading, arranged: ["orderCard"], spacing: 12)
            ])
        let constraints = try #require(delegate.guidance?.constraints)
        #expect(constraints[0].spec.id == "vp-top")
        #expect(constraints[0].spec.constant == .style(.headerTopPadding, negated: false))
        #expect(constraints[0].spec.second?.item == ItemReference(name: "turnCard", guide: .margins))
        #expect(constraints[0].text == "vp-top: viewport.top >= turnCard.margins.bottom + style.headerTopPadding @999")
        #expect(
            constraints[1].spec
                == LayoutConstraintSpec(
                    first: Anchor(item: ItemReference(name: "orderCard"), attribute: .height),
                    relation: .lessThanOrEqual, second: nil, constant: .points(100), priority: .low))
        #expect(constraints[2].spec.id == "vp-bottom")
        #expect(delegate.prompt?.corners == .all)
        #expect(delegate.layout(for: .guidance, wideMode: true)?.views == ["turnCard"])
        #expect(delegate.layout(for: .guidance, wideMode: false)?.views == ["turnCard", "orderCard", "side"])
        #expect(delegate.layout(for: .ready, wideMode: true) == nil)
        #expect(delegate.layers == ["viewport", "orderCard", "turnCard"])
        #expect(delegate.items.customNames == ["orderCard", "badge", "contentBottom", "side"])
    }

    @Test("reads style overrides and keeps the rest at their defaults")
    func readsStyleOverrides() throws {
        let request = try decode(Self.request(#""style": {"headerNominalHeight": 112, "layoutMargin": 0}"#))
        #expect(request.style[.headerNominalHeight] == 112)
        #expect(request.style[.layoutMargin] == 0)
        #expect(request.style[.buttonSize] == StyleCatalog.entry(for: .buttonSize).defaultValue)
        #expect(request.style.overriddenKeys == [.headerNominalHeight, .layoutMargin])
        #expect(request.style.value(named: "headerNominalHeight") == 112)
        #expect(request.style.value(named: "nope") == nil)
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var request: String
        var path: String
        var message: String
        var column: Int? = nil
        var testDescription: String { "\(path): \(message)" }
    }

    static let failures: [Failure] = [
        // Document and top level
        Failure(request: "[]", path: "", message: "expected the request to be an object, found an array"),
        Failure(
            request: request(#""sreen": 1"#), path: "sreen", message: "unknown field 'sreen' (did you mean 'screen'?)"),
        Failure(request: #"{"state": {"navigation": "ready"}}"#, path: "screen", message: "required field is missing"),
        Failure(
            request: #"{"screen": {"width": 1, "height": 1}}"#, path: "state", message: "required field is missing"),
        Failure(request: request(#""profile": 7"#), path: "profile", message: "expected a string, found a number"),
        Failure(request: request(#""profile": """#), path: "profile", message: "cannot be empty"),
        Failure(request: request(#""profileVersion": 1.5"#), path: "profileVersion", message: "whole version number"),
        Failure(
            request: request(#""profileVersion": 0"#), path: "profileVersion", message: "expected a number > 0, found 0"
        ),
        // Screen
        Failure(
            request: #"{"screen": {"width": -1, "height": 852}, "state": {"navigation": "ready"}}"#,
            path: "screen.width", message: "expected a number > 0, found -1"),
        Failure(
            request: #"{"screen": {"width": "393", "height": 852}, "state": {"navigation": "ready"}}"#,
            path: "screen.width", message: "found a string"),
        Failure(
            request: #"{"screen": {"width": 393}, "state": {"navigation": "ready"}}"#, path: "screen.height",
            message: "required field is missing"),
        Failure(
            request: #"{"screen": {"width": 393, "height": null}, "state": {"navigation": "ready"}}"#,
            path: "screen.height", message: "required field is missing"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 852, "safeArea": {"top": -5}}, "state": {"navigation": "ready"}}"#,
            path: "screen.safeArea.top", message: "expected a number from 0 to 10000, found -5"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 852, "safeArea": {"tpo": 5}}, "state": {"navigation": "ready"}}"#,
            path: "screen.safeArea.tpo", message: "did you mean 'top'?"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 100, "safeArea": {"top": 60, "bottom": 50}}, "state": {"navigation": "ready"}}"#,
            path: "screen.safeArea", message: "exceed the screen height"),
        Failure(
            request:
                #"{"screen": {"width": 100, "height": 852, "safeArea": {"left": 60, "right": 50}}, "state": {"navigation": "ready"}}"#,
            path: "screen.safeArea", message: "exceed the screen width"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 852, "layoutDirection": "rtl2"}, "state": {"navigation": "ready"}}"#,
            path: "screen.layoutDirection", message: "'rtl2' is not one of 'ltr', 'rtl'"),
        Failure(
            request: #"{"screen": {"width": 393, "height": 852, "carPlay": "no"}, "state": {"navigation": "ready"}}"#,
            path: "screen.carPlay", message: "expected true or false"),
        // State
        Failure(
            request: #"{"screen": {"width": 393, "height": 852}, "state": {}}"#, path: "state.navigation",
            message: "required field is missing"),
        Failure(
            request: #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidence"}}"#,
            path: "state.navigation", message: "(did you mean 'guidance'?)"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready", "prompt": {"kind": "incident"}}}"#,
            path: "state.prompt", message: "only during guidance"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance", "prompt": {"height": 96}}}"#,
            path: "state.prompt.kind", message: "required field is missing"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance", "prompt": {"kind": "x y"}}}"#,
            path: "state.prompt.kind", message: "is not a prompt kind"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance", "prompt": {"kind": "incident", "height": 0}}}"#,
            path: "state.prompt.height", message: "expected a number above 0 and at most 10000, found 0"),
        Failure(
            request: #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready", "wideMode": "yes"}}"#,
            path: "state.wideMode", message: "expected true or false, found a string"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready", "camera": {"bearing": "north"}}}"#,
            path: "state.camera.bearing", message: "expected a finite number"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready", "camera": {"zoom": 3}}}"#,
            path: "state.camera.zoom", message: "unknown field 'zoom'"),
        Failure(
            request:
                #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready", "speedWidget": "all"}}"#,
            path: "state.speedWidget", message: "'all' is not one of 'none', 'speed', 'limit', 'both'"),
        // Settings
        Failure(
            request: request(#""settings": {"isNavigationHeaderEnabled": true}"#),
            path: "settings.isNavigationHeaderEnabled", message: "without the 'is' prefix"),
        Failure(
            request: request(#""settings": {"compassButon": true}"#), path: "settings.compassButon",
            message: "(did you mean 'compassButton'?)"),
        Failure(
            request: request(#""settings": {"compassButton": 1}"#), path: "settings.compassButton",
            message: "expected true or false, found a number"),
        Failure(
            request: request(#""settings": {"navigationHeaderPrimaryBackgroundColor": "blue"}"#),
            path: "settings.navigationHeaderPrimaryBackgroundColor", message: "#RRGGBB"),
        Failure(
            request: request(##""settings": {"navigationHeaderSecondaryBackgroundColor": "#12345G"}"##),
            path: "settings.navigationHeaderSecondaryBackgroundColor", message: "is not a colour"),
        Failure(
            request: request(#""settings": {"headerAccessoryView": {}}"#), path: "settings.headerAccessoryView.height",
            message: "required field is missing"),
        Failure(
            request: request(#""settings": {"headerAccessoryView": {"height": -1}}"#),
            path: "settings.headerAccessoryView.height", message: "from 0 to 10000"),
        Failure(
            request: request(#""settings": {"headerAccessoryView": 56}"#), path: "settings.headerAccessoryView",
            message: "expected an object, found a number"),
        Failure(
            request: request(#""settings": {"padding": {"bottom": -24}}"#), path: "settings.padding.bottom",
            message: "from 0 to 10000"),
        Failure(
            request: request(#""settings": {"paddingAdjustmentBehavior": "sometimes"}"#),
            path: "settings.paddingAdjustmentBehavior", message: "'always', 'automatic', 'never'"),
        Failure(
            request: request(#""settings": {"alternateRoutesStrategy": "two"}"#),
            path: "settings.alternateRoutesStrategy", message: "'all', 'one', 'none'"),
        Failure(request: request(#""settings": []"#), path: "settings", message: "expected an object, found an array"),
        // Style
        Failure(
            request: request(#""style": {"headerHeight": 100}"#), path: "style.headerHeight",
            message: "unknown style value 'headerHeight'"),
        Failure(
            request: request(#""style": {"buttonSize": -1}"#), path: "style.buttonSize",
            message: "from 0 to 10000, found -1"),
        Failure(
            request: request(#""style": {"buttonSize": "48"}"#), path: "style.buttonSize", message: "found a string"),
        // Delegate structure
        Failure(request: delegate(#""view": {}"#), path: "delegate.view", message: "(did you mean 'views'?)"),
        Failure(
            request: delegate(#""views": {"turnCard": {}}"#), path: "delegate.views.turnCard",
            message: "is a built-in item"),
        Failure(request: delegate(#""views": {"style": {}}"#), path: "delegate.views.style", message: "reserved"),
        Failure(
            request: delegate(#""views": {"order card": {}}"#), path: #"delegate.views["order card"]"#,
            message: "not a valid name"),
        Failure(
            request: delegate(#""views": {"a": {"width": -3}}"#), path: "delegate.views.a.width",
            message: "from 0 to 10000, found -3"),
        Failure(
            request: delegate(#""views": {"a": {"depth": 3}}"#), path: "delegate.views.a.depth",
            message: "unknown field 'depth'"),
        Failure(
            request: delegate(#""views": {"a": {"hugging": {"horizontal": 1001}}}"#),
            path: "delegate.views.a.hugging.horizontal", message: "invalid priority 1001"),
        Failure(
            request: delegate(#""views": {"a": {"compression": "medium"}}"#), path: "delegate.views.a.compression",
            message: "invalid priority 'medium'"),
        Failure(
            request: delegate(#""views": {"a": {}}, "guides": ["a"]"#), path: "delegate.guides[0]",
            message: "already declared"),
        Failure(request: delegate(#""guides": ["g", "g"]"#), path: "delegate.guides[1]", message: "listed twice"),
        Failure(request: delegate(#""guides": "g""#), path: "delegate.guides", message: "expected an array of names"),
        Failure(
            request: delegate(#""stacks": {"s": {"alignment": "leading"}}"#), path: "delegate.stacks.s.position",
            message: "required field is missing"),
        Failure(
            request: delegate(#""stacks": {"s": {"position": "middle", "alignment": "leading"}}"#),
            path: "delegate.stacks.s.position", message: "'top', 'center', 'bottom'"),
        Failure(
            request: delegate(#""stacks": {"s": {"position": "top", "alignment": "left"}}"#),
            path: "delegate.stacks.s.alignment", message: "'leading', 'trailing'"),
        Failure(
            request: delegate(
                #""stacks": {"s": {"position": "top", "alignment": "leading", "arranged": ["safeArea"]}}"#),
            path: "delegate.stacks.s.arranged[0]", message: "is a layout guide"),
        Failure(
            request: delegate(#""stacks": {"s": {"position": "top", "alignment": "leading", "arranged": ["s"]}}"#),
            path: "delegate.stacks.s.arranged[0]", message: "hiding stacks do not nest"),
        Failure(
            request: delegate(
                #""stacks": {"s": {"position": "top", "alignment": "leading", "arranged": ["compass"]}, "t": {"position": "bottom", "alignment": "leading", "arranged": ["compass"]}}"#
            ), path: "delegate.stacks.t.arranged[0]", message: "already arranged in stack 's'"),
        Failure(
            request: delegate(#""stacks": {"s": {"position": "top", "alignment": "leading", "arranged": ["compas"]}}"#),
            path: "delegate.stacks.s.arranged[0]", message: "(did you mean 'compass'?)"),
        Failure(
            request: delegate(#""stacks": {"s": {"position": "top", "alignment": "leading", "spacing": -8}}"#),
            path: "delegate.stacks.s.spacing", message: "from 0 to 10000"),
        Failure(
            request: delegate(#""ready": {"views": ["map"]}"#), path: "delegate.ready.views[0]",
            message: "'map' is the container"),
        Failure(
            request: delegate(#""ready": {"views": ["safeArea"]}"#), path: "delegate.ready.views[0]",
            message: "is a layout guide"),
        Failure(
            request: delegate(#""guides": ["g"], "layers": ["g"]"#), path: "delegate.layers[0]",
            message: "is a layout guide"),
        Failure(
            request: delegate(
                #""stacks": {"s": {"position": "top", "alignment": "leading", "arranged": ["viewport"]}}"#),
            path: "delegate.stacks.s.arranged[0]", message: "is a layout guide"),
        Failure(
            request: delegate(#""ready": {"views": ["googleLogo", "googleLogo"]}"#), path: "delegate.ready.views[1]",
            message: "listed twice"),
        Failure(
            request: delegate(#""ready": {"constraint": []}"#), path: "delegate.ready.constraint",
            message: "(did you mean 'constraints'?)"),
        Failure(
            request: delegate(#""ready": []"#), path: "delegate.ready", message: "expected an object, found an array"),
        Failure(
            request: delegate(#""prompt": {"corners": "left"}"#), path: "delegate.prompt.corners",
            message: "'top', 'all', 'bottom', 'none'"),
        Failure(
            request: delegate(#""wide": {"disabled": {}}"#), path: "delegate.wide.disabled",
            message: "unknown field 'disabled'"),
        Failure(
            request: delegate(#""layers": ["viewpor"]"#), path: "delegate.layers[0]",
            message: "(did you mean 'viewport'?)"),
        // Constraint strings: path plus column
        Failure(
            request: delegate(
                #""guidance": {"constraints": ["viewport.top == turnCard.bottom", "viewport.top = turnCard.bottom"]}"#),
            path: "delegate.guidance.constraints[1]", message: "write '=='", column: 14),
        Failure(
            request: delegate(#""shared": ["viewport.top == turnCard.leading"]"#), path: "delegate.shared[0]",
            message: "cannot relate viewport.top", column: 17),
        Failure(
            request: delegate(#""guidance": {"constraints": ["turnCard.leading == map.left"]}"#),
            path: "delegate.guidance.constraints[0]", message: "never mix with left/right", column: 21),
        Failure(
            request: delegate(#""guidance": {"constraints": ["orderCard.top == map.top"]}"#),
            path: "delegate.guidance.constraints[0]", message: "unknown item 'orderCard'", column: 1),
        Failure(
            request: delegate(#""guidance": {"constraints": ["turnCard.top == 0"]}"#),
            path: "delegate.guidance.constraints[0]", message: "cannot equal a constant", column: 1),
        Failure(
            request: delegate(#""guides": ["g"], "shared": ["g.margins.top == map.top"]"#), path: "delegate.shared[0]",
            message: "has no layout margins", column: 1),
        Failure(
            request: delegate(#""wide": {"prompt": {"constraints": ["prompt.bottom == map.bottom + style.gap"]}}"#),
            path: "delegate.wide.prompt.constraints[0]", message: "unknown style value 'gap'", column: 37),
        Failure(
            request: delegate(#""guidance": {"constraints": [42]}"#), path: "delegate.guidance.constraints[0]",
            message: "expected a constraint string or object, found a number"),
        Failure(
            request: delegate(#""guidance": {"constraints": "a.top == b.top"}"#), path: "delegate.guidance.constraints",
            message: "expected an array of constraints"),
        Failure(
            request: delegate(
                #""shared": ["x: map.top == safeArea.top"], "guidance": {"constraints": ["x: map.bottom == safeArea.bottom"]}"#
            ), path: "delegate.guidance.constraints[0]",
            message: "constraint id 'x' is already used at delegate.shared[0]"),
        Failure(
            request: delegate(
                #""ready": {"constraints": ["x: map.top == safeArea.top", "x: map.bottom == safeArea.bottom"]}"#),
            path: "delegate.ready.constraints[1]", message: "already used at delegate.ready.constraints[0]"),
        Failure(
            request: delegate(
                #""guidance": {"constraints": ["x: map.top == safeArea.top"]}, "prompt": {"constraints": ["x: prompt.bottom == map.bottom"]}"#
            ), path: "delegate.prompt.constraints[0]",
            message: "already used at delegate.guidance.constraints[0], installed at the same time"),
        Failure(
            request: delegate(
                #""prompt": {"constraints": ["x: prompt.bottom == map.bottom"]}, "wide": {"guidance": {"constraints": ["x: map.top == safeArea.top"]}}"#
            ), path: "delegate.prompt.constraints[0]", message: "already used at delegate.wide.guidance.constraints[0]"),
        Failure(
            request: delegate(
                #""guidance": {"constraints": ["x: map.top == safeArea.top"]}, "wide": {"prompt": {"constraints": ["x: prompt.bottom == map.bottom"]}}"#
            ), path: "delegate.wide.prompt.constraints[0]", message: "already used at delegate.guidance.constraints[0]"),
        // Constraint objects: path of the field
        Failure(
            request: delegate(#""shared": [{"relation": "=="}]"#), path: "delegate.shared[0].first",
            message: "required field is missing"),
        Failure(
            request: delegate(#""shared": [{"first": "map.top"}]"#), path: "delegate.shared[0].relation",
            message: "required field is missing"),
        Failure(
            request: delegate(#""shared": [{"first": "map.top", "relation": "="}]"#),
            path: "delegate.shared[0].relation", message: "is not a relation"),
        Failure(
            request: delegate(#""shared": [{"first": "map.tp", "relation": "==", "second": "safeArea.top"}]"#),
            path: "delegate.shared[0].first", message: "unknown attribute 'tp'", column: 5),
        Failure(
            request: delegate(#""shared": [{"first": "map.top", "relation": "==", "second": "safeArea.width"}]"#),
            path: "delegate.shared[0].second", message: "cannot relate map.top", column: 1),
        Failure(
            request: delegate(#""shared": [{"first": "map.top", "relation": "==", "second": "nothing.top"}]"#),
            path: "delegate.shared[0].second", message: "unknown item 'nothing'", column: 1),
        Failure(
            request: delegate(#""shared": [{"first": "map.width", "relation": "==", "multiplier": 2}]"#),
            path: "delegate.shared[0].multiplier", message: "needs a second anchor"),
        Failure(
            request: delegate(
                #""shared": [{"first": "map.width", "relation": "==", "second": "safeArea.width", "multiplier": 0}]"#),
            path: "delegate.shared[0].multiplier", message: "multiplier of 0"),
        // Numbers in a physical range: a constant within a screen side, a multiplier within 100.
        Failure(
            request: delegate(
                #""shared": [{"first": "map.width", "relation": "==", "second": "safeArea.width", "multiplier": 1000}]"#
            ),
            path: "delegate.shared[0].multiplier", message: "expected at most 100 either way, found 1000"),
        Failure(
            request: delegate(#""shared": [{"first": "map.width", "relation": "==", "constant": -1e308}]"#),
            path: "delegate.shared[0].constant", message: "at most 10000 points either way, found -1e+308"),
        Failure(
            request: delegate(#""shared": ["map.width == safeArea.width - 20000"]"#),
            path: "delegate.shared[0]", message: "constant 20000 is out of range: at most 10000 either way", column: 31),
        Failure(
            request: delegate(#""shared": ["map.width == safeArea.width * 1e5"]"#),
            path: "delegate.shared[0]", message: "multiplier 1e5 is out of range: at most 100 either way", column: 31),
        Failure(
            request: delegate(#""views": {"a": {"width": 1e308}}"#), path: "delegate.views.a.width",
            message: "from 0 to 10000, found 1e+308"),
        Failure(
            request: delegate(#""shared": [{"first": "map.width", "relation": "==", "constant": "style.nope"}]"#),
            path: "delegate.shared[0].constant", message: "unknown style value 'nope'", column: 7),
        Failure(
            request: delegate(#""shared": [{"first": "map.width", "relation": "==", "constant": true}]"#),
            path: "delegate.shared[0].constant", message: "expected a number or \"style.name\""),
        Failure(
            request: delegate(#""shared": [{"first": "map.width", "relation": "==", "priority": 0}]"#),
            path: "delegate.shared[0].priority", message: "invalid priority 0"),
        Failure(
            request: delegate(#""shared": [{"first": "map.width", "relation": "==", "priority": 250.5}]"#),
            path: "delegate.shared[0].priority", message: "invalid priority 250.5"),
        Failure(
            request: delegate(#""shared": [{"first": "map.width", "relation": "==", "id": "a b"}]"#),
            path: "delegate.shared[0].id", message: "invalid constraint id"),
        Failure(
            request: delegate(#""shared": [{"first": "map.width", "relation": "==", "strength": 1}]"#),
            path: "delegate.shared[0].strength", message: "unknown field 'strength'"),
        Failure(
            request: delegate(#""shared": [{"first": "map.top", "relation": "==", "constant": 4}]"#),
            path: "delegate.shared[0].first", message: "cannot equal a constant", column: 1),
    ]

    @Test("reports each problem with its path", arguments: failures)
    func reportsProblemsWithPaths(_ failure: Failure) {
        let issues = issues(failure.request)
        let matching = issues.first { $0.path == failure.path && $0.message.contains(failure.message) }
        #expect(matching != nil, "got \(issues)")
        #expect(matching?.column == failure.column, "got \(issues)")
    }

    @Test("reports JSON syntax errors with line and column")
    func reportsSyntaxErrors() {
        let issues = issues("{\n  \"screen\": {\"width\": 393,}\n}")
        #expect(issues == [RequestError.Issue(path: "", message: "trailing comma before '}'", line: 2, column: 27)])
    }

    @Test("collects every problem, in document order")
    func collectsEveryProblem() {
        let issues = issues(
            #"{"screen": {"width": 0, "height": -1}, "state": {"navigation": "x"}, "settings": {"nope": 1}}"#)
        #expect(issues.map(\.path) == ["screen.width", "screen.height", "state.navigation", "settings.nope"])
    }

    @Test("ids may repeat across layouts that are never installed together")
    func idsRepeatAcrossExclusiveLayouts() throws {
        let request = try decode(
            Self.delegate(
                #""ready": {"constraints": ["x: map.top == safeArea.top"]}, "guidance": {"constraints": ["x: map.top == safeArea.top"]}, "wide": {"guidance": {"constraints": ["x: map.top == safeArea.top"]}, "prompt": {"constraints": ["y: prompt.bottom == map.bottom"]}}, "prompt": {"constraints": ["y: prompt.bottom == map.bottom"]}"#
            ))
        #expect(request.delegate?.wide?.guidance?.constraints.first?.spec.id == "x")
        #expect(request.delegate?.prompt?.constraints.first?.spec.id == "y")
    }

    @Test("stops listing problems after the limit")
    func limitsIssues() {
        let members = (0..<500).map { "\"unknown\($0)\": 1" }.joined(separator: ", ")
        let issues = issues(Self.request(#""settings": {\#(members)}"#))
        #expect(issues.count == RequestDecoder.maximumIssues + 1)
        #expect(issues.last?.message.contains("more than 100 problems") == true)
    }

    @Test("treats null as absent")
    func treatsNullAsAbsent() throws {
        let request = try decode(
            #"{"screen": {"width": 393, "height": 852, "safeArea": null}, "state": {"navigation": "ready", "wideMode": null, "prompt": null}, "settings": {"headerAccessoryView": null, "navigationHeaderPrimaryBackgroundColor": null}, "delegate": null, "style": null}"#
        )
        #expect(request.state.wideMode == nil && request.delegate == nil)
        #expect(request.settings.headerAccessoryHeight == nil)
    }

    @Test("error descriptions carry the path and the column")
    func errorDescriptions() {
        let error = RequestError(issues: [
            RequestError.Issue(path: "delegate.shared[0]", message: "bad", column: 3),
            RequestError.Issue(path: "", message: "worse", line: 2, column: 4),
        ])
        #expect(error.description == "delegate.shared[0] column 3: bad\n(document) line 2, column 4: worse")
    }
}
