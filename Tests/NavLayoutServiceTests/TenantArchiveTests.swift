import Foundation
import JSON
import NavLayoutService
import Storage
import Testing

/// A tenant with two keys (one revoked), a profile with two versions (one written by a key), a
/// deleted profile and three layouts.
private func populatedStore(in folder: TemporaryFolder) async throws -> (Store, TenantArchiveRepository) {
    let store = try await Store.open(.file, in: folder)
    let clock = store.clock
    let created = try await store.tenants.create(name: "acme")
    let tenantID = created.tenant.id
    let second = try await store.keys.create(tenantID: tenantID, actor: .admin)
    _ = try await store.profiles.put(
        tenantID: tenantID, name: "driver", document: #"{"screen":{"width":393}}"#, description: "first",
        actor: .admin)
    _ = try await store.profiles.put(
        tenantID: tenantID, name: "driver", document: "{ \"screen\" : {\"width\":375} }", description: "tabs\there",
        actor: .apiKey(id: second.key.id))
    _ = try await store.profiles.put(tenantID: tenantID, name: "old", document: "{}", description: nil, actor: .admin)
    try await store.profiles.delete(tenantID: tenantID, name: "old", actor: .admin)
    _ = try await store.keys.revoke(tenantID: tenantID, keyID: second.key.id, actor: .admin)
    for marker in 0..<3 {
        var layout = sampleLayout(
            tenantID: tenantID, profile: marker == 0 ? "driver" : nil, version: marker == 0 ? 2 : nil, marker: marker)
        if marker == 1 {
            layout.device = "iphone-15"
            layout.codes = ["overlap", "offscreen"]
        }
        try await store.layouts.record(layout)
    }
    return (store, TenantArchiveRepository(database: store.sql, clock: { clock.now() }))
}

private func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
}

private func object(_ line: String) throws -> JSONObject {
    try #require(try JSONParser().parse(line).objectValue)
}

