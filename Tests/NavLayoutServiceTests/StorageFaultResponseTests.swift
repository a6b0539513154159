import HTTPServer
import Storage
import Synchronization
import Testing

@testable import NavLayoutService

/// The one mapping from storage errors to answers, for every fault (I/O errors cannot be caused on
/// demand, so each code is thrown by a route here), and what stays a 500.
@Suite("Storage fault responses")
struct StorageFaultResponseTests {
    /// A router with the service's two error middlewares and one route throwing `error`; the
    /// errors the middlewares report are collected.
    private func respond(throwing error: any Error) async throws -> (Response, reported: Int) {
        let reported = Mutex(0)
        let report: @Sendable (any Error, RequestContext) -> Void = { _, _ in reported.withLock { $0 += 1 } }
        let builder = RouterBuilder()
        builder.add(middleware: ProblemDetailsMiddleware(report: report))
        builder.add(middleware: StorageFaultMiddleware(report: report))
        builder.post("/write") { _, _ in throw error }
        let router = try builder.build()
        let response = await router.respond(
            to: Request(method: .post, target: "/write"), context: RequestContext())
        return (response, reported.withLock { $0 })
    }

    @Test(
        "a full disk is 507, and I/O, read-only and unopenable files are 503 with Retry-After",
        arguments: [
            (ResultCode.full, 507), (.ioErr, 503), (.ioErrWrite, 503), (.ioErrFsync, 503), (.ioErrShortRead, 503),
            (.readOnly, 503), (.readOnlyDbMoved, 503), (.cantOpen, 503), (.cantOpenIsDir, 503),
        ])
    func faultStatuses(code: ResultCode, status: Int) async throws {
        let error = DatabaseError(
            extendedResultCode: code, message: "at /var/lib/navlayout/db.sqlite", sql: "INSERT INTO layouts")
        let (response, reported) = try await respond(throwing: error)
        #expect(response.status.code == status)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.headers["Retry-After"] == (status == 503 ? "5" : nil))
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.contains("SQLite \(code.rawValue)"), "\(body)")
        #expect(body.contains("the request changed nothing"), "\(body)")
        #expect(!body.contains("/var/lib") && !body.contains("INSERT"), "no internals in \(body)")
        #expect(reported == 1, "the operator hears of the fault")
    }

    @Test(
        "PostgreSQL's faults are 503s; a commit unconfirmed or whose answer was lost may have stored the request",
        arguments: [
            (PostgresError.Kind.connection, "08006", false), (.canceled, "57014", false), (.readOnly, "25006", false),
            (.commitNotDurable, "01000", true), (.commitOutcomeUnknown, "57P01", true),
        ])
    func postgresFaults(kind: PostgresError.Kind, sqlState: String, mayHaveStored: Bool) async throws {
        let (response, reported) = try await respond(
            throwing: PostgresError(kind: kind, sqlState: sqlState, message: "at db.internal:5432"))
        #expect(response.status.code == 503)
        #expect(response.headers["Retry-After"] == "5")
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.contains("PostgreSQL \(sqlState)"), "\(body)")
        let outcome = mayHaveStored ? "may or may not have been stored" : "the request changed nothing"
        #expect(body.contains(outcome), "\(body)")
        #expect(!body.contains("db.internal"), "no internals in \(body)")
        #expect(reported == 1)
    }

    @Test("a database error that is no fault of the medium stays a 500 that names nothing")
    func otherErrorsStayInternal() async throws {
        let (response, reported) = try await respond(
            throwing: DatabaseError(extendedResultCode: .corrupt, message: "database disk image is malformed"))
        #expect(response.status == .internalServerError)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("malformed"))
        #expect(reported == 1)
    }
}
