/// The body of POST /v1/scenarios once read: a map view (screen, settings, style), the delegate
/// document `setLayoutDelegate` installs, and the steps to play.

import JSON

public struct Scenario: Sendable, Equatable {
    /// The map view at the start; `resize` steps change it.
    public var screen: Screen
    public var settings: Settings
    /// What `setLayoutDelegate` sets; nil when the scenario never sets a delegate.
    public var delegate: DelegateDocument?
    public var style: StyleValues
    public var steps: [ScenarioEvent]

    /// More steps than anyone plays by hand; a cap keeps one request's work and response bounded.
    public static let maximumSteps = 1000

    public init(
        screen: Screen, settings: Settings = .defaults, delegate: DelegateDocument? = nil,
        style: StyleValues = .defaults, steps: [ScenarioEvent]
    ) {
        self.screen = screen
        self.settings = settings
        self.delegate = delegate
        self.style = style
        self.steps = steps
    }

    /// Reads a scenario body: parses the JSON, then decodes it with `decode(from: JSONValue)`.
    public static func decode(
        from bytes: [UInt8], limits: JSONParser.Limits = .default
    ) throws(RequestError) -> Scenario {
        try decode(from: RequestDecoder.parse(bytes, limits: limits))
    }

    /// Decodes a parsed scenario body, collecting every problem with its JSON path (as a layout request
    /// does: unknown fields and event names, missing fields, fields an event does not take).
    public static func decode(from value: JSONValue) throws(RequestError) -> Scenario {
        try RequestDecoder.decode(value) { decoder, value in decoder.scenario(value) }
    }

    /// Plays every step, asking `layout` for the layout after each one.
    ///
    /// A refused step (an SDK error, an event out of order) leaves the state as it was, and its result
    /// still carries the layout of that unchanged state, so every step has one. `layout` runs once per
    /// step, in order, on the caller's thread.
    public func run<Layout, Failure: Error>(
        layout: (ScenarioStepContext) throws(Failure) -> Layout
    ) throws(Failure) -> [ScenarioStepResult<Layout>] {
        var lifecycle = DelegateLifecycle(screen: screen)
        var results: [ScenarioStepResult<Layout>] = []
        results.reserveCapacity(steps.count)
        for (index, event) in steps.enumerated() {
            let before = lifecycle
            let transition = lifecycle.apply(event)
            let context = ScenarioStepContext(
                index: index, event: event, callbacks: transition.callbacks, error: transition.error,
                before: before, after: lifecycle, scenario: self)
            let stepLayout = try layout(context)
            results.append(ScenarioStepResult(context: context, layout: stepLayout))
        }
        return results
    }

    /// The JSON answer of POST /v1/scenarios: `{"steps": [...]}` with each step's layout encoded by
    /// `encodeLayout`.
    public static func jsonValue<Layout>(
        of results: [ScenarioStepResult<Layout>], encodeLayout: (Layout) -> JSONValue
    ) -> JSONValue {
        ["steps": .array(results.map { $0.jsonValue(encodeLayout: encodeLayout) })]
    }
}
