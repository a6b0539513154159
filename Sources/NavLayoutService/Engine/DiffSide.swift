import HTTPServer
import JSON
import NavigationLayout

/// One side of a diff, resolved to what the layout pipeline solves: a request body (or a bare
/// delegate document), a stored profile version, or the request of a past layout from history.
struct DiffSide {
    enum Source {
        case request
        case profile(name: String, version: Int)
        case layout(LayoutID)
    }

    var source: Source
    /// Where the side is in the diff request (`before`, `after`), for the paths of its errors.
    var path: String
    var body: LayoutBody
    var profile: StoredProfile?

    /// How the side was asked, for the report and the stored diff.
    var jsonValue: JSONValue {
        switch source {
        case .request:
            var object = JSONObject()
            object["kind"] = "request"
            if let profile { object["profile"] = .string(profile.name) }
            if let profile { object["profileVersion"] = .number(Double(profile.version)) }
            return .object(object)
        case .profile(let name, let version):
            return ["kind": "profile", "profile": .string(name), "profileVersion": .number(Double(version))]
        case .layout(let id):
            return ["kind": "layout", "layout": .string(id.text)]
        }
    }

    /// The side's matrix across `selection`; errors in the side's own document are named by their
    /// path within the diff request (`before.request.delegate...`).
    func solve(_ selection: DiffSelection, layouts: LayoutPipeline, cellID: (() -> String)?) throws(RequestError)
        -> SolvedMatrix
    {
        guard case .object(var document) = body.document else {
            throw RequestError(path: path, message: "the side is not a JSON object")
        }
        document["matrix"] = selection.matrix
        do throws(RequestError) {
            return try layouts.matrix(try LayoutBody(document: .object(document)), profile: profile, cellID: cellID)
        } catch {
            // The selection is the diff's own `matrix`; everything else is the side's.
            let prefix: String
            switch source {
            case .request: prefix = path + ".request"
            case .profile: prefix = path + ".profile"
            case .layout: prefix = path + ".layout"
            }
            throw RequestError(
                issues: error.issues.map { issue in
                    var issue = issue
                    if issue.path == "matrix" || issue.path.hasPrefix("matrix.") || issue.path.hasPrefix("matrix[") {
                        return issue
                    }
                    issue.path = Self.join(prefix, issue.path)
                    return issue
                })
        }
    }

    static func join(_ prefix: String, _ path: String) -> String {
        path.isEmpty ? prefix : prefix + (path.hasPrefix("[") ? "" : ".") + path
    }

    /// Reads the side at `path` (`before`, `after`) of a diff request and fetches what it names.
    static func resolve(_ value: JSONValue?, path: String, _ tenantID: String, _ environment: ServiceEnvironment)
        async throws -> DiffSide
    {
        guard case .object(let object)? = value else {
            throw DiffRoutes.invalid([
                RequestError.Issue(
                    path: path,
                    message:
                        #"must be an object: {"request": {...}}, {"profile": NAME, "version": N} or {"layout": ID}"#)
            ])
        }
        if let request = object["request"] {
            try DiffRoutes.rejectUnknown(object, allowed: ["request"], at: path)
            guard case .object = request else {
                throw DiffRoutes.invalid([RequestError.Issue(path: path + ".request", message: "must be an object")])
            }
            let document: JSONValue = DelegateDocument.isBare(request) ? ["delegate": request] : request
            let body = try Self.body(document, path: path + ".request")
            let profile = try await environment.profile(for: body, tenantID: tenantID)
            return DiffSide(source: .request, path: path, body: body, profile: profile)
        }
        if let name = object["profile"] {
            try DiffRoutes.rejectUnknown(object, allowed: ["profile", "version"], at: path)
            guard case .string(let name) = name, !name.isEmpty else {
                throw DiffRoutes.invalid([
                    RequestError.Issue(path: path + ".profile", message: "must be a profile name")
                ])
            }
            var reference = JSONObject()
            reference["profile"] = .string(name)
            switch object["version"] {
            case nil, .null?: break
            case .number(let number)?
            where number >= 1 && number <= 9_007_199_254_740_992 && number == number.rounded():
                reference["profileVersion"] = .number(number)
            default:
                throw DiffRoutes.invalid([
                    RequestError.Issue(path: path + ".version", message: "must be a version number (an integer ≥ 1)")
                ])
            }
            let body = try Self.body(.object(reference), path: path)
            guard let profile = try await environment.profile(for: body, tenantID: tenantID) else {
                throw PersistenceError.notFound(.profile, id: name)
            }
            return DiffSide(
                source: .profile(name: name, version: profile.version), path: path, body: body, profile: profile)
        }
        if let layout = object["layout"] {
            try DiffRoutes.rejectUnknown(object, allowed: ["layout"], at: path)
            guard case .string(let text) = layout else {
                throw DiffRoutes.invalid([RequestError.Issue(path: path + ".layout", message: "must be a layout id")])
            }
            guard let id = LayoutID(text) else { throw PersistenceError.notFound(.layout, id: text) }
            let stored = try await environment.repositories.layouts.get(tenantID: tenantID, id: id)
            let document: JSONValue
            do {
                document = try JSONParser().parse(stored.requestJSON)
            } catch {
                throw HTTPError(
                    .internalServerError, detail: "the stored layout \(id.text) does not read back: \(error)")
            }
            // History keeps the request self-contained (a profile already merged in).
            return DiffSide(
                source: .layout(id), path: path, body: try Self.body(document, path: path + ".layout"), profile: nil)
        }
        throw DiffRoutes.invalid([
            RequestError.Issue(path: path, message: "needs one of request, profile or layout")
        ])
    }

    /// The side's document as a layout body; problems are reported under `path`.
    private static func body(_ document: JSONValue, path: String) throws(HTTPError) -> LayoutBody {
        do throws(RequestError) {
            return try LayoutBody(document: document)
        } catch {
            throw DiffRoutes.invalid(
                error.issues.map { issue in
                    var issue = issue
                    issue.path = join(path, issue.path)
                    return issue
                })
        }
    }
}
