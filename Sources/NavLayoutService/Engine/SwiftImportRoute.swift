import HTTPServer
import JSON
import NavigationLayout

/// POST /v1/imports/swift: the app's Swift layout delegate read into a delegate document. The body is
/// a `delegateSource` object, `{"swift": "...", "path": "App/NavLayout.swift", "class": "Name"}`; the
/// answer is `{"className", "delegate" (with its sourceMap), "diagnostics"}`, and a file the importer
/// cannot read is a 422 whose errors are at `swift`, each with its line and column.
enum SwiftImportRoute: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        [ServiceRoute(.post, "/v1/imports/swift", environment, handler)]
    }

    static let handler: ServiceHandler = { request, _, environment in
        _ = try await environment.authenticator.tenant(of: request)
        let body = try EngineRequestBody.parse(request)
        let fields: (swift: String, path: String, className: String?)
        do throws(RequestError) {
            fields = try SwiftImports.fields(of: body)
        } catch {
            throw RequestError.httpError(
                RequestError(
                    issues: error.issues.map { issue in
                        var issue = issue
                        issue.path = String(issue.path.dropFirst("delegateSource".count).drop { $0 == "." })
                        if issue.path.isEmpty { issue.path = "$" }
                        return issue
                    }), detail: "the import request is not valid")
        }
        let imports = environment.swiftImports
        let kept = imports.isKept(fields.swift, path: fields.path, className: fields.className)
        // A file not read before is read on the solver pool, apart from the threads that answer.
        let entry = try await environment.solving.run(inline: kept) {
            imports.importing(fields.swift, path: fields.path, className: fields.className)
        }
        switch entry.outcome {
        case .success(let imported):
            return Response.json(imported.report)
        case .failure(let error):
            throw RequestError.httpError(
                error.requestError(at: "swift"), detail: "the Swift file cannot be read as a layout delegate")
        }
    }
}
