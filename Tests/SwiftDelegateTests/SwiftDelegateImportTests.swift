import JSON
import SwiftDelegate
import Testing

/// The interpreter, construct by construct: each test runs a small delegate and reads the document.
@Suite("Importing a Swift delegate")
struct SwiftDelegateImportTests {
    /// A delegate whose startGuidance runs `body` (with `navMap`, `newState` and the SDK's names).
    static func guidanceDelegate(_ body: String, members: String = "") -> String {
        """
        import GoogleNavigation
        import UIKit

        final class Layout: NSObject, NavigationLayoutDelegate {
        \(members)
          func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) {
            let turnCard = newState.turnCard
            let viewport = newState.viewport
            navMap.addSubview(turnCard)
            navMap.addSubview(viewport)
        \(body)
          }
        }
        """
    }

    static func document(_ source: String) throws -> JSONObject {
        let imported = try SwiftDelegateImport.run(Array(source.utf8), path: "Layout.swift")
        guard case .object(let object) = try JSONParser().parse(imported.delegateJSON) else {
            throw SwiftImportError([])
        }
        return object
    }

    static func constraints(_ object: JSONObject, _ state: String = "guidance") -> [String] {
        guard case .object(let layout)? = object[state], case .array(let list)? = layout["constraints"] else {
            return []
        }
        return list.compactMap(\.stringValue)
    }

    /// Each body, run in startGuidance, must get an error that starts with its expected text.
    static func expectRefusals(
        _ cases: [(body: String, expected: String)], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (body, expected) in cases {
            let errors = errors(guidanceDelegate(body))
            #expect(errors.contains { $0.hasPrefix(expected) }, "\(body): \(errors)", sourceLocation: sourceLocation)
        }
    }

