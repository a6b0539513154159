import JSON
import NavigationLayout
import Testing

private func randomCase(_ random: inout SeededGenerator) -> (Settings, Screen, NavigationState) {
    var settings = Settings()
    settings.compassButton = Bool.random(using: &random)
    settings.myLocationButton = Bool.random(using: &random)
    settings.recenterButtonEnabled = Bool.random(using: &random)
    settings.navigationHeaderEnabled = Int.random(in: 0..<4, using: &random) != 0
    settings.navigationFooterEnabled = Int.random(in: 0..<4, using: &random) != 0
    settings.navigationTripProgressBarEnabled = Bool.random(using: &random)
    settings.navigationReportIncidentButtonEnabled = Bool.random(using: &random)
    settings.headerAccessoryHeight = Bool.random(using: &random) ? Double(Int.random(in: 24...96, using: &random)) : nil
    settings.shouldDisplaySpeedometer = Bool.random(using: &random)
    settings.shouldDisplaySpeedLimit = Bool.random(using: &random)
    if Bool.random(using: &random) {
        settings.padding = EdgeInsets(
            top: Double(Int.random(in: 0...40, using: &random)), bottom: Double(Int.random(in: 0...60, using: &random)),
            left: Double(Int.random(in: 0...30, using: &random)), right: Double(Int.random(in: 0...30, using: &random)))
    }
    settings.paddingAdjustmentBehavior = PaddingAdjustmentBehavior.allCases.randomElement(using: &random) ?? .always
    settings.shouldDisplayPrompts = Int.random(in: 0..<4, using: &random) != 0
    settings.providedKeys = SettingsKey.allCases.filter { _ in Bool.random(using: &random) }
    let screens = [
        Screen(width: 375, height: 667, safeArea: EdgeInsets(top: 20, bottom: 0, left: 0, right: 0)),
        Screen(width: 393, height: 852, safeArea: EdgeInsets(top: 59, bottom: 34, left: 0, right: 0)),
        Screen(width: 820, height: 1180, safeArea: EdgeInsets(top: 24, bottom: 20, left: 0, right: 0)),
        Screen(width: 852, height: 393, safeArea: EdgeInsets(top: 0, bottom: 21, left: 59, right: 59)),
        Screen(width: 667, height: 375, safeArea: EdgeInsets(top: 0, bottom: 0, left: 0, right: 0)),
    ]
    var screen = screens.randomElement(using: &random) ?? screens[0]
    screen.layoutDirection = Bool.random(using: &random) ? .leftToRight : .rightToLeft
    let navigation = [NavigationMode.ready, .guidance, .guidance].randomElement(using: &random) ?? .guidance
    let camera = Camera(
        bearing: Bool.random(using: &random) ? 0 : 90, following: Bool.random(using: &random),
        userPanned: Int.random(in: 0..<3, using: &random) == 0, locationKnown: true)
    let prompt: Prompt? =
        navigation == .guidance && Bool.random(using: &random)
        ? Prompt(kind: "incident", height: Double(Int.random(in: 60...140, using: &random))) : nil
    return (settings, screen, NavigationState(navigation: navigation, prompt: prompt, camera: camera))
}

@Suite("Converting settings to a delegate")
struct ConversionTests {
    /// Frames keyed the built-in way: the converted delegate's own views carry the built-in names back.
    private func framesByBuiltInName(_ result: LayoutResult, renamed: [(builtIn: String, delegate: String)])
        -> [String: Frame]
    {
        var frames: [String: Frame] = [:]
        for (name, frame) in result.frames {
            frames[renamed.first { $0.delegate == name }?.builtIn ?? name] = frame
        }
        for name in BuiltInLayout.legacyGuides { frames[name] = result.guide(name) }
        return frames
    }

    @Test("converted delegates lay out like the built-in layout for random settings, screens and states")
    func convertedDelegatesLayOutLikeTheBuiltInLayout() throws {
        var random = SeededGenerator(state: 20_261_130)
        for iteration in 0..<300 {
            let (settings, screen, state) = randomCase(&random)
            let builtIn = LayoutEngine.solve(LayoutRequest(screen: screen, state: state, settings: settings))
            let conversion = LayoutEngine.convert(settings: settings, screen: screen, state: state)
            // The converted document is valid request JSON: decode what we encode and solve that.
            let reread = try LayoutRequest.decode(from: JSONWriter().bytes(for: conversion.request.jsonValue))
            let converted = LayoutEngine.solve(reread)
            #expect(converted.mode == .delegate)
            let expected = framesByBuiltInName(builtIn, renamed: conversion.renamed)
            let actual = framesByBuiltInName(converted, renamed: conversion.renamed)
            #expect(actual == expected, "case \(iteration): \(settings) \(screen) \(state)")
            #expect(converted.diagnostics.filter { $0.severity == .error }.isEmpty, "case \(iteration)")
            #expect(converted.diagnostics(.legacySettingIgnored).isEmpty)
            if actual != expected { break }
        }
    }

    @Test("every setting is accounted for, with its replacement")
    func everySettingIsAccountedFor() {
        var settings = Settings()
        settings.headerAccessoryHeight = 56
        settings.myLocationButton = true
        let conversion = LayoutEngine.convert(
            settings: settings, screen: Screen(width: 393, height: 852), state: NavigationState(navigation: .guidance))
        #expect(conversion.replacements.map(\.key) == SettingsKey.allCases)
        let accessory = conversion.replacements.first { $0.key == .headerAccessoryView }
        #expect(accessory?.stillApplies == false)
        #expect(accessory?.replacement.contains("headerAccessoryView") == true)
        #expect(conversion.replacements.first { $0.key == .showsTrafficLights }?.stillApplies == true)
        #expect(conversion.delegate.views.map(\.name) == ["headerAccessoryView", "myLocationButton"])
        let json = JSONWriter().string(for: conversion.jsonValue)
        #expect(json.contains(#""replacements":[{"setting":"compassButton""#))
    }
}
