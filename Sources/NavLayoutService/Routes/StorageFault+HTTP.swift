import HTTPServer
import Storage

/// The one mapping from a failure of the storage medium to an answer. The request was fine (and,
/// unless the fault `mayHaveStored`, changed nothing: its write was rolled back), so it is never a
/// 500: a full disk is 507, anything else that may pass (an I/O error, a file that cannot be written
/// or opened, a database server out of reach) is 503 with `Retry-After`. Reads that do not touch the
/// failing part go on being served.
extension StorageFault {
    /// The seconds a client is asked to wait before it tries again.
    static let retryAfterSeconds = 5

    var status: HTTPStatus {
        switch self {
        case .full: .insufficientStorage
        case .ioError, .readOnly, .unavailable, .unreachable, .notReplicated, .commitUnconfirmed: .serviceUnavailable
        }
    }

    /// `Retry-After` on 503, the status RFC 9110 gives it to.
    var responseHeaders: HTTPHeaders {
        status == .serviceUnavailable ? ["Retry-After": "\(Self.retryAfterSeconds)"] : HTTPHeaders()
    }
}

/// A request that met a storage fault, as the error the problem details middleware answers. The
/// detail names the fault and the database's code with its generic text, never a file's path or a
/// server's address.
struct StorageFaultError: HTTPResponseError, CustomStringConvertible {
    let fault: StorageFault
    let code: String
    let error: any Error

    init?(_ error: any Error) {
        guard let (fault, code) = StorageFault.of(error) else { return nil }
        self.fault = fault
        self.code = code
        self.error = error
    }

    var status: HTTPStatus { fault.status }

    var responseHeaders: HTTPHeaders { fault.responseHeaders }

    var problem: ProblemDetails {
        // A commit the standby did not confirm did happen on the primary, and one whose answer was
        // lost may have happened: either may be stored.
        let outcome =
            fault.mayHaveStored
            ? "the request may or may not have been stored; read before you retry it"
            : "the request changed nothing"
        return ProblemDetails(title: status.reasonPhrase, status: status.code, detail: "\(fault) (\(code)); \(outcome)")
    }

    var description: String { String(describing: error) }
}
