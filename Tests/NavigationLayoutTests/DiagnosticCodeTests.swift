import NavigationLayout
import Testing

/// A minimal guidance delegate on an iPhone 15 that is clean on its own; each test changes one thing.
private func guidanceRequest(
    views: [String] = ["turnCard", "etaCard", "viewport", "googleLogo"], constraints: [String] = [],
    customViews: String = "{}", prompt: String? = nil, state: String = #"{"navigation": "guidance"}"#,
    screen: String = #"{"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34, "left": 0, "right": 0}}"#,
    settings: String = "{}", replaceConstraints: Bool = false
) throws -> LayoutRequest {
    let base = [
        "turnCard.leading == safeArea.leading", "turnCard.top == map.top", "etaCard.leading == map.leading",
        "etaCard.bottom == map.bottom", "contentBottom.height == 0", "contentBottom.bottom == etaCard.top",
        "googleLogo.leading == safeArea.leading", "googleLogo.bottom == contentBottom.top",
        "viewport.leading == safeArea.leading", "viewport.trailing == safeArea.trailing",
        "viewport.top == turnCard.bottom", "viewport.bottom == googleLogo.top",
    ]
    let all = (replaceConstraints ? [] : base) + constraints
    let list = all.map { "\"\($0)\"" }.joined(separator: ", ")
    let viewList = views.map { "\"\($0)\"" }.joined(separator: ", ")
    let promptPart = prompt.map { #", "prompt": "# + $0 } ?? ""
    return try EngineFixtures.request(
        json: """
            {"screen": \(screen), "state": \(state), "settings": \(settings),
             "delegate": {"views": \(customViews), "guides": ["contentBottom"],
               "guidance": {"views": [\(viewList)], "constraints": [\(list)]}\(promptPart)}}
            """)
}

@Suite("Diagnostic codes")
struct DiagnosticCodeTests {
    @Test("the base request is clean")
    func theBaseRequestIsClean() throws {
        let result = LayoutEngine.solve(try guidanceRequest())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test(
        "the seed's sample delegate raises no diagnostic at all",
        arguments: ["seed-delegate-guidance.json", "seed-delegate-prompt.json"])
    func theSeedSampleDelegateRaisesNoErrorOrWarning(fixture: String) throws {
        let result = try EngineFixtures.solve(fixture)
        #expect(result.problems == [])
        #expect(result.diagnostics.isEmpty)
    }

    @Test("every code has the contract's severity and a rule")
    func everyCodeHasTheContractsSeverityAndARule() {
        let errors: [DiagnosticCode] = [
            .missingRequiredComponent, .fixedSizeConstraint, .unsatisfiableConstraints, .unavailableInState,
            .delegateWhileNavigating, .delegateOnCarPlay,
        ]
        let infos: [DiagnosticCode] = [.marginsAddUp, .viewportNotBelowTurnCard, .promptCorners, .accessoryHidden]
        for code in DiagnosticCode.allCases {
            let expected: Severity = errors.contains(code) ? .error : infos.contains(code) ? .info : .warning
            #expect(code.severity == expected, "\(code.rawValue)")
            #expect(code.rule.contains("seed") || code.rule.contains("Auto Layout"), "\(code.rawValue)")
        }
        #expect(DiagnosticCode.allCases.count == 17)
    }

    @Test("missing-required-component fires without the logo and makes the status an error")
    func missingRequiredComponentFiresWithoutTheLogo() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(
                views: ["turnCard", "etaCard", "viewport"],
                constraints: [
                    "turnCard.leading == safeArea.leading", "turnCard.top == map.top", "etaCard.leading == map.leading",
                    "etaCard.bottom == map.bottom", "viewport.leading == safeArea.leading",
                    "viewport.trailing == safeArea.trailing", "viewport.top == turnCard.bottom",
                    "viewport.bottom == etaCard.top",
                ], replaceConstraints: true))
        let found = result.diagnostics(.missingRequiredComponent)
        #expect(found.map(\.items) == [["googleLogo"]])
        #expect(result.status == "error")
    }

    @Test("fixed-size-constraint is reported and the constraint left out")
    func fixedSizeConstraintIsReportedAndLeftOut() throws {
        let result = LayoutEngine.solve(try guidanceRequest(constraints: ["turnCard.width == 300"]))
        let found = try #require(result.diagnostics(.fixedSizeConstraint).first)
        #expect(found.constraint == "turnCard.width == 300")
        #expect(result.frame(of: "turnCard")?.width == 393)
    }

    @Test("unsatisfiable-constraints is an error naming the conflicting set, and the layout recovers")
    func unsatisfiableConstraintsNameTheConflictingSetAndRecover() throws {
        let result = LayoutEngine.solve(try guidanceRequest(constraints: ["viewport.top == map.top"]))
        let found = try #require(result.diagnostics(.unsatisfiableConstraints).first)
        #expect(found.constraint == "viewport.top == map.top")
        let conflicting = try #require(found.conflicting)
        #expect(conflicting.contains("viewport.top == turnCard.bottom"))
        #expect(found.severity == .error)
        // The offered constraint is the one broken: the layout is still there.
        #expect(result.cameraViewport?.y == 155)
    }

    @Test("unavailable-in-state drops a turn card and its constraint in the ready state")
    func unavailableInStateDropsAConstraintOnATurnCardWhenReady() throws {
        let request = try EngineFixtures.request(
            json: """
                {"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"},
                 "delegate": {"ready": {"views": ["googleLogo", "viewport", "turnCard"], "constraints": [
                   "googleLogo.leading == safeArea.leading", "googleLogo.bottom == safeArea.bottom",
                   "viewport.leading == safeArea.leading", "viewport.trailing == safeArea.trailing",
                   "viewport.top == safeArea.top", "viewport.bottom == googleLogo.top",
                   "turnCard.top == map.top"]}}}
                """)
        let result = LayoutEngine.solve(request)
        let found = result.diagnostics(.unavailableInState)
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.items == ["turnCard"] })
        #expect(found.contains { $0.constraint == "turnCard.top == map.top" })
        #expect(result.frame(of: "turnCard") == nil)
    }

    @Test("built-in-only items are unavailable to a delegate")
    func builtInOnlyItemsAreUnavailableToADelegate() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(views: ["turnCard", "etaCard", "viewport", "googleLogo", "myLocation"]))
        #expect(result.diagnostics(.unavailableInState).map(\.items) == [["myLocation"]])
    }

    @Test("messages end with their rule's reference")
    func messagesEndWithTheirRulesReference() throws {
        let result = LayoutEngine.solve(try guidanceRequest(constraints: ["turnCard.width == 300"]))
        #expect(result.diagnostics.first?.message.hasSuffix("[seed 000, rule 2]") == true)
        #expect(
            Diagnostic.delegateOnCarPlay(state: "ready").message.hasSuffix(
                "[\(DiagnosticCode.delegateOnCarPlay.reference)]"))
    }

    @Test("delegate-while-navigating is an error carrying the SDK's code 1")
    func delegateWhileNavigatingCarriesTheSDKErrorCode() {
        let diagnostic = Diagnostic.delegateWhileNavigating(state: "ready")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.code == .delegateWhileNavigating)
        #expect(diagnostic.message.contains("code 1"))
    }

    @Test("delegate-on-carplay carries the SDK's code 2 and falls back to the built-in layout")
    func delegateOnCarPlayFallsBackToTheBuiltInLayout() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(
                screen:
                    #"{"width": 800, "height": 480, "safeArea": {"top": 0, "bottom": 0, "left": 0, "right": 0}, "carPlay": true}"#
            ))
        #expect(result.diagnostics(.delegateOnCarPlay).count == 1)
        #expect(result.diagnostics(.delegateOnCarPlay).first?.message.contains("code 2") == true)
        #expect(result.mode == .builtIn)
    }

    @Test("ambiguous-layout names the item and the axis")
    func ambiguousLayoutNamesTheItemAndTheAxis() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(
                views: ["turnCard", "etaCard", "viewport", "googleLogo", "orderCard"],
                constraints: ["orderCard.leading == safeArea.leading"],
                customViews: #"{"orderCard": {"width": 120}}"#))
        let found = result.diagnostics(.ambiguousLayout)
        #expect(found.count == 1)
        #expect(found.first?.items == ["orderCard"])
        #expect(found.first?.message.contains("vertical") == true)
    }

    @Test("left-right-anchor warns about a constraint on a left anchor")
    func leftRightAnchorWarns() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(constraints: ["googleLogo.left >= safeArea.left"]))
        #expect(result.diagnostics(.leftRightAnchor).map(\.constraint) == ["googleLogo.left >= safeArea.left"])
    }

    @Test("legacy-setting-ignored names the replacement, and settings outside the layout still apply")
    func legacySettingIgnoredNamesTheReplacement() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(settings: #"{"navigationHeaderEnabled": false, "showsTrafficLights": true}"#))
        let found = result.diagnostics(.legacySettingIgnored)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("place turnCard in startGuidance") == true)
        #expect(result.mapFeatures.trafficLights)
    }

    @Test("the compassButton setting is ignored during guidance but governs the compass while navigation is off")
    func compassButtonIsNotIgnoredWhileNavigationIsOff() throws {
        let navigating = LayoutEngine.solve(try guidanceRequest(settings: #"{"compassButton": true}"#))
        #expect(navigating.diagnostics(.legacySettingIgnored).count == 1)
        let off = LayoutEngine.solve(
            try guidanceRequest(
                state:
                    #"{"navigation": "disabled", "camera": {"bearing": 90, "following": false, "userPanned": false, "locationKnown": true}}"#,
                settings: #"{"compassButton": true}"#))
        #expect(off.diagnostics(.legacySettingIgnored).isEmpty)
        // With navigation off the built-in map controls show, and the setting governs the compass.
        #expect(off.frame(of: "compass") != nil)
        #expect(off.mode == .delegate)
    }

    @Test("wide-mode-card-off-leading-edge warns about a card on the trailing edge")
    func wideModeCardOffLeadingEdgeWarns() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(
                constraints: [
                    "turnCard.trailing == safeArea.trailing", "turnCard.top == map.top",
                    "etaCard.leading == safeArea.leading", "etaCard.bottom == map.bottom",
                    "googleLogo.leading == safeArea.leading", "googleLogo.bottom == etaCard.top",
                    "viewport.leading == etaCard.trailing", "viewport.trailing == safeArea.trailing",
                    "viewport.top == safeArea.top", "viewport.bottom == safeArea.bottom",
                ],
                state: #"{"navigation": "guidance", "wideMode": true}"#,
                screen:
                    #"{"width": 852, "height": 393, "safeArea": {"top": 0, "bottom": 21, "left": 59, "right": 59}}"#,
                replaceConstraints: true))
        #expect(result.diagnostics(.wideModeCardOffLeadingEdge).map(\.items) == [["turnCard"]])
    }

    @Test("prompt-overlap warns when the prompt covers the logo and the viewport")
    func promptOverlapWarnsWhenThePromptCoversTheLogo() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(
                prompt: #"{"constraints": ["prompt.bottom == map.bottom", "prompt.leading == safeArea.leading"]}"#,
                state: #"{"navigation": "guidance", "prompt": {"kind": "incident", "height": 200}}"#))
        let covered = result.diagnostics(.promptOverlap).map { $0.items[1] }
        #expect(covered.contains("googleLogo"))
        #expect(covered.contains("viewport"))
    }

    @Test("overlap warns when a card covers the viewport, but not for small buttons")
    func overlapWarnsWhenACardCoversTheViewportButNotForSmallButtons() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(
                views: ["turnCard", "etaCard", "viewport", "googleLogo", "orderCard", "compass"],
                constraints: [
                    "orderCard.centerX == viewport.centerX", "orderCard.centerY == viewport.centerY",
                    "compass.trailing == viewport.trailing", "compass.top == viewport.top",
                ],
                customViews: #"{"orderCard": {"width": 220, "height": 72}}"#))
        let found = result.diagnostics(.overlap)
        #expect(found.map(\.items) == [["orderCard", "viewport"]])
    }

    @Test("layers decide which overlapping view is on top")
    func layersDecideWhichOverlappingViewIsOnTop() throws {
        let request = try EngineFixtures.request(
            json: """
                {"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"},
                 "delegate": {"views": {"banner": {"width": 80, "height": 30}},
                   "ready": {"views": ["googleLogo", "viewport", "banner"], "constraints": [
                   "googleLogo.leading == safeArea.leading", "googleLogo.bottom == safeArea.bottom",
                   "viewport.leading == safeArea.leading", "viewport.trailing == safeArea.trailing",
                   "viewport.top == safeArea.top", "viewport.bottom == googleLogo.top",
                   "banner.leading == googleLogo.leading", "banner.bottom == googleLogo.bottom"]},
                   "layers": ["banner", "googleLogo"]}}
                """)
        let result = LayoutEngine.solve(request)
        #expect(result.diagnostics(.overlap).map(\.items) == [["googleLogo", "banner"]])
        #expect(result.layers.suffix(2) == ["banner", "googleLogo"])
    }

    @Test("offscreen warns for a frame below the map")
    func offscreenWarnsForAFrameBelowTheMap() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(
                views: ["turnCard", "etaCard", "viewport", "googleLogo", "compass"],
                constraints: ["compass.top == map.bottom", "compass.trailing == safeArea.trailing"]))
        #expect(result.diagnostics(.offscreen).map(\.items) == [["compass"]])
    }

    @Test("margins-add-up notes Google views stacked edge to edge, not ones placed by their margins")
    func marginsAddUpWhenStackingGoogleViewsEdgeToEdge() throws {
        let stacked = LayoutEngine.solve(
            try guidanceRequest(
                views: ["turnCard", "etaCard", "viewport", "googleLogo", "speedWidget"],
                constraints: ["speedWidget.bottom == etaCard.top", "speedWidget.trailing == safeArea.trailing"],
                state: #"{"navigation": "guidance", "speedWidget": "speed"}"#))
        #expect(stacked.diagnostics(.marginsAddUp).map(\.items) == [["speedWidget", "etaCard"]])
        let viaMargins = LayoutEngine.solve(
            try guidanceRequest(
                views: ["turnCard", "etaCard", "viewport", "googleLogo", "speedWidget"],
                constraints: [
                    "speedWidget.bottom == etaCard.margins.top", "speedWidget.trailing == safeArea.trailing",
                ],
                state: #"{"navigation": "guidance", "speedWidget": "speed"}"#))
        #expect(viaMargins.diagnostics(.marginsAddUp).isEmpty)
    }

    @Test("viewport-not-below-turn-card is noted without failing the layout")
    func viewportNotBelowTurnCardIsNoted() throws {
        let result = LayoutEngine.solve(
            try guidanceRequest(
                constraints: [
                    "turnCard.leading == safeArea.leading", "turnCard.top == map.top", "etaCard.leading == map.leading",
                    "etaCard.bottom == map.bottom", "googleLogo.leading == safeArea.leading",
                    "googleLogo.bottom == etaCard.top", "viewport.leading == safeArea.leading",
                    "viewport.trailing == safeArea.trailing", "viewport.top >= turnCard.bottom + 10",
                    "viewport.top <= turnCard.bottom + 10", "viewport.bottom == googleLogo.top",
                ], replaceConstraints: true))
        #expect(result.diagnostics(.viewportNotBelowTurnCard).count == 1)
        #expect(result.status == "ok")
    }

    @Test("prompt-corners notes a prompt above other content unless all its corners are rounded")
    func promptCornersNoteWhenThePromptSitsAboveOtherContent() throws {
        let above = LayoutEngine.solve(
            try guidanceRequest(
                constraints: [],
                prompt: #"{"constraints": ["prompt.bottom == etaCard.top", "prompt.leading == safeArea.leading"]}"#,
                state: #"{"navigation": "guidance", "prompt": {"kind": "incident", "height": 40}}"#))
        #expect(above.diagnostics(.promptCorners).count == 1)
        let rounded = LayoutEngine.solve(
            try guidanceRequest(
                prompt:
                    #"{"constraints": ["prompt.bottom == etaCard.top", "prompt.leading == safeArea.leading"], "corners": "all"}"#,
                state: #"{"navigation": "guidance", "prompt": {"kind": "incident", "height": 40}}"#))
        #expect(rounded.diagnostics(.promptCorners).isEmpty)
        #expect(rounded.prompt?.corners == .all)
    }

    @Test("accessory-hidden notes the header accessory hidden on a landscape phone")
    func accessoryHiddenOnALandscapePhone() throws {
        let request = try EngineFixtures.request(
            json: """
                {"screen": {"width": 852, "height": 393, "safeArea": {"top": 0, "bottom": 21, "left": 59, "right": 59}},
                 "state": {"navigation": "guidance"}, "settings": {"headerAccessoryView": {"height": 56}}}
                """)
        let result = LayoutEngine.solve(request)
        #expect(result.diagnostics(.accessoryHidden).count == 1)
        #expect(result.frame(of: "headerAccessory") == nil)
        #expect(result.hiddenReason(of: "headerAccessory") != nil)
        #expect(result.status == "ok")
    }
}