    static func errors(_ source: String) -> [String] {
        do {
            _ = try SwiftDelegateImport.run(Array(source.utf8), path: "Layout.swift")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test("the documentation's sample: shared constraints, one stack for both states, and the prompt at rest")
    func documentationSample() throws {
        let imported = try SwiftDelegateImport.run(
            try Fixtures.bytes("BasicLayoutDelegate.swift"), path: "BasicLayoutDelegate.swift")
        guard case .object(let document) = try JSONParser().parse(imported.delegateJSON) else {
            Issue.record("not an object")
            return
        }
        #expect(
            document["shared"]
                == ["mapContentsBottomGuide.height == 0", "mapContentsBottomGuide.bottom == safeArea.bottom @low"])
        #expect(document["guides"] == ["mapContentsBottomGuide"])
        #expect(
            document["stacks"]
                == [
                    "buttonStack": [
                        "position": "bottom", "alignment": "trailing", "arranged": ["compass", "reporting"],
                    ]
                ])
        // The prompt's bottom constant starts at the prompt's height and rests at 0 in UIView.animate.
        #expect(
            Self.constraints(document, "prompt")
                == [
                    "prompt.bottom == map.bottom", "prompt.leading == safeArea.leading",
                    "mapContentsBottomGuide.bottom <= prompt.top",
                ])
        guard case .object(let sourceMap)? = document["sourceMap"] else {
            Issue.record("no source map")
            return
        }
        #expect(sourceMap["shared[0]"] == "BasicLayoutDelegate.swift:76:7")
        #expect(sourceMap["guidance.constraints[0]"] == "BasicLayoutDelegate.swift:133:7")
        #expect(sourceMap["prompt.constraints[0]"] == "BasicLayoutDelegate.swift:174:28")
        #expect(sourceMap["guides[0]"] == "BasicLayoutDelegate.swift:59:40")
        #expect(imported.warnings.isEmpty)
        let report = String(decoding: imported.reportJSON(pretty: false), as: UTF8.self)
        #expect(report.hasPrefix(#"{"className":"BasicLayoutDelegate","delegate":{"#))
    }

    @Test("every priority spelling")
    func prioritySpellings() throws {
        let document = try Self.document(
            Self.guidanceDelegate(
                """
                    let a = turnCard.topAnchor.constraint(equalTo: navMap.topAnchor)
                    a.priority = .required
                    let b = turnCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor)
                    b.priority = .defaultHigh
                    let c = viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor)
                    c.priority = UILayoutPriority.defaultLow
                    let d = viewport.bottomAnchor.constraint(equalTo: navMap.bottomAnchor)
                    d.priority = .fittingSizeLevel
                    let e = viewport.leadingAnchor.constraint(equalTo: navMap.leadingAnchor)
                    e.priority = UILayoutPriority(999)
                    let f = viewport.trailingAnchor.constraint(equalTo: navMap.trailingAnchor)
                    f.priority = UILayoutPriority(rawValue: 750)
                    let g = turnCard.trailingAnchor.constraint(lessThanOrEqualTo: navMap.trailingAnchor)
                    g.priority = .defaultHigh + 1
                    let h = viewport.widthAnchor.constraint(greaterThanOrEqualToConstant: 100)
                    h.priority = .defaultLow - 1
                    NSLayoutConstraint.activate([a, b, c, d, e, f, g, h])
                """))
        #expect(
            Self.constraints(document) == [
                "turnCard.top == map.top", "turnCard.leading == map.leading @high",
                "viewport.top == turnCard.bottom @low",
                "viewport.bottom == map.bottom @fittingSize", "viewport.leading == map.leading @999",
                "viewport.trailing == map.trailing @high", "turnCard.trailing <= map.trailing @751",
                "viewport.width >= 100 @249",
            ])
    }

    @Test("constants: style values kept, arithmetic folded with a warning, multipliers and the item form")
    func constants() throws {
        let source = Self.guidanceDelegate(
            """
                NSLayoutConstraint.activate([
                  turnCard.topAnchor.constraint(equalTo: navMap.topAnchor, constant: NavigationStyleValues.headerTopPadding),
                  turnCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor, constant: 2 * (3 + 1)),
                  viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor, constant: NavigationStyleValues.headerTopPadding + 8),
                  viewport.widthAnchor.constraint(equalTo: navMap.widthAnchor, multiplier: 1.0 / 2),
                  NSLayoutConstraint(item: viewport, attribute: .bottom, relatedBy: .lessThanOrEqual, toItem: navMap, attribute: .bottom, multiplier: 1, constant: -10),
                  viewport.heightAnchor.constraint(greaterThanOrEqualToConstant: true ? 40 : 80),
                ])
            """)
        let imported = try SwiftDelegateImport.run(Array(source.utf8), path: "Layout.swift")
        let document = try Self.document(source)
        let constraints = Self.constraints(document)
        #expect(constraints.count == 6)
        #expect(constraints.first == "turnCard.top == map.top + style.headerTopPadding")
        #expect(constraints.dropFirst().first == "turnCard.leading == map.leading + 8")
        #expect(constraints.dropFirst(2).first?.hasPrefix("viewport.top == turnCard.bottom + ") == true)
        #expect(constraints.dropFirst(3).first == "viewport.width == map.width * 0.5")
        #expect(constraints.dropFirst(4).first == "viewport.bottom <= map.bottom - 10")
        #expect(constraints.last == "viewport.height >= 40")
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.position.line == 14)
        #expect(imported.warnings.first?.message.contains("folded") == true)
    }

    @Test("removeFromSuperview takes a view's constraints with it; a view added again moves to the front")
    func removeFromSuperview() throws {
        let document = try Self.document(
            Self.guidanceDelegate(
                """
                    let badge = UIView()
                    navMap.addSubview(badge)
                    badge.topAnchor.constraint(equalTo: turnCard.bottomAnchor).isActive = true
                    badge.removeFromSuperview()
                    viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor).isActive = true
                    navMap.addSubview(turnCard)
                """))
        #expect(Self.constraints(document) == ["viewport.top == turnCard.bottom"])
        guard case .object(let guidance)? = document["guidance"] else { return }
        #expect(guidance["views"] == ["viewport", "turnCard"])
        #expect(document["views"] == nil)
    }

    @Test("app views inside app views keep their superview; a property's name names the view")
    func nestedViews() throws {
        let document = try Self.document(
            Self.guidanceDelegate(
                """
                    navMap.addSubview(card)
                    card.addSubview(icon)
                    NSLayoutConstraint.activate([
                      card.topAnchor.constraint(equalTo: turnCard.bottomAnchor),
                      icon.centerYAnchor.constraint(equalTo: card.centerYAnchor),
                    ])
                """, members: "  private let card = UIView()\n  private let icon = UIImageView()\n"))
        #expect(document["views"] == ["card": [:], "icon": ["superview": "card"]])
        guard case .object(let guidance)? = document["guidance"] else { return }
        #expect(guidance["views"] == ["turnCard", "viewport", "card", "icon"])
    }

    @Test("a file that reads wideMode gets a wide variant where its layout differs")
    func wideMode() throws {
        let document = try Self.document(
            Self.guidanceDelegate(
                """
                    let top = newState.wideMode ? navMap.safeAreaLayoutGuide.topAnchor : turnCard.bottomAnchor
                    viewport.topAnchor.constraint(equalTo: top).isActive = true
                """))
        #expect(Self.constraints(document) == ["viewport.top == turnCard.bottom"])
        guard case .object(let wide)? = document["wide"] else {
            Issue.record("no wide variant")
            return
        }
        #expect(Self.constraints(wide) == ["viewport.top == safeArea.top"])
    }

    @Test("code the interpreter refuses is an error at its line, naming what to write instead")
    func refusals() {
        let cases: [(body: String, expected: String)] = [
            (
                "    DispatchQueue.main.async { viewport.removeFromSuperview() }",
                "Layout.swift:11:5: error: work dispatched to run later"
            ),
            ("    defer { }", "Layout.swift:11:5: error: `defer { }` is not read"),
            ("    let stack = UIStackView()", "Layout.swift:11:17: error: UIStackView is not read"),
            ("    _ = newState.buttons.count", "Layout.swift:11:9: error: reading count of newState.buttons"),
            (
                "    turnCard.heightAnchor.constraint(equalToConstant: navMap.frame.height).isActive = true",
                "Layout.swift:11:55: error: the constraint made at 11:5"
            ),
            (
                "    if navMap.bounds.width > 600 { }",
                "Layout.swift:11:8: error: a condition depends on `navMap.bounds`"
            ),
            (
                "    turnCard.firstBaselineAnchor.constraint(equalTo: navMap.topAnchor).isActive = true",
                "Layout.swift:11:5: error: baseline anchors are not modelled"
            ),
            (
                "    let x = turnCard.topAnchor.constraint(equalTo: navMap.topAnchor)\n    x.priority = UILayoutPriority(999.5)\n    x.isActive = true",
                "Layout.swift:11:13: error: priority 999.5 is not a whole number"
            ),
            (
                "    var a = [1]\n" + String(repeating: "    a = a + a\n", count: 40),
                "Layout.swift:25:9: error: this value grows past 10000 elements"
            ),
            (
                "    var s = \"ab\"\n" + String(repeating: "    s += s\n", count: 40),
                "Layout.swift:24:5: error: this value grows past 10000 elements"
            ),
        ]
        Self.expectRefusals(cases)
    }

    @Test("showPrompt may only add to the guidance layout")
    func promptOnlyAdds() {
        let source = """
            final class Layout: NSObject, NavigationLayoutDelegate {
              var top: NSLayoutConstraint?
              func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) {
                navMap.addSubview(newState.viewport)
                top = newState.viewport.topAnchor.constraint(equalTo: navMap.topAnchor)
                top?.isActive = true
              }
              func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
                top?.isActive = false
              }
            }
            """
        #expect(
            Self.errors(source).first?.hasPrefix(
                "Layout.swift:8:3: error: showPrompt deactivates the constraint made at 5:11") == true,
            "\(Self.errors(source))")
    }

    @Test("a stack whose arranged views change between states is refused at the stack")
    func stackChangesBetweenStates() {
        let source = """
            final class Layout: NSObject, NavigationLayoutDelegate {
              let stack = GMSNavigationHidingStackView(position: .top, alignment: .leading)
              let extra = UIView()
              func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
                navMap.addSubview(stack)
                stack.addArrangedSubview(extra)
              }
              func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) {
                stack.arrangedSubviews = []
              }
            }
            """
        #expect(
            Self.errors(source).first?.hasPrefix("Layout.swift:2:15: error: this stack's arranged subviews change")
                == true)
    }
}

