import Foundation
import Testing

/// Every error path of the layout routes answers problem details, with the JSON path (and the
/// position inside a constraint or the document) of what is wrong.
@Suite("Layout routes: error paths")
struct LayoutErrorApiTests {
    static let screen = #""screen":{"width":393,"height":852},"state":{"navigation":"guidance"}"#

    @Test(
        "a request that cannot be read is a 422 naming the path and the position",
        arguments: [
            ("/v1/layouts", #"{"screen": {"width": 393,}"#, "$", "line 1"),
            (
                "/v1/layouts", #"{\#(screen),"settings":{"compasButton":true}}"#, "settings.compasButton",
                "compassButton"
            ),
            (
                "/v1/layouts",
                #"{\#(screen),"delegate":{"guidance":{"views":["viewport"],"constraints":["viewport.top == safeArea.left"]}}}"#,
                "delegate.guidance.constraints[0]", "column"
            ),
            ("/v1/layouts", #"{"state":{"navigation":"guidance"}}"#, "screen", "missing"),
            (
                "/v1/layouts/svg", #"{"screen":{"width":-1,"height":852},"state":{"navigation":"ready"}}"#,
                "screen.width", "> 0"
            ),
            ("/v1/layouts/matrix", #"{"matrix":{"states":["flying"]}}"#, "matrix.states[0]", "flying"),
            ("/v1/convert", #"{"delegate":{"guides":[]}}"#, "delegate", "built-in"),
            (
                "/v1/scenarios", #"{"screen":{"width":393,"height":852},"steps":[{"event":"fly"}]}"#, "steps[0].event",
                "fly"
            ),
            ("/v1/layouts", #"{"profile":7,\#(screen)}"#, "profile", "profile name"),
        ])
    func unreadable(route: String, body: String, path: String, fragment: String) async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let problem = try await service.client.send("POST", route, token: acme.secret, json: body)
                .expectProblem(422)
            let errors = try #require(problem["errors"] as? [[String: Any]], "\(problem)")
            let match = errors.first { $0["path"] as? String == path }
            #expect(match != nil, "\(errors)")
            #expect((match?["message"] as? String)?.contains(fragment) == true, "\(errors)")
        }
    }

    @Test(
        "credentials, media type, empty bodies, query values and unknown ids are problem details",
        arguments: [
            ("POST", "/v1/layouts", nil as String?, #"{}"#, 401),
            ("POST", "/v1/layouts/matrix", nil, #"{}"#, 401),
            ("GET", "/v1/layouts/01jd0000000000000000000000.svg", nil, nil, 401),
            ("POST", "/v1/convert", nil, #"{}"#, 401),
            ("POST", "/v1/scenarios", nil, #"{}"#, 401),
            ("POST", "/v1/layouts/svg", nil, #"{}"#, 401),
            ("GET", "/v1/layouts/matrix/01jd0000000000000000000000.svg", nil, nil, 401),
            ("POST", "/v1/layouts", "text/plain", #"{}"#, 415),
            ("POST", "/v1/scenarios", "text/plain", #"{}"#, 415),
            ("POST", "/v1/layouts", "application/json", "", 400),
            ("POST", "/v1/layouts?record=maybe", "application/json", "{}", 400),
            ("GET", "/v1/layouts/01jd0000000000000000000000.svg", "", nil, 404),
            ("GET", "/v1/layouts/not-an-id.svg", "", nil, 404),
            ("GET", "/v1/layouts/matrix/01jd0000000000000000000000.svg", "", nil, 404),
            ("GET", "/v1/layouts/matrix/nope.svg", "", nil, 404),
        ] as [(String, String, String?, String?, Int)])
    func problems(method: String, path: String, contentType: String?, body: String?, status: Int) async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            var headers: [String: String] = [:]
            if let contentType, !contentType.isEmpty { headers["Content-Type"] = contentType }
            let token = status == 401 ? nil : acme.secret
            try await service.client.send(method, path, token: token, json: body, headers: headers)
                .expectProblem(status)
        }
    }
}
