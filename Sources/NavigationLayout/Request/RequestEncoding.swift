import Cassowary
import JSON

// The request model written back as JSON, in the field order of the service contract. Decoding what is
// encoded gives back an equal value (the tests and the fuzzer check this), so a generated delegate (the
// built-in layout's conversion) and a stored request both have one canonical JSON form.

extension LayoutRequest {
    public var jsonValue: JSONValue {
        var object = JSONObject()
        if let profileName { object["profile"] = .string(profileName) }
        if let profileVersion { object["profileVersion"] = .number(Double(profileVersion)) }
        object["screen"] = screen.jsonValue
        object["state"] = state.jsonValue
        if !settings.encodedKeys.isEmpty { object["settings"] = settings.jsonValue }
        if let delegate { object["delegate"] = delegate.jsonValue }
        if !style.overriddenKeys.isEmpty { object["style"] = style.overridesJSONValue }
        return .object(object)
    }
}

extension EdgeInsets {
    public var jsonValue: JSONValue {
        ["top": .number(top), "bottom": .number(bottom), "left": .number(left), "right": .number(right)]
    }
}

extension Screen {
    public var jsonValue: JSONValue {
        [
            "width": .number(width), "height": .number(height), "safeArea": safeArea.jsonValue,
            "layoutDirection": .string(layoutDirection.rawValue), "carPlay": .bool(carPlay),
        ]
    }
}

extension NavigationState {
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["navigation"] = .string(navigation.rawValue)
        if let prompt {
            var promptObject = JSONObject()
            promptObject["kind"] = .string(prompt.kind)
            if let height = prompt.height { promptObject["height"] = .number(height) }
            object["prompt"] = .object(promptObject)
        }
        if let wideMode { object["wideMode"] = .bool(wideMode) }
        object["camera"] = [
            "bearing": .number(camera.bearing), "following": .bool(camera.following),
            "userPanned": .bool(camera.userPanned), "locationKnown": .bool(camera.locationKnown),
        ]
        if let speedWidget { object["speedWidget"] = .string(speedWidget.rawValue) }
        return .object(object)
    }
}

extension Settings {
    /// The keys written: those the request provided plus any that differ from the SDK default.
    var encodedKeys: [SettingsKey] {
        SettingsKey.allCases.filter { providedKeys.contains($0) || value(of: $0) != Settings.defaults.value(of: $0) }
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        for key in encodedKeys { object[key.rawValue] = value(of: key) }
        return .object(object)
    }

    /// The JSON value of one setting.
    public func value(of key: SettingsKey) -> JSONValue {
        switch key {
        case .compassButton: return .bool(compassButton)
        case .myLocationButton: return .bool(myLocationButton)
        case .recenterButtonEnabled: return .bool(recenterButtonEnabled)
        case .navigationHeaderEnabled: return .bool(navigationHeaderEnabled)
        case .navigationFooterEnabled: return .bool(navigationFooterEnabled)
        case .navigationTripProgressBarEnabled: return .bool(navigationTripProgressBarEnabled)
        case .navigationReportIncidentButtonEnabled: return .bool(navigationReportIncidentButtonEnabled)
        case .navigationHeaderPrimaryBackgroundColor:
            return navigationHeaderPrimaryBackgroundColor.map { .string($0.description) } ?? .null
        case .navigationHeaderSecondaryBackgroundColor:
            return navigationHeaderSecondaryBackgroundColor.map { .string($0.description) } ?? .null
        case .headerAccessoryView: return headerAccessoryHeight.map { ["height": .number($0)] } ?? .null
        case .shouldDisplaySpeedometer: return .bool(shouldDisplaySpeedometer)
        case .shouldDisplaySpeedLimit: return .bool(shouldDisplaySpeedLimit)
        case .padding: return padding.jsonValue
        case .paddingAdjustmentBehavior: return .string(paddingAdjustmentBehavior.rawValue)
        case .showsTrafficLights: return .bool(showsTrafficLights)
        case .showsStopSigns: return .bool(showsStopSigns)
        case .showsDestinationMarkers: return .bool(showsDestinationMarkers)
        case .scrollGestures: return .bool(scrollGestures)
        case .zoomGestures: return .bool(zoomGestures)
        case .tiltGestures: return .bool(tiltGestures)
        case .rotateGestures: return .bool(rotateGestures)
        case .alternateRoutesStrategy: return .string(alternateRoutesStrategy.rawValue)
        case .shouldDisplayPrompts: return .bool(shouldDisplayPrompts)
        }
    }
}