@Suite("Tenant export and import")
struct TenantArchiveTests {
    @Test(
        "an export imported into a fresh database exports again line for line, keys recorded revoked",
        arguments: StoreKind.allCases)
    func roundTrip(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let (_, archives) = try await populatedStore(in: folder)
        let exported = try await archives.export(tenantName: "acme")
        let first = lines(exported)
        #expect(first.count == 11)
        let types: [String?] = try first.map { try object($0)["type"]?.stringValue }
        let expectedTypes: [String?] = [
            "tenant", "apiKey", "apiKey", "profile", "profileVersion", "profileVersion", "profile", "profileVersion",
            "layout", "layout", "layout",
        ]
        #expect(types == expectedTypes)
        // Nothing secret leaves the database.
        #expect(!first.joined().contains("secret"))
        #expect(try object(first[5])["document"]?.stringValue == "{ \"screen\" : {\"width\":375} }")

        let otherFolder = try TemporaryFolder()
        let fresh = try await Store.open(kind, in: otherFolder)
        let imported = TenantArchiveRepository(database: fresh.sql)
        let report = try await imported.importArchive(exported)
        #expect(report.tenant.name == "acme")
        #expect(report.revokedKeys == 2)
        #expect(report.profiles == 2)
        #expect(report.profileVersions == 3)
        #expect(report.layouts == 3)

        let again = lines(try await imported.export(tenantName: "acme"))
        #expect(again.count == first.count)
        for (before, after) in zip(first, again) {
            var beforeObject = try object(before)
            var afterObject = try object(after)
            if beforeObject["type"]?.stringValue == "apiKey" {
                // The documented difference: a key that worked is revoked by the import.
                #expect(afterObject["revokedAt"]?.stringValue != nil)
                if beforeObject["revokedAt"]?.isNull == false {
                    #expect(afterObject["revokedAt"] == beforeObject["revokedAt"])
                }
                beforeObject["revokedAt"] = nil
                afterObject["revokedAt"] = nil
                #expect(beforeObject == afterObject)
            } else {
                #expect(before == after)
            }
        }
        // The imported profile reads back through the ordinary repository, deleted state included.
        let current = try await fresh.profiles.current(tenantID: report.tenant.id, name: "driver")
        #expect(current.version == 2)
        await #expect(throws: PersistenceError.notFound(.profile, id: "old")) {
            try await fresh.profiles.current(tenantID: report.tenant.id, name: "old")
        }
        // History filters by device and code as before the export.
        let onDevice = try await fresh.layouts.list(
            tenantID: report.tenant.id, filter: LayoutHistoryFilter(device: "iphone-15"))
        #expect(onDevice.items.count == 1)
        let withCode = try await fresh.layouts.list(
            tenantID: report.tenant.id, filter: LayoutHistoryFilter(code: "offscreen"))
        #expect(withCode.items.map(\.id) == onDevice.items.map(\.id))
        // No imported key authenticates.
        let keys = try await fresh.keys.list(tenantID: report.tenant.id)
        #expect(keys.count == 2)
        #expect(keys.allSatisfy { $0.isRevoked })
    }

    @Test(
        "an archive written before layouts kept a device and codes imports, the codes read from each result",
        arguments: StoreKind.allCases)
    func olderArchive(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let (_, archives) = try await populatedStore(in: folder)
        var archive: [String] = []
        for line in lines(try await archives.export(tenantName: "acme")) {
            var record = try object(line)
            if record["type"]?.stringValue == "layout" {
                record["device"] = nil
                record["codes"] = nil
                record["result"] = .string(#"{"diagnostics":[{"code":"prompt-overlap"}]}"#)
            }
            archive.append(JSONWriter().string(for: .object(record)))
        }
        let otherFolder = try TemporaryFolder()
        let fresh = try await Store.open(kind, in: otherFolder)
        let report = try await TenantArchiveRepository(database: fresh.sql).importArchive(
            Array(archive.joined(separator: "\n").utf8))
        #expect(report.layouts == 3)
        let withCode = try await fresh.layouts.list(
            tenantID: report.tenant.id, filter: LayoutHistoryFilter(code: "prompt-overlap"))
        #expect(withCode.items.count == 3)
        let onDevice = try await fresh.layouts.list(
            tenantID: report.tenant.id, filter: LayoutHistoryFilter(device: "iphone-15"))
        #expect(onDevice.items.isEmpty)
    }

    @Test("importing a tenant that exists is a conflict on line 1 and writes nothing")
    func existingTenantConflicts() async throws {
        let folder = try TemporaryFolder()
        let (store, archives) = try await populatedStore(in: folder)
        let exported = try await archives.export(tenantName: "acme")
        let layoutsBefore = try await store.database.read {
            try $0.fetchValue("SELECT count(*) FROM layouts", as: Int.self)
        }
        do {
            _ = try await archives.importArchive(exported)
            Issue.record("the import of an existing tenant succeeded")
        } catch let error as TenantArchiveError {
            #expect(error.kind == .conflict)
            #expect(error.problems.first?.line == 1)
        }
        #expect(try await store.tenants.list().count == 1)
        let layoutsAfter = try await store.database.read {
            try $0.fetchValue("SELECT count(*) FROM layouts", as: Int.self)
        }
        #expect(layoutsAfter == layoutsBefore)
        await #expect(throws: PersistenceError.notFound(.tenant, id: "nobody")) {
            try await archives.export(tenantName: "nobody")
        }
    }

    @Test(
        "a bad line is refused with its line number and field, and nothing is written",
        arguments: [
            // (line to replace, new text, expected line, field, kind)
            (2, "{not json", 2, nil, TenantArchiveError.Kind.malformed),
            (2, "[1]", 2, nil, .malformed),
            (
                1,
                #"{"type":"profile","name":"x","createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z","deletedAt":null}"#,
                1, "type", .invalid
            ),
            (
                3, #"{"type":"tenant","format":1,"id":"t","name":"b","createdAt":"2026-01-01T00:00:00Z"}"#, 3, "type",
                .invalid
            ),
            (9, #"{"type":"layout"}"#, 9, "id", .invalid),
            (
                2,
                #"{"type":"apiKey","id":"k","prefix":"p","createdAt":"yesterday","rotatedAt":null,"revokedAt":null}"#,
                2, "createdAt", .invalid
            ),
            (
                2,
                #"{"type":"apiKey","id":"k","prefix":"p","createdAt":"2026-01-01T00:00:00Z","rotatedAt":null,"revokedAt":null,"secret":"x"}"#,
                2, "secret", .invalid
            ),
            (2, #"{"type":"gadget"}"#, 2, "type", .invalid),
        ] as [(Int, String, Int, String?, TenantArchiveError.Kind)])
    func badLine(replaced: Int, text: String, line: Int, field: String?, kind: TenantArchiveError.Kind) async throws {
        let folder = try TemporaryFolder()
        let (_, archives) = try await populatedStore(in: folder)
        var archive = lines(try await archives.export(tenantName: "acme"))
        archive[replaced - 1] = text
        let freshFolder = try TemporaryFolder()
        let fresh = try await Store.open(.file, in: freshFolder)
        do {
            _ = try await TenantArchiveRepository(database: fresh.sql).importArchive(
                Array(archive.joined(separator: "\n").utf8))
            Issue.record("a bad archive was imported")
        } catch let error as TenantArchiveError {
            #expect(error.kind == kind)
            #expect(error.problems.contains { $0.line == line && $0.field == field }, "\(error)")
        }
        #expect(try await fresh.tenants.list().isEmpty)
    }

    @Test(
        "records out of order or inconsistent are refused, each naming its line and field",
        arguments: StoreKind.allCases)
    func inconsistentRecords(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let (_, archives) = try await populatedStore(in: folder)
        var archive = lines(try await archives.export(tenantName: "acme"))
        // Version 2 of driver listed as 3; the deleted profile's only version dropped; a layout
        // listed twice.
        archive[5] = archive[5].replacingOccurrences(of: #""version":2"#, with: #""version":3"#)
        archive.remove(at: 7)
        archive.append(archive[archive.count - 1])
        do {
            _ = try await TenantArchiveRepository(database: try await Store.open(kind, in: folder).sql)
                .importArchive(Array(archive.joined(separator: "\n").utf8))
            Issue.record("an inconsistent archive was imported")
        } catch let error as TenantArchiveError {
            #expect(error.kind == .invalid)
            #expect(error.problems.map(\.location) == ["line 6, version", "line 7, name", "line 11, id"])
        }
    }
}
