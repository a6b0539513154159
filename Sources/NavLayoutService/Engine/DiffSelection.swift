import HTTPServer
import JSON
import NavigationLayout

/// What both sides of a diff are solved across: the device matrix selection (the `matrix` member of
/// a matrix request; every preset when empty) and the tolerance, in points per edge.
struct DiffSelection {
    var matrix: JSONValue
    var tolerance: Double

    static let defaultTolerance = 0.5

    /// From a diff request's body: `matrix` must be an object when given (its members are checked
    /// when the matrix is planned), `tolerance` a number of points from 0 to 10,000.
    init(_ matrix: JSONValue?, tolerance: JSONValue?) throws(HTTPError) {
        switch matrix {
        case nil, .null?: self.matrix = .object(JSONObject())
        case .object?: self.matrix = matrix ?? .object(JSONObject())
        default: throw DiffRoutes.invalid([RequestError.Issue(path: "matrix", message: "must be an object")])
        }
        self.tolerance = try Self.tolerance(tolerance, path: "tolerance")
    }

    /// From query parameters: `devices` (comma-separated ids) and `tolerance`, already checked.
    init(devices: String?, tolerance: Double?) {
        var selection = JSONObject()
        if let devices {
            selection["devices"] = .array(
                devices.split(separator: ",", omittingEmptySubsequences: false).map { .string(String($0)) })
        }
        matrix = .object(selection)
        self.tolerance = tolerance ?? Self.defaultTolerance
    }

    static func tolerance(_ value: JSONValue?, path: String) throws(HTTPError) -> Double {
        switch value {
        case nil, .null?: return defaultTolerance
        case .number(let points)? where points.isFinite && points >= 0 && points <= 10_000: return points
        default:
            throw DiffRoutes.invalid([
                RequestError.Issue(path: path, message: "must be a number of points from 0 to 10000")
            ])
        }
    }
}
