/// One step of a played scenario: what happened and the layout after it.

import JSON

public struct ScenarioStepResult<Layout> {
    public var context: ScenarioStepContext
    /// The layout after the step, as the scenario's layout closure computed it.
    public var layout: Layout

    public init(context: ScenarioStepContext, layout: Layout) {
        self.context = context
        self.layout = layout
    }

    public var index: Int { context.index }
    public var event: ScenarioEvent { context.event }
    public var callbacks: [DelegateCallback] { context.callbacks }
    public var error: ScenarioStepError? { context.error }

    /// The step in the answer of POST /v1/scenarios:
    /// `{"step", "event", "callbacks": [...], "mode", "navigation", "prompt", "screen", "errors": [...],
    /// "layout"}`; `errors` is empty when the step happened.
    public func jsonValue(encodeLayout: (Layout) -> JSONValue) -> JSONValue {
        var object = JSONObject()
        object["step"] = .number(Double(context.index))
        object["event"] = .string(context.event.name.rawValue)
        object["callbacks"] = .array(context.callbacks.map(\.jsonValue))
        object["mode"] = .string(context.delegate == nil ? "builtIn" : "delegate")
        object["navigation"] = .string(context.navigation.rawValue)
        object["prompt"] = context.prompt?.scenarioJSONValue ?? .null
        object["screen"] = context.screen.jsonValue
        object["errors"] = .array(context.error.map { [$0.jsonValue] } ?? [])
        object["layout"] = encodeLayout(layout)
        return .object(object)
    }
}

extension ScenarioStepResult: Sendable where Layout: Sendable {}
extension ScenarioStepResult: Equatable where Layout: Equatable {}
