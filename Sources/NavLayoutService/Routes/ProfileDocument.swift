/// A profile document as PUT received it, after the service checked its shape: a JSON object whose
/// members are among `ProfileDocument.sectionNames` plus `description`, each section an object.
struct ProfileDocument: Sendable {
    /// The sections a profile may hold, in the order of the layout request they fill in.
    static let sectionNames = ["screen", "state", "settings", "delegate", "delegateSource", "style"]

    /// The body exactly as sent (JSON text of an object).
    let json: String
    let description: String?
}