extension SwiftDelegateImportTests {
    @Test("a constraint whose constant a later callback changes keeps, in each state, the constant it had then")
    func constantChangedByALaterCallback() throws {
        let source = """
            final class Layout: NSObject, NavigationLayoutDelegate {
              var top: NSLayoutConstraint?
              func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
                navMap.addSubview(newState.viewport)
                let constraint = newState.viewport.topAnchor.constraint(equalTo: navMap.topAnchor)
                constraint.isActive = true
                top = constraint
              }
              func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) {
                top?.constant = 50
                top?.priority = .defaultHigh
              }
            }
            """
        let document = try Self.document(source)
        #expect(Self.constraints(document, "ready") == ["viewport.top == map.top"])
        #expect(Self.constraints(document, "guidance") == ["viewport.top == map.top + 50 @high"])
        #expect(document["shared"] == nil)
    }
}

/// The callbacks that end a layout run after the others: hidePrompt must give back the guidance layout
/// and stopGuidance the ready one, or the layout that follows is not the one the document describes.
@Suite("Callbacks that end a layout")
struct EndingCallbackTests {
    /// A delegate with a ready layout (lines 5 to 10), a guidance layout (11 to 17), a prompt (18 to
    /// 23), the given hidePrompt and stopGuidance bodies (from line 24 on), and disableNavigationUI
    /// with the given body, if any, after them.
    static func delegate(hidePrompt: String, stopGuidance: String, disableNavigationUI: String? = nil) -> String {
        let disable = disableNavigationUI.map {
            "  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {\n\($0)\n  }\n"
        }
        return """
            final class Layout: NSObject, NavigationLayoutDelegate {
              var ready: [NSLayoutConstraint] = []
              var guidance: [NSLayoutConstraint] = []
              var prompt: [NSLayoutConstraint] = []
              func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
                navMap.addSubview(newState.viewport)
                navMap.addSubview(newState.googleLogo)
                ready = [newState.viewport.topAnchor.constraint(equalTo: navMap.topAnchor)]
                NSLayoutConstraint.activate(ready)
              }
              func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) {
                NSLayoutConstraint.deactivate(ready)
                navMap.addSubview(newState.turnCard)
                guidance = [newState.turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
                            newState.viewport.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor)]
                NSLayoutConstraint.activate(guidance)
              }
              func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
                navMap.addSubview(newPrompt)
                prompt = [newPrompt.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
                          newPrompt.leadingAnchor.constraint(equalTo: navMap.leadingAnchor)]
                NSLayoutConstraint.activate(prompt)
              }
              func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
            \(hidePrompt)
              }
              func stopGuidance(navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) {
            \(stopGuidance)
              }
            \(disable ?? "")}
            """
    }

