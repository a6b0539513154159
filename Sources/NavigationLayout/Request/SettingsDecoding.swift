import JSON

extension RequestDecoder {
    /// The `settings` object: every key of `SettingsKey`, typed; unknown keys are errors.
    mutating func settings(_ value: JSONValue, at path: JSONPath) -> Settings? {
        guard let object = object(value, at: path) else { return nil }
        var settings = Settings()
        var provided: [SettingsKey] = []
        for member in object.members {
            let memberKey = member.key
            let memberPath = path.appending(memberKey)
            guard let key = SettingsKey(rawValue: memberKey) else {
                let names = SettingsKey.allCases.map(\.rawValue)
                let legacyHint = member.key.hasPrefix("is") ? "; settings are named without the 'is' prefix" : ""
                report(
                    memberPath,
                    "unknown setting '\(member.key)'\(suggestion(for: member.key, among: names))\(legacyHint)")
                continue
            }
            provided.append(key)
            apply(member.value, to: key, of: &settings, at: memberPath)
        }
        settings.providedKeys = SettingsKey.allCases.filter { provided.contains($0) }
        return settings
    }

    private mutating func apply(
        _ value: JSONValue, to key: SettingsKey, of settings: inout Settings, at path: JSONPath
    ) {
        // null leaves the SDK default (for colours and the accessory view, the default is "none").
        guard !value.isNull else { return }
        func flag(_ decoder: inout RequestDecoder, _ update: (inout Settings, Bool) -> Void) {
            if let flag = decoder.bool(value, at: path) { update(&settings, flag) }
        }
        switch key {
        case .compassButton: flag(&self) { $0.compassButton = $1 }
        case .myLocationButton: flag(&self) { $0.myLocationButton = $1 }
        case .recenterButtonEnabled: flag(&self) { $0.recenterButtonEnabled = $1 }
        case .navigationHeaderEnabled: flag(&self) { $0.navigationHeaderEnabled = $1 }
        case .navigationFooterEnabled: flag(&self) { $0.navigationFooterEnabled = $1 }
        case .navigationTripProgressBarEnabled: flag(&self) { $0.navigationTripProgressBarEnabled = $1 }
        case .navigationReportIncidentButtonEnabled: flag(&self) { $0.navigationReportIncidentButtonEnabled = $1 }
        case .shouldDisplaySpeedometer: flag(&self) { $0.shouldDisplaySpeedometer = $1 }
        case .shouldDisplaySpeedLimit: flag(&self) { $0.shouldDisplaySpeedLimit = $1 }
        case .showsTrafficLights: flag(&self) { $0.showsTrafficLights = $1 }
        case .showsStopSigns: flag(&self) { $0.showsStopSigns = $1 }
        case .showsDestinationMarkers: flag(&self) { $0.showsDestinationMarkers = $1 }
        case .scrollGestures: flag(&self) { $0.scrollGestures = $1 }
        case .zoomGestures: flag(&self) { $0.zoomGestures = $1 }
        case .tiltGestures: flag(&self) { $0.tiltGestures = $1 }
        case .rotateGestures: flag(&self) { $0.rotateGestures = $1 }
        case .shouldDisplayPrompts: flag(&self) { $0.shouldDisplayPrompts = $1 }
        case .navigationHeaderPrimaryBackgroundColor:
            settings.navigationHeaderPrimaryBackgroundColor = color(value, at: path)
        case .navigationHeaderSecondaryBackgroundColor:
            settings.navigationHeaderSecondaryBackgroundColor = color(value, at: path)
        case .headerAccessoryView:
            guard let object = object(value, at: path) else { return }
            rejectUnknownMembers(of: object, at: path, allowed: ["height"])
            settings.headerAccessoryHeight = required(object, "height", at: path).flatMap {
                number($0, at: path.appending(field: "height"), .length)
            }
        case .padding:
            if let insets = insets(value, at: path) { settings.padding = insets }
        case .paddingAdjustmentBehavior:
            if let behavior = choice(value, at: path, as: PaddingAdjustmentBehavior.self) {
                settings.paddingAdjustmentBehavior = behavior
            }
        case .alternateRoutesStrategy:
            if let strategy = choice(value, at: path, as: AlternateRoutesStrategy.self) {
                settings.alternateRoutesStrategy = strategy
            }
        }
    }

    private mutating func color(_ value: JSONValue, at path: JSONPath) -> RGBColor? {
        guard let text = string(value, at: path) else { return nil }
        guard let color = RGBColor(hex: text) else {
            report(path, "'\(text)' is not a colour: write \"#RRGGBB\" in hexadecimal")
            return nil
        }
        return color
    }
}
