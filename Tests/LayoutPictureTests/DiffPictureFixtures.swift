import Foundation
import JSON
import LayoutPicture
import NavigationLayout

/// Layout reviews to draw: the seed delegate across a small matrix, before and after an edit of its
/// text, solved by the engine as it is today.
enum DiffPictureFixtures {
    /// Two phones, portrait, left to right, in both states: four cells, quick to solve.
    static let selection: JSONValue = [
        "devices": ["iphone-15", "iphone-se-3"], "orientations": ["portrait"], "directions": ["ltr"],
        "states": ["ready", "guidance"],
    ]

    /// The button stack's top, in guidance only, 40 points further below the turn card.
    static let lowerButtonsInGuidance = [
        ("\"buttons.top == turnCard.bottom\"", "\"buttons.top == turnCard.bottom + 40\"")
    ]
    /// The eta card, which only guidance shows, 40 points further from the leading edge (and so partly
    /// off the screen).
    static let moveEtaCard = [("\"etaCard.leading == map.leading\"", "\"etaCard.leading == map.leading + 40\"")]
    /// The Google logo dropped from guidance's views: it vanishes, and the layout misses a required view.
    static let dropLogoInGuidance = [("\"viewport\",\n        \"googleLogo\",", "\"viewport\",")]

    /// The seed delegate's matrix with `edits` made to its text (each must match).
    static func matrix(_ edits: [(String, String)] = []) throws -> SolvedMatrix {
        var text = String(decoding: try Fixtures.bytes("seed-delegate-guidance.json"), as: UTF8.self)
        for (old, new) in edits {
            guard text.contains(old) else { throw FixtureError(message: "the seed has no \(old)") }
            text = text.replacingOccurrences(of: old, with: new)
        }
        guard case .object(var object) = try JSONParser().parse(Array(text.utf8)) else {
            throw FixtureError(message: "the seed is not an object")
        }
        object["matrix"] = selection
        return try LayoutPipeline(clock: { 0 }).matrix(LayoutBody(document: .object(object)))
    }

    /// The review of `edits`: both sides and their diff.
    static func review(
        _ edits: [(String, String)], reversed: Bool = false
    ) throws -> (before: SolvedMatrix, after: SolvedMatrix, diff: MatrixDiff) {
        let original = try matrix()
        let edited = try matrix(edits)
        let (before, after) = reversed ? (edited, original) : (original, edited)
        return (before, after, try MatrixDiff(before: before, after: after))
    }

    struct FixtureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
