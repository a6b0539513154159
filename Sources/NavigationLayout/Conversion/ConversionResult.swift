/// Legacy settings turned into an equivalent layout delegate, with an account of every setting.

import JSON

public struct ConversionResult: Sendable {
    /// The delegate document (api.md delegate format).
    public var delegate: DelegateDocument
    /// Per settings key, in api.md order: what replaced it.
    public var replacements: [SettingReplacement]
    /// Built-in-only items the delegate places as its own views: (built-in name, delegate view name).
    public var renamed: [(builtIn: String, delegate: String)]
    /// A request that solves the converted delegate on the same screen and state: the settings keep only
    /// the keys that still apply with a delegate.
    public var request: LayoutRequest

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["delegate"] = delegate.jsonValue
        object["replacements"] = .array(replacements.map(\.jsonValue))
        object["renamed"] = .object(JSONObject(renamed.map { ($0.builtIn, JSONValue.string($0.delegate)) }))
        object["request"] = request.jsonValue
        return .object(object)
    }
}
