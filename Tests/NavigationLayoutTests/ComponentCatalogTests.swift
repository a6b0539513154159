import Testing

@testable import NavigationLayout

@Suite("Component catalog")
struct ComponentCatalogTests {
    @Test("every component is found by its name, and only by it", arguments: BuiltInItem.allCases)
    func componentsAreFoundByName(item: BuiltInItem) {
        let name = item.rawValue
        #expect(BuiltInItem(rawValue: name) == item)
        // Same length and first letter, one byte off; a prefix; an extension; another case.
        let changedLast = String(name.dropLast()) + (name.hasSuffix("x") ? "y" : "x")
        for wrong in [changedLast, String(name.dropLast()), name + "s", name.uppercased()] {
            #expect(BuiltInItem(rawValue: wrong) == nil, "\(wrong)")
        }
    }

    @Test("names that are no component are not found", arguments: ["", "m", "style", "contentBottom", "mapp"])
    func otherNamesAreNotComponents(name: String) {
        #expect(BuiltInItem(rawValue: name) == nil)
    }

    @Test(
        "each component is handed over in the states the SDK documents",
        arguments: [
            (BuiltInItem.turnCard, [NavigationMode.guidance]), (.etaCard, [.guidance]), (.tripProgressBar, [.guidance]),
            (.speedWidget, [.guidance]), (.reporting, [.guidance]), (.compass, [.ready, .guidance]),
            (.googleLogo, [.disabled, .ready, .guidance]), (.viewport, [.disabled, .ready, .guidance]),
            (.prompt, [.guidance]), (.map, [.disabled, .ready, .guidance]),
            (.safeArea, [.disabled, .ready, .guidance]),
            (.headerAccessory, [.guidance]), (.recenter, [.ready, .guidance]),
            (.myLocation, [.disabled, .ready, .guidance]),
        ])
    func availability(item: BuiltInItem, states: [NavigationMode]) {
        #expect(item.availableStates == states)
    }

    @Test("a prompt is available only while one is shown")
    func promptNeedsAShownPrompt() {
        #expect(BuiltInItem.prompt.isAvailable(in: .guidance, promptShown: true))
        #expect(!BuiltInItem.prompt.isAvailable(in: .guidance, promptShown: false))
        #expect(BuiltInItem.turnCard.isAvailable(in: .guidance, promptShown: false))
    }

    @Test("guides have no layout margins; every view does")
    func layoutMargins() {
        for item in BuiltInItem.allCases {
            #expect(item.hasLayoutMargins == !(item == .safeArea || item == .viewport), "\(item)")
        }
    }

    @Test("the SDK sizes exactly the components rule 2 names")
    func sizedBySDK() {
        #expect(
            BuiltInItem.allCases.filter(\.isSizedBySDK) == [.turnCard, .etaCard, .speedWidget, .googleLogo, .prompt])
    }

    @Test("only the logo and the viewport are required in every delegate layout")
    func requiredItems() {
        #expect(BuiltInItem.allCases.filter(\.isRequiredInDelegateLayouts) == [.googleLogo, .viewport])
    }

    @Test("built-in-only items are never handed to a delegate")
    func builtInOnly() {
        #expect(BuiltInItem.allCases.filter { !$0.isHandedToDelegates } == [.myLocation, .recenter, .headerAccessory])
    }

    @Test("Google views carry the built-in margins; the map, guides and app views do not")
    func googleViews() {
        #expect(
            BuiltInItem.allCases.filter(\.isGoogleView) == [
                .turnCard, .etaCard, .tripProgressBar, .speedWidget, .googleLogo, .prompt, .compass, .reporting,
                .myLocation, .recenter,
            ])
    }
}