    static let goodHide = "    oldPrompt.removeFromSuperview()"
    static let goodStop = """
            NSLayoutConstraint.deactivate(guidance)
            oldState.turnCard.removeFromSuperview()
            NSLayoutConstraint.activate(ready)
        """

    static func warnings(_ source: String) throws -> [String] {
        try SwiftDelegateImport.run(Array(source.utf8), path: "Layout.swift").warnings.map(\.description)
    }

    @Test("callbacks that give back the layouts they end leave no warning")
    func balancedCallbacks() throws {
        #expect(try Self.warnings(Self.delegate(hidePrompt: Self.goodHide, stopGuidance: Self.goodStop)) == [])
    }

    @Test("a prompt left in the map, with its constraints, is a warning at each")
    func promptLeftBehind() throws {
        let source = Self.delegate(hidePrompt: "    _ = oldPrompt", stopGuidance: Self.goodStop)
        #expect(
            try Self.warnings(source) == [
                "Layout.swift:20:15: warning: this constraint is still active after hidePrompt, so the guidance layout after a prompt keeps it: deactivate it in hidePrompt",
                "Layout.swift:21:15: warning: this constraint is still active after hidePrompt, so the guidance layout after a prompt keeps it: deactivate it in hidePrompt",
                "Layout.swift:24:3: warning: 'prompt' is still in the map view after hidePrompt, so the guidance layout after a prompt shows it: remove it there",
            ])
    }

    @Test("guidance left in place and ready not restored are warnings at the constraints and the callback")
    func readyNotRestored() throws {
        let source = Self.delegate(
            hidePrompt: Self.goodHide, stopGuidance: "    NSLayoutConstraint.deactivate(guidance)")
        #expect(
            try Self.warnings(source) == [
                "Layout.swift:8:14: warning: stopGuidance does not activate this constraint again, so the ready layout after guidance lacks it",
                "Layout.swift:27:3: warning: 'turnCard' is still in the map view after stopGuidance, so the ready layout after guidance shows it: remove it there",
            ])
    }

    @Test("a view of the ready layout that stopGuidance does not add back is a warning at the callback")
    func viewNotAddedBack() throws {
        let stop = """
                NSLayoutConstraint.deactivate(guidance)
                oldState.turnCard.removeFromSuperview()
                oldState.googleLogo.removeFromSuperview()
                NSLayoutConstraint.activate(ready)
            """
        #expect(
            try Self.warnings(Self.delegate(hidePrompt: Self.goodHide, stopGuidance: stop)) == [
                "Layout.swift:27:3: warning: stopGuidance does not add 'googleLogo' back, so the ready layout after guidance lacks it"
            ])
    }

    @Test("disableNavigationUI that takes away what the delegate added leaves no warning")
    func cleanDisable() throws {
        let disable = """
                NSLayoutConstraint.deactivate(ready)
                oldState.viewport.removeFromSuperview()
                oldState.googleLogo.removeFromSuperview()
            """
        let source = Self.delegate(hidePrompt: Self.goodHide, stopGuidance: Self.goodStop, disableNavigationUI: disable)
        #expect(try Self.warnings(source) == [])
    }

    @Test(
        "a view and a constraint disableNavigationUI leaves behind are warnings (seed 000: clean up when leaving a state)"
    )
    func disableLeavesViews() throws {
        let source = Self.delegate(
            hidePrompt: Self.goodHide, stopGuidance: Self.goodStop,
            disableNavigationUI: "    oldState.googleLogo.removeFromSuperview()")
        #expect(
            try Self.warnings(source) == [
                "Layout.swift:8:14: warning: this constraint is still active after disableNavigationUI, so the map after navigation ends keeps it: deactivate it in disableNavigationUI",
                "Layout.swift:32:3: warning: 'viewport' is still in the map view after disableNavigationUI, so the map after navigation ends shows it: remove it there",
            ])
    }

    @Test("constraints made anew by the same code count as the same")
    func remadeConstraints() throws {
        let stop = """
                NSLayoutConstraint.deactivate(guidance)
                oldState.turnCard.removeFromSuperview()
                enableNavigationUI(navMap: navMap, newState: newState)
            """
        #expect(try Self.warnings(Self.delegate(hidePrompt: Self.goodHide, stopGuidance: stop)) == [])
    }

    @Test("an ending callback the interpreter cannot read is a warning that it is not checked, not an error")
    func unreadableEnding() throws {
        let source = Self.delegate(hidePrompt: "    DispatchQueue.main.async {}", stopGuidance: Self.goodStop)
        let warnings = try Self.warnings(source)
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasPrefix(
                "Layout.swift:25:5: warning: hidePrompt is not checked against the layout it gives back: ") == true)
    }
}
