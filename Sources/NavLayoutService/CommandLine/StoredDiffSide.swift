import Foundation
import JSON
import NavigationLayout
import Storage

/// A side of `navlayout diff` that the service stored: `profile:NAME[@VERSION]` (a profile version,
/// the latest without `@`) or `layout:ID` (the request of a past layout), read from the service's
/// database for one tenant. Each becomes the whole request it stands for (a profile merged into an
/// empty request; a past layout's request as history kept it), so the diff solves it like a file.
enum StoredDiffSide {
    static func isStored(_ side: String) -> Bool {
        side.hasPrefix("profile:") || side.hasPrefix("layout:")
    }

    /// Reads every stored side among `sides` and answers an `io` that reads them by their names
    /// (and files as `io` does).
    static func resolving(_ sides: [String], database: String, tenant: String, io: CommandIO) async throws
        -> CommandIO
    {
        let stored = sides.filter(isStored)
        guard !stored.isEmpty else { return io }
        guard FileManager.default.fileExists(atPath: database) else {
            throw InputFailure(path: database, message: "no database here (--database PATH)")
        }
        let connection = try Database(location: .file(path: database))
        let repositories = Repositories(database: connection, authenticationCache: nil)
        guard let owner = try await repositories.tenants.list().first(where: { $0.name == tenant }) else {
            throw InputFailure(path: database, message: "no tenant named '\(tenant)'")
        }
        var documents: [String: [UInt8]] = [:]  // lookups only, by the side as written
        for side in stored {
            documents[side] = JSONWriter().bytes(for: try await document(side, tenantID: owner.id, repositories))
        }
        let resolved = documents
        var io = io
        let read = io.read
        io.read = { path in try resolved[path] ?? read(path) }
        return io
    }

    /// The request a stored side stands for, its profile reference left out (it is merged in).
    static func document(_ side: String, tenantID: String, _ repositories: Repositories) async throws -> JSONValue {
        let document: JSONValue
        if side.hasPrefix("profile:") {
            let reference = side.dropFirst("profile:".count)
            let parts = reference.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            var version: Int?
            if parts.count == 2 {
                guard let number = Int(parts[1]), number >= 1 else {
                    throw InputFailure(path: side, message: "'\(parts[1])' is not a version number")
                }
                version = number
            }
            guard !name.isEmpty else { throw InputFailure(path: side, message: "the profile needs a name") }
            let stored: ProfileVersion
            do {
                stored = try await repositories.profiles.resolve(name, version: version, tenantID: tenantID)
            } catch let error as PersistenceError {
                throw InputFailure(path: side, message: error.description)
            }
            let profile = StoredProfile(
                name: name, version: stored.version, document: try JSONParser().parse(stored.document))
            document = try LayoutBody(document: .object(JSONObject())).document(mergedWith: profile)
        } else {
            let text = String(side.dropFirst("layout:".count))
            guard let id = LayoutID(text) else { throw InputFailure(path: side, message: "not a layout id") }
            do {
                document = try JSONParser().parse(
                    try await repositories.layouts.get(tenantID: tenantID, id: id).requestJSON)
            } catch let error as PersistenceError {
                throw InputFailure(path: side, message: error.description)
            }
        }
        guard case .object(var object) = document else { return document }
        object["profile"] = nil
        object["profileVersion"] = nil
        return .object(object)
    }
}
