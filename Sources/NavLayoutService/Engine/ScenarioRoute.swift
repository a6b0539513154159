import HTTPServer
import JSON
import NavigationLayout

/// POST /v1/scenarios: plays the SDK events and answers one layout per step.
enum ScenarioRoute: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        [ServiceRoute(.post, "/v1/scenarios", environment, handler)]
    }

    static let handler: ServiceHandler = { request, _, environment in
        _ = try await environment.authenticator.tenant(of: request)
        let body = try EngineRequestBody.parse(request)
        let scenario: Scenario
        do throws(RequestError) {
            scenario = try Scenario.decode(from: body)
        } catch {
            throw RequestError.httpError(error, detail: "the scenario is not valid")
        }
        let (layouts, metrics) = (environment.layouts, environment.metrics)
        let played = try await environment.solving.solve(detail: "the scenario asks more than a request may") {
            () throws(RequestError) -> [UInt8] in
            JSONWriter().bytes(for: try play(scenario, pipeline: layouts, metrics: metrics))
        }
        return Response.json(played)
    }

    /// Every step's result, with the prompt's slide for the step that shows, hides or changes it. Each
    /// step is held to the pipeline's limits; the first step over one ends the play with its refusal.
    static func play(_ scenario: Scenario, pipeline: LayoutPipeline, metrics: ServiceMetrics?) throws(RequestError)
        -> JSONValue
    {
        // The prompt on screen after the previous step: where a hide or change slides it out from.
        var shownPromptFrame: Frame?
        var refusal: RequestError?
        let steps = scenario.run { (context: ScenarioStepContext) -> JSONValue in
            guard refusal == nil else { return .null }
            let result: LayoutResult
            do throws(RequestError) {
                result = try pipeline.solveOnce(context.request)
            } catch {
                refusal = error
                return .null
            }
            metrics?.recordSolve(duration: .microseconds(result.solveMicros ?? 0))
            let previous = shownPromptFrame
            shownPromptFrame = result.prompt?.frame
            return encode(result, transition: context.promptTransition, previousFrame: previous, context: context)
        }
        if let refusal { throw refusal }
        return Scenario.jsonValue(of: steps) { $0 }
    }

    /// The result's JSON plus `promptTransition`: `{"kind": "show"|"hide"|"change", ...}` with the
    /// animations the delegate runs (the SDK animates nothing itself).
    static func encode(
        _ result: LayoutResult, transition: PromptTransition?, previousFrame: Frame?, context: ScenarioStepContext
    ) -> JSONValue {
        let json = result.jsonValue
        guard let transition, case .object(var object) = json else { return json }
        let duration = context.style[.promptAnimationDuration]
        let mapHeight = context.screen.height
        let outgoing = previousFrame.map { PromptAnimation.hide($0, mapHeight: mapHeight, duration: duration) }
        var description = JSONObject()
        switch transition {
        case .shown(let prompt):
            description["kind"] = "show"
            description["prompt"] = .string(prompt.kind)
            if let incoming = result.prompt?.animation { description["animation"] = incoming.jsonValue }
        case .hidden(let prompt):
            description["kind"] = "hide"
            description["prompt"] = .string(prompt.kind)
            if let outgoing { description["animation"] = outgoing.jsonValue }
        case .changed(let old, let new):
            description["kind"] = "change"
            description["from"] = .string(old.kind)
            description["to"] = .string(new.kind)
            if let outgoing { description["outgoing"] = outgoing.jsonValue }
            if let incoming = result.prompt?.animation { description["incoming"] = incoming.jsonValue }
        }
        object["promptTransition"] = .object(description)
        return .object(object)
    }
}
