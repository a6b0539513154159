import HTTPServer
import JSON
import NavigationLayout

/// Full validation of a profile's content, run on every PUT before anything is stored: a profile
/// that would not make a valid layout request is refused at write time (422 with the path of every
/// problem), never discovered at solve time.
enum ProfileValidator {
    /// The problems in `document`, each with the JSON path of the offending field; empty when valid.
    static func problems(in document: ProfileDocument) -> [ProblemDetails.FieldError] {
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
