import HTTPServer

/// A profile document as PUT received it, after the service checked its shape: a JSON object whose
/// members are among `ProfileDocument.sectionNames` plus `description`, each section an object.
public struct ProfileDocument: Sendable {
    /// The sections a profile may hold, in the order of the layout request they fill in.
    public static let sectionNames = ["screen", "state", "settings", "delegate", "style"]

    /// The body exactly as sent (JSON text of an object).
    public let json: String
    /// The sections present, in `sectionNames` order.
    public let sections: [String]
    public let description: String?

    public init(json: String, sections: [String], description: String?) {
        self.json = json
        self.sections = sections
        self.description = description
    }
}

/// Full validation of a profile's content, run on every PUT before anything is stored: a profile
/// that would not parse as a layout request is refused at write time (422 with `errors[{path,
/// message}]`), never discovered at solve time. The layout engine supplies the real one.
public protocol ProfileValidator: Sendable {
    /// The problems in `document`, each with the JSON path of the offending field; empty when valid.
    func problems(in document: ProfileDocument) -> [ProblemDetails.FieldError]
}

/// Accepts every document whose shape the service already checked: what a build without the
/// layout engine uses.
public struct ShapeOnlyProfileValidator: ProfileValidator {
    public init() {}

    public func problems(in document: ProfileDocument) -> [ProblemDetails.FieldError] { [] }
}
