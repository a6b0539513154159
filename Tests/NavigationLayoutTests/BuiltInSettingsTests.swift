import JSON
import NavigationLayout
import Testing

private let iPhone15 = #"{"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34, "left": 0, "right": 0}}"#

private func builtIn(
    _ settings: String = "{}", navigation: String = "guidance", camera: String? = nil, extraState: String = "",
    screen: String = iPhone15
) throws -> LayoutResult {
    let cameraPart = camera.map { #", "camera": "# + $0 } ?? ""
    return LayoutEngine.solve(
        try EngineFixtures.request(
            json: """
                {"screen": \(screen), "state": {"navigation": "\(navigation)"\(cameraPart)\(extraState)},
                 "settings": \(settings)}
                """))
}

private let north = #"{"bearing": 0, "following": false, "userPanned": false, "locationKnown": true}"#
private let rotated = #"{"bearing": 35, "following": false, "userPanned": false, "locationKnown": true}"#
private let panned = #"{"bearing": 0, "following": false, "userPanned": true, "locationKnown": true}"#

@Suite("Built-in layout settings")
struct BuiltInSettingsTests {
    @Test(
        "default settings give a clean built-in layout with the legacy guides in every navigation state",
        arguments: ["disabled", "ready", "guidance"])
    func defaultSettingsGiveACleanLayout(navigation: String) throws {
        let result = try builtIn(navigation: navigation)
        #expect(result.mode == .builtIn)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.guides.map(\.name) == BuiltInLayout.legacyGuides)
        #expect(result.broken.isEmpty)
    }

    @Test("the example request is clean and shows its header accessory")
    func theExampleRequestIsClean() throws {
        let result = try EngineFixtures.solve("builtin-guidance.json")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.frames.map(\.name).contains("headerAccessory"))
    }

    @Test("the compass button shows only when enabled and the map is rotated, or following during navigation")
    func compassButtonShowsOnlyWhenEnabledAndRotatedOrFollowingDuringNavigation() throws {
        #expect(
            try builtIn(#"{"compassButton": true}"#, navigation: "disabled", camera: rotated).frame(of: "compass")
                != nil)
        let north = try builtIn(#"{"compassButton": true}"#, navigation: "disabled", camera: north)
        #expect(north.frame(of: "compass") == nil)
        #expect(north.hiddenReason(of: "compass") != nil)
        let following = #"{"bearing": 0, "following": true, "userPanned": false, "locationKnown": true}"#
        #expect(try builtIn(#"{"compassButton": true}"#, camera: following).frame(of: "compass") != nil)
        #expect(try builtIn(#"{"compassButton": false}"#, camera: rotated).frame(of: "compass") == nil)
        // Top trailing, below the header during guidance.
        let compass = try #require(try builtIn(#"{"compassButton": true}"#, camera: rotated).frame(of: "compass"))
        #expect(compass == Frame(x: 393 - 16 - 48, y: 155 + 16, width: 48, height: 48))
    }

    @Test("the my-location button sits in the bottom trailing corner, and only when enabled")
    func myLocationButtonSitsInTheBottomTrailingCorner() throws {
        let ready = try builtIn(#"{"myLocationButton": true}"#, navigation: "ready")
        #expect(ready.frame(of: "myLocation") == Frame(x: 329, y: 852 - 34 - 16 - 48, width: 48, height: 48))
        #expect(try builtIn(navigation: "ready").frame(of: "myLocation") == nil)
    }

    @Test("while panned, the recenter button replaces the logo and hides the speed widget unless disabled")
    func recenterReplacesTheLogoAndHidesTheSpeedWidgetWhilePanned() throws {
        let result = try builtIn(#"{"shouldDisplaySpeedometer": true}"#, camera: panned)
        let recenter = try #require(result.frame(of: "recenter"))
        #expect(result.frame(of: "googleLogo") == nil)
        #expect(result.hiddenReason(of: "googleLogo") != nil)
        #expect(result.frame(of: "speedWidget") == nil)
        #expect(result.hiddenReason(of: "speedWidget") != nil)
        #expect(recenter.x == 0 && recenter.maxY == 746)
        let disabled = try builtIn(#"{"recenterButtonEnabled": false}"#, camera: panned)
        #expect(disabled.frame(of: "recenter") == nil)
        #expect(disabled.frame(of: "googleLogo") != nil)
    }

    @Test("turning the header off leaves a zero-height header guide")
    func headerOffLeavesAZeroHeightHeaderGuide() throws {
        let result = try builtIn(#"{"navigationHeaderEnabled": false}"#)
        #expect(result.frame(of: "turnCard") == nil)
        #expect(result.guide("navigationHeaderLayoutGuide")?.height == 0)
        #expect(result.cameraViewport?.y == 59)
        let on = try builtIn()
        #expect(on.guide("navigationHeaderLayoutGuide") == on.frame(of: "turnCard"))
    }

    @Test("turning the footer off leaves a zero-height footer guide, and the buttons guide follows it")
    func footerOffLeavesAZeroHeightFooterGuideAndTheButtonsGuideFollowsIt() throws {
        let result = try builtIn(#"{"navigationFooterEnabled": false}"#)
        #expect(result.frame(of: "etaCard") == nil)
        let footer = try #require(result.guide("navigationFooterLayoutGuide"))
        #expect(footer.height == 0 && footer.y == 818)
        #expect(result.guide("bottomTrailingButtonsLayoutGuide") == footer)
        let on = try builtIn()
        #expect(on.guide("navigationFooterLayoutGuide") == on.frame(of: "etaCard"))
        #expect(on.guide("bottomTrailingButtonsLayoutGuide") == on.frame(of: "etaCard"))
    }

    @Test("the trip progress bar runs down the trailing edge, during guidance only")
    func tripProgressBarRunsDownTheTrailingEdgeDuringGuidance() throws {
        let result = try builtIn(#"{"navigationTripProgressBarEnabled": true}"#)
        let bar = try #require(result.frame(of: "tripProgressBar"))
        #expect(bar.maxX == 393 && bar.width == 16)
        #expect(bar.minY > 155 && bar.maxY < 746)
        #expect(
            try builtIn(#"{"navigationTripProgressBarEnabled": true}"#, navigation: "ready").frame(
                of: "tripProgressBar") == nil)
    }

    @Test("the report-incident button joins the bottom trailing buttons unless disabled")
    func reportIncidentButtonJoinsTheBottomTrailingButtons() throws {
        let result = try builtIn(#"{"myLocationButton": true}"#)
        let myLocation = try #require(result.frame(of: "myLocation"))
        let reporting = try #require(result.frame(of: "reporting"))
        #expect(reporting.maxY == myLocation.minY - 16)
        #expect(try builtIn(#"{"navigationReportIncidentButtonEnabled": false}"#).frame(of: "reporting") == nil)
    }

    @Test("header colours are carried through to the result and its JSON")
    func headerColoursAreCarriedThrough() throws {
        let result = try builtIn(
            ##"{"navigationHeaderPrimaryBackgroundColor": "#1a73e8", "navigationHeaderSecondaryBackgroundColor": "#FF0000"}"##
        )
        #expect(result.appearance.headerPrimaryBackgroundColor?.description == "#1A73E8")
        #expect(result.appearance.headerSecondaryBackgroundColor?.description == "#FF0000")
        #expect(
            JSONWriter().string(for: result.jsonValue).contains(
                ##""navigationHeaderPrimaryBackgroundColor":"#1A73E8""##))
    }

    @Test("the header accessory hangs under the header, only with a header and during guidance")
    func headerAccessoryHangsUnderTheHeaderOnlyDuringGuidance() throws {
        let result = try builtIn(#"{"headerAccessoryView": {"height": 56}}"#)
        #expect(result.frame(of: "headerAccessory") == Frame(x: 0, y: 155, width: 393, height: 56))
        #expect(result.guide("navigationHeaderLayoutGuide")?.maxY == 211)
        #expect(result.cameraViewport?.y == 211)
        let noHeader = try builtIn(#"{"headerAccessoryView": {"height": 56}, "navigationHeaderEnabled": false}"#)
        #expect(noHeader.frame(of: "headerAccessory") == nil)
        #expect(noHeader.hiddenReason(of: "headerAccessory") != nil)
        #expect(
            try builtIn(#"{"headerAccessoryView": {"height": 56}}"#, navigation: "ready").frame(of: "headerAccessory")
                == nil)
    }

    @Test(
        "the speed widget takes the size of its visual state and sits just above the logo",
        arguments: [
            ("{}", nil as Double?, nil as Double?),
            (#"{"shouldDisplaySpeedometer": true}"#, 56, 56),
            (#"{"shouldDisplaySpeedLimit": true}"#, 48, 60),
            (#"{"shouldDisplaySpeedometer": true, "shouldDisplaySpeedLimit": true}"#, 96, 60),
        ])
    func speedWidgetTakesTheSizeOfItsVisualState(settings: String, width: Double?, height: Double?) throws {
        let result = try builtIn(settings)
        let widget = result.frame(of: "speedWidget")
        #expect(widget?.width == width)
        #expect(widget?.height == height)
        if let widget, let logo = result.frame(of: "googleLogo") {
            #expect(widget.maxY == logo.minY)
            #expect(widget.x == 16)
        }
        if width == nil { #expect(result.hiddenReason(of: "speedWidget") != nil) }
    }

    @Test(
        "each padding adjustment behavior frames the camera, and the controls move in with the padding",
        arguments: [
            ("always", Frame(x: 10, y: 59 + 20, width: 393 - 10 - 30, height: 852 - 34 - 40 - 79)),
            ("automatic", Frame(x: 10, y: 59, width: 393 - 10 - 30, height: 852 - 40 - 59)),
            ("never", Frame(x: 10, y: 20, width: 393 - 10 - 30, height: 852 - 40 - 20)),
        ])
    func paddingAdjustmentBehaviorFramesTheCamera(behavior: String, expected: Frame) throws {
        let result = try builtIn(
            #"{"padding": {"top": 20, "bottom": 40, "left": 10, "right": 30}, "paddingAdjustmentBehavior": "\#(behavior)"}"#,
            navigation: "ready")
        #expect(result.cameraViewport == expected)
        // Controls move in with the padding: the logo sits on the padded bottom leading corner.
        let logo = try #require(result.frame(of: "googleLogo"))
        #expect(logo.x == expected.x && logo.maxY == expected.maxY)
    }

    @Test("padding keeps the camera clear of header and footer during guidance")
    func paddingKeepsTheCameraClearOfHeaderAndFooterDuringGuidance() throws {
        let result = try builtIn(#"{"padding": {"top": 20, "bottom": 40, "left": 0, "right": 0}}"#)
        #expect(result.cameraViewport == Frame(x: 0, y: 175, width: 393, height: 746 - 40 - 175))
    }

    @Test(
        "traffic lights and stop signs show only when asked for and navigation is enabled",
        arguments: ["disabled", "ready", "guidance"])
    func trafficLightsAndStopSignsShowOnlyDuringNavigation(navigation: String) throws {
        let result = try builtIn(#"{"showsTrafficLights": true, "showsStopSigns": true}"#, navigation: navigation)
        #expect(result.mapFeatures.trafficLights == (navigation != "disabled"))
        #expect(result.mapFeatures.stopSigns == (navigation != "disabled"))
        let off = try builtIn(navigation: navigation)
        #expect(!off.mapFeatures.trafficLights && !off.mapFeatures.stopSigns)
    }

    @Test("settings that do not change the layout come back in the map features")
    func nonLayoutFlagsComeBackInMapFeatures() throws {
        let result = try builtIn(
            #"{"showsDestinationMarkers": false, "scrollGestures": false, "zoomGestures": false, "tiltGestures": false, "rotateGestures": false, "alternateRoutesStrategy": "one"}"#
        )
        let features = result.mapFeatures
        #expect(!features.destinationMarkers && !features.scrollGestures && !features.zoomGestures)
        #expect(!features.tiltGestures && !features.rotateGestures)
        #expect(features.alternateRoutes == .one)
        #expect(try builtIn().mapFeatures.alternateRoutes == .all)
    }

    @Test("turning shouldDisplayPrompts off hides the prompt, with its reason")
    func shouldDisplayPromptsOffHidesThePrompt() throws {
        let prompt = #", "prompt": {"kind": "incident", "height": 96}"#
        let shown = try builtIn(extraState: prompt)
        let frame = try #require(shown.prompt?.frame)
        #expect(frame == Frame(x: 0, y: 756, width: 393, height: 96))
        #expect(shown.diagnostics.isEmpty, "\(shown.diagnostics.map(\.message))")
        let off = try builtIn(#"{"shouldDisplayPrompts": false}"#, extraState: prompt)
        #expect(off.prompt == nil)
        #expect(off.hiddenReason(of: "prompt") == "shouldDisplayPrompts is false")
        #expect(!off.mapFeatures.prompts)
    }

    @Test("wide mode keeps the cards on the leading edge and the camera beside them")
    func wideModeKeepsCardsOnTheLeadingEdgeAndTheCameraBesideThem() throws {
        let landscape = #"{"width": 852, "height": 393, "safeArea": {"top": 0, "bottom": 21, "left": 59, "right": 59}}"#
        let result = try builtIn(#"{"myLocationButton": true}"#, screen: landscape)
        #expect(result.wideMode)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let turnCard = try #require(result.frame(of: "turnCard"))
        #expect(turnCard == Frame(x: 59, y: 0, width: 360, height: 96))
        #expect(result.cameraViewport?.x == turnCard.maxX)
        let alternate = try #require(result.guide("bottomTrailingButtonsAlternateLayoutGuide"))
        #expect(alternate.x == turnCard.maxX && alternate.height == 0)
    }
}
