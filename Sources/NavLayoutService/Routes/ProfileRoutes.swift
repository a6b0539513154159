import Foundation
import HTTPServer
import JSON
import NavigationLayout
import SwiftDelegate

/// A tenant's profiles: versioned, never overwritten, soft-deleted. PUT writes a new version and
/// answers its ETag; `If-Match` makes the write conditional (412 when stale). If-Match is optional:
/// a PUT without it writes unconditionally (creating, updating or recreating the profile).
enum ProfileRoutes: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        let auth = environment.authenticator
        let profiles = environment.repositories.profiles
        return [
            ServiceRoute(.put, "/v1/profiles/{name}") { request, context in
                let key = try await auth.tenant(of: request)
                let name = try context.parameters.require("name")
                let document = try await validatedDocument(request, environment: environment)
                let ifMatch = try IfMatch(request)
                var expected: String?
                if let ifMatch {
                    let current = try? await profiles.current(tenantID: key.tenantID, name: name)
                    expected = ifMatch.expectedTag(current: current?.etag)
                }
                let written = try await profiles.put(
                    tenantID: key.tenantID, name: name, document: document.json, description: document.description,
                    ifMatch: expected, actor: key.actor)
                var headers: HTTPHeaders = ["ETag": written.version.httpETag]
                if written.created { headers.add(name: "Location", value: "/v1/profiles/\(percentEncoded(name))") }
                return try Representation.profileVersion(written.version).response(
                    status: written.created ? .created : .ok, headers: headers)
            },
            ServiceRoute(.get, "/v1/profiles/{name}/swift") { request, context in
                let key = try await auth.tenant(of: request)
                let name = try context.parameters.require("name")
                let current = try await profiles.current(tenantID: key.tenantID, name: name)
                return try swiftResponse(profileDocument: current.document, name: name)
            },
            ServiceRoute(.get, "/v1/profiles") { request, _ in
                let key = try await auth.tenant(of: request)
                let all = try await profiles.list(tenantID: key.tenantID)
                return Representation.list(all.map(Representation.profileSummary)).response()
            },
            ServiceRoute(.get, "/v1/profiles/{name}") { request, context in
                let key = try await auth.tenant(of: request)
                let name = try context.parameters.require("name")
                let current = try await profiles.current(tenantID: key.tenantID, name: name)
                return try Representation.profileVersion(current).response(headers: ["ETag": current.httpETag])
            },
            ServiceRoute(.delete, "/v1/profiles/{name}") { request, context in
                let key = try await auth.tenant(of: request)
                let name = try context.parameters.require("name")
                var expected: String?
                if let ifMatch = try IfMatch(request) {
                    let current = try? await profiles.current(tenantID: key.tenantID, name: name)
                    expected = ifMatch.expectedTag(current: current?.etag)
                }
                try await profiles.delete(tenantID: key.tenantID, name: name, ifMatch: expected, actor: key.actor)
                return Response(status: .noContent)
            },
            ServiceRoute(.get, "/v1/profiles/{name}/versions") { request, context in
                let key = try await auth.tenant(of: request)
                let name = try context.parameters.require("name")
                let versions = try await profiles.versions(tenantID: key.tenantID, name: name)
                return Representation.list(versions.map(Representation.profileVersionSummary)).response()
            },
            ServiceRoute(.get, "/v1/profiles/{name}/versions/{n}") { request, context in
                let key = try await auth.tenant(of: request)
                let name = try context.parameters.require("name")
                let number = try context.parameters.require("n", as: Int.self)
                let version = try await profiles.version(number, tenantID: key.tenantID, name: name)
                return try Representation.profileVersion(version).response(headers: ["ETag": version.httpETag])
            },
        ]
    }

    /// The body checked for shape (an object of known sections, each an object, and a string
    /// description), then by `ProfileValidator` for content. Every problem is reported at once.
    ///
    /// A profile that carries the app's Swift (`delegateSource`) keeps it and the delegate read from
    /// it; an import error is a 422 at `delegateSource.swift` with the line and column.
    static func validatedDocument(_ request: Request, environment: ServiceEnvironment) async throws -> ProfileDocument {
        let object = try JSONBody.object(of: request)
        var errors: [ProblemDetails.FieldError] = []
        for member in object.keys.sorted() {
            if member == "description" {
                if object[member]?.stringValue == nil && object[member]?.isNull != true {
                    errors.append(ProblemDetails.FieldError(path: member, message: "must be a string"))
                }
            } else if ProfileDocument.sectionNames.contains(member) {
                if object[member]?.objectValue == nil {
                    errors.append(ProblemDetails.FieldError(path: member, message: "must be an object"))
                }
            } else {
                errors.append(
                    ProblemDetails.FieldError(
                        path: member,
                        message: "unknown member; a profile holds "
                            + (ProfileDocument.sectionNames + ["description"]).joined(separator: ", ")))
            }
        }
        guard errors.isEmpty else {
            throw HTTPError(
                .unprocessableContent, detail: "the profile document is not valid", errors: errors)
        }
        var json = try JSONBody.text(of: request)
        if object["delegateSource"] != nil {
            if let delegate = object["delegate"], !delegate.isNull {
                throw HTTPError(
                    .unprocessableContent, detail: "the profile document is not valid",
                    errors: [
                        ProblemDetails.FieldError(
                            path: "delegate",
                            message: "give delegate or delegateSource, not both: the delegate is read from the source")
                    ])
            }
            let imports = environment.swiftImports
            let sent = (Array(json.utf8), JSONValue.object(object))
            let stored = try await environment.solving.solve(
                inline: imports.hasImported(sent.1), detail: "the profile's Swift delegate cannot be read"
            ) { () throws(RequestError) in try imports.resolveBody(bytes: sent.0, document: sent.1).bytes }
            json = String(decoding: stored, as: UTF8.self)
        }
        let document = ProfileDocument(json: json, description: object["description"]?.stringValue)
        let problems = ProfileValidator.problems(in: document)
        guard problems.isEmpty else {
            throw HTTPError(
                .unprocessableContent, detail: "the profile would not make a valid layout request", errors: problems)
        }
        return document
    }

    /// GET /v1/profiles/{name}/swift: the profile's delegate as a Swift delegate class, named after
    /// the profile; a profile without a delegate is a 404 that says so.
    static func swiftResponse(profileDocument: String, name: String) throws -> Response {
        guard case .object(let document)? = try? JSONParser().parse(Array(profileDocument.utf8)),
            let delegate = document["delegate"], !delegate.isNull
        else {
            throw HTTPError(.notFound, detail: "the profile '\(name)' has no delegate to write as Swift")
        }
        let words = name.split { !$0.isLetter && !$0.isNumber }
        var className = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "LayoutDelegate"
        if !(className.first?.isLetter ?? false) { className = "Profile" + className }
        let swift: String
        do throws(SwiftDelegateExport.ExportError) {
            swift = try SwiftDelegateExport.swift(delegateJSON: JSONWriter().bytes(for: delegate), className: className)
        } catch {
            throw HTTPError(.internalServerError, detail: "the stored profile '\(name)' does not export: \(error)")
        }
        return Response(
            status: .ok, headers: ["Content-Type": "text/x-swift; charset=utf-8"], body: Array(swift.utf8))
    }

    /// A path segment for a Location header.
    static func percentEncoded(_ name: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#[]@!$&'()*+,;=")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }
}