extension StyleValues {
    /// The overridden values only, in catalog order: the request's `style` object.
    public var overridesJSONValue: JSONValue {
        var object = JSONObject()
        for key in overriddenKeys { object[key.rawValue] = .number(self[key]) }
        return .object(object)
    }
}

extension Priority {
    /// The name when the level has one (required, high, low, fittingSize), else the number.
    var jsonValue: JSONValue {
        switch value {
        case 1000, 750, 250, 50: return .string(description)
        default: return .number(Double(value))
        }
    }
}

extension DelegateDocument {
    public var jsonValue: JSONValue {
        var object = JSONObject()
        if !views.isEmpty {
            var viewsObject = JSONObject()
            for view in views { viewsObject[view.name] = view.jsonValue }
            object["views"] = .object(viewsObject)
        }
        if !guides.isEmpty { object["guides"] = .array(guides.map(JSONValue.string)) }
        if !stacks.isEmpty {
            var stacksObject = JSONObject()
            for stack in stacks { stacksObject[stack.name] = stack.jsonValue }
            object["stacks"] = .object(stacksObject)
        }
        if !shared.isEmpty { object["shared"] = .array(shared.map { .string($0.text) }) }
        if let ready { object["ready"] = ready.jsonValue }
        if let guidance { object["guidance"] = guidance.jsonValue }
        if let prompt { object["prompt"] = prompt.jsonValue }
        if let wide {
            var wideObject = JSONObject()
            if let ready = wide.ready { wideObject["ready"] = ready.jsonValue }
            if let guidance = wide.guidance { wideObject["guidance"] = guidance.jsonValue }
            if let prompt = wide.prompt { wideObject["prompt"] = prompt.jsonValue }
            object["wide"] = .object(wideObject)
        }
        if let layers { object["layers"] = .array(layers.map(JSONValue.string)) }
        if !sourceMap.isEmpty {
            var map = JSONObject()
            for entry in sourceMap { map[entry.path] = .string(entry.location) }
            object["sourceMap"] = .object(map)
        }
        return .object(object)
    }
}

extension CustomView {
    public var jsonValue: JSONValue {
        var object = JSONObject()
        if let intrinsicWidth { object["width"] = .number(intrinsicWidth) }
        if let intrinsicHeight { object["height"] = .number(intrinsicHeight) }
        if hugging != .defaultHugging { object["hugging"] = hugging.jsonValue }
        if compression != .defaultCompression { object["compression"] = compression.jsonValue }
        if let superview { object["superview"] = .string(superview) }
        return .object(object)
    }
}

extension AxisPriorities {
    public var jsonValue: JSONValue {
        ["horizontal": horizontal.jsonValue, "vertical": vertical.jsonValue]
    }
}

extension HidingStack {
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["position"] = .string(position.rawValue)
        object["alignment"] = .string(alignment.rawValue)
        object["arranged"] = .array(arranged.map(JSONValue.string))
        if let spacing { object["spacing"] = .number(spacing) }
        return .object(object)
    }
}

extension StateLayout {
    public var jsonValue: JSONValue {
        ["views": .array(views.map(JSONValue.string)), "constraints": .array(constraints.map { .string($0.text) })]
    }
}

extension PromptLayout {
    public var jsonValue: JSONValue {
        ["constraints": .array(constraints.map { .string($0.text) }), "corners": .string(corners.rawValue)]
    }
}
