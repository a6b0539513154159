import HTTPServer
import JSON
import NavigationLayout

/// POST /v1/convert: built-in settings to an equivalent delegate document, with what replaced each
/// legacy setting. The body is a layout request without a delegate; `screen` and `state` may be left
/// out (the conversion is laid out on them only to report the equivalent frames).
enum ConvertRoute: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        [ServiceRoute(.post, "/v1/convert", environment, handler)]
    }

    /// What an absent `screen` and `state` stand for: an iPhone 15 in portrait during guidance.
    static let defaults: JSONValue = [
        "screen": [
            "width": 393, "height": 852, "safeArea": ["top": 59, "bottom": 34, "left": 0, "right": 0],
        ],
        "state": ["navigation": "guidance"],
    ]

    static let handler: ServiceHandler = { request, _, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let body = try await EngineRequestBody.layoutBody(request, environment: environment)
        let profile = try await environment.profile(for: body, tenantID: key.tenantID)
        let converted: ConversionResult
        do throws(RequestError) {
            converted = try convert(body.document(mergedWith: profile))
        } catch {
            throw RequestError.httpError(error, detail: "the conversion request is not valid")
        }
        return Response.json(JSONWriter().bytes(for: converted.jsonValue))
    }

    /// Decodes `document` over the defaults and converts its settings.
    static func convert(_ document: JSONValue) throws(RequestError) -> ConversionResult {
        let request = try LayoutRequest.decode(from: ProfileMerge.merge(profile: defaults, request: document))
        guard request.delegate == nil else {
            throw RequestError(path: "delegate", message: "conversion takes built-in settings; leave the delegate out")
        }
        return LayoutEngine.convert(
            settings: request.settings, screen: request.screen, state: request.state, style: request.style)
    }
}
