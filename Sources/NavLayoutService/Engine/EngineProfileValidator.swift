import HTTPServer
import JSON
import NavigationLayout

/// Validates a profile with the layout engine's decoder on PUT, so a profile that would not make a
/// valid layout request is a 422 at write time with the path of every problem.
public struct EngineProfileValidator: ProfileValidator {
    public init() {}

    public func problems(in document: ProfileDocument) -> [ProblemDetails.FieldError] {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONParser().parse(document.json)
        } catch {
            return [ProblemDetails.FieldError(path: "$", message: error.message)]
        }
        do throws(RequestError) {
            try ProfileMerge.validate(profile: value)
            return []
        } catch {
            return RequestError.httpError(error, detail: "").errors
        }
    }
}
