// Reading POST /v1/scenarios bodies with the request decoder's conventions: every problem collected with
// its JSON path, unknown fields and names rejected with a suggestion, null counted as absent.

import JSON

extension RequestDecoder {
    static let scenarioFields = ["screen", "settings", "delegate", "style", "steps"]
    static let stepFields = ["event", "prompt", "screen"]

    mutating func scenario(_ value: JSONValue) -> Scenario? {
        let path = JSONPath.root
        guard case .object(let body) = value else {
            report(path, "expected the scenario to be an object, found \(value.typeDescription)")
            return nil
        }
        rejectUnknownMembers(of: body, at: path, allowed: Self.scenarioFields)
        let style = present(body, "style").flatMap { self.style($0, at: path.appending(field: "style")) } ?? .defaults
        let screen = required(body, "screen", at: path).flatMap { self.screen($0, at: path.appending(field: "screen")) }
        let settings =
            present(body, "settings").flatMap { self.settings($0, at: path.appending(field: "settings")) } ?? .defaults
        let delegate = present(body, "delegate").flatMap {
            self.delegateDocument($0, at: path.appending(field: "delegate"))
        }
        let hasDelegateDocument = present(body, "delegate") != nil
        var steps: [ScenarioEvent] = []
        if let value = required(body, "steps", at: path) {
            steps =
                self.steps(
                    value, at: path.appending(field: "steps"), startScreen: screen,
                    hasDelegateDocument: hasDelegateDocument)
                ?? []
        }
        guard let screen else { return nil }
        return Scenario(screen: screen, settings: settings, delegate: delegate, style: style, steps: steps)
    }

    private mutating func steps(
        _ value: JSONValue, at path: JSONPath, startScreen: Screen?, hasDelegateDocument: Bool
    ) -> [ScenarioEvent]? {
        guard case .array(let elements) = value else {
            report(path, "expected an array of steps, found \(value.typeDescription)")
            return nil
        }
        if elements.isEmpty { report(path, "a scenario needs at least one step") }
        if elements.count > Scenario.maximumSteps {
            report(path, "\(elements.count) steps; a scenario holds at most \(Scenario.maximumSteps)")
            return nil
        }
        var events: [ScenarioEvent] = []
        for (index, element) in elements.enumerated() {
            let stepPath = path.appending(index)
            if let event = step(
                element, at: stepPath, startScreen: startScreen, hasDelegateDocument: hasDelegateDocument)
            {
                events.append(event)
            }
        }
        return events
    }

    private mutating func step(
        _ value: JSONValue, at path: JSONPath, startScreen: Screen?, hasDelegateDocument: Bool
    ) -> ScenarioEvent? {
        guard let object = object(value, at: path) else { return nil }
        rejectUnknownMembers(of: object, at: path, allowed: Self.stepFields)
        guard
            let name = required(object, "event", at: path).flatMap({
                choice($0, at: path.appending(field: "event"), as: ScenarioEventName.self)
            })
        else { return nil }
        // A field the event does not take is a mistake (a prompt on hidePrompt, a screen on showPrompt):
        // reporting it beats ignoring what the author thought would happen.
        if !name.takesPrompt, present(object, "prompt") != nil {
            report(
                path.appending(field: "prompt"),
                "'\(name.rawValue)' takes no prompt; only showPrompt and changePrompt do")
        }
        if !name.takesScreen, present(object, "screen") != nil {
            report(path.appending(field: "screen"), "'\(name.rawValue)' takes no screen; only resize does")
        }
        switch name {
        case .setLayoutDelegate:
            if !hasDelegateDocument {
                report(
                    path.appending(field: "event"),
                    "setLayoutDelegate sets the scenario's 'delegate' document, and the scenario has none")
            }
            return .setLayoutDelegate
        case .removeLayoutDelegate: return .removeLayoutDelegate
        case .enableNavigation: return .enableNavigation
        case .startGuidance: return .startGuidance
        case .hidePrompt: return .hidePrompt
        case .stopGuidance: return .stopGuidance
        case .disableNavigation: return .disableNavigation
        case .showPrompt, .changePrompt:
            guard
                let prompt = required(object, "prompt", at: path).flatMap({
                    self.prompt($0, at: path.appending(field: "prompt"))
                })
            else { return nil }
            return name == .showPrompt ? .showPrompt(prompt) : .changePrompt(prompt)
        case .resize:
            guard let screenValue = required(object, "screen", at: path),
                let screen = self.screen(screenValue, at: path.appending(field: "screen"))
            else { return nil }
            // A resize changes the size and the safe area (absent: none). The writing direction and
            // CarPlay stay what they were at the start unless given: a map view does not move between the
            // phone and CarPlay (that is another map view, hence another scenario).
            var resized = screen
            let startsOnCarPlay = startScreen?.carPlay ?? false
            let screenObject = screenValue.objectMembers
            if screenObject.flatMap({ present($0, "layoutDirection") }) == nil, let startScreen {
                resized.layoutDirection = startScreen.layoutDirection
            }
            if screenObject.flatMap({ present($0, "carPlay") }) != nil {
                if screen.carPlay != startsOnCarPlay {
                    report(
                        path.appending(field: "screen").appending(field: "carPlay"),
                        "a resize cannot move the map view \(startsOnCarPlay ? "off" : "onto") CarPlay; start another scenario"
                    )
                }
            } else {
                resized.carPlay = startsOnCarPlay
            }
            return .resize(resized)
        }
    }
}

extension JSONValue {
    /// The object's members, nil for any other value.
    fileprivate var objectMembers: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}
