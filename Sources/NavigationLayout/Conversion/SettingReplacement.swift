/// What took the place of one legacy setting in a converted delegate.

import JSON

public struct SettingReplacement: Sendable, Equatable {
    public var key: SettingsKey
    /// The setting's value in the converted settings.
    public var value: JSONValue
    /// How the delegate document reproduces it (or why it stays a setting).
    public var replacement: String
    /// Whether the setting still has its effect with a delegate set (non-layout flags, speed widget
    /// state, re-center, header colours); false for the legacy layout APIs the document replaces.
    public var stillApplies: Bool

    public init(key: SettingsKey, value: JSONValue, replacement: String, stillApplies: Bool) {
        self.key = key
        self.value = value
        self.replacement = replacement
        self.stillApplies = stillApplies
    }

    public var jsonValue: JSONValue {
        [
            "setting": .string(key.rawValue), "value": value, "replacement": .string(replacement),
            "stillApplies": .bool(stillApplies),
        ]
    }
}
