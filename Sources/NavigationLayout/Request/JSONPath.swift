/// A location in a JSON document, printed the way error messages show it: `delegate.views.orderCard`,
/// `delegate.guidance.constraints[3]`, and `["odd key"]` for keys that are not plain names.
///
/// The decoder extends a path for every field it reads, yet prints almost none of them (only an error
/// or a constraint's location that someone asks for). So the last few steps are kept as they are,
/// inline, and printed only by `description`: extending a path by a field name the decoder knows
/// (`appending(field:)`) or an index copies a few plain words instead of building a string. A key read
/// from the document (`appending(_:)`), and steps past the inline capacity (deeper than any valid
/// request), are printed into `printed` as they come.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// Plain values only (no reference counting), so that copying a path is a memory copy.
    enum Step: Sendable {
        case field(StaticString)
        case index(Int)
    }

    /// Every step of a valid request fits (`delegate.wide.guidance.constraints[3]` has five).
    private static let inlineCapacity = 5

    /// The steps before the inline ones, already printed.
    private var printed: String
    private var steps: InlineArray<5, Step>
    private var stepCount: Int

    public static let root = JSONPath(printed: "")

    /// A path from its printed form.
    init(printed: String) {
        self.printed = printed
        steps = InlineArray(repeating: .index(0))
        stepCount = 0
    }

    public var description: String {
        var text = printed
        for position in 0..<stepCount { Self.print(steps[position], into: &text) }
        return text
    }

    private static func print(_ step: Step, into text: inout String) {
        switch step {
        case .field(let field):
            print(key: field.description, into: &text)
        case .index(let index):
            text += "[\(index)]"
        }
    }

    private static func print(key: String, into text: inout String) {
        if ConstraintParser.isName(key) {
            if !text.isEmpty { text += "." }
            text += key
        } else {
            var quoted: [UInt8] = []
            JSONWriter.writeString(key, into: &quoted)
            text += "[" + String(decoding: quoted, as: UTF8.self) + "]"
        }
    }

    /// The path extended by a key read from the document (printed now: see the type's comment).
    public func appending(_ key: String) -> JSONPath {
        var text = description
        Self.print(key: key, into: &text)
        return JSONPath(printed: text)
    }

    /// The path extended by a field name the decoder knows.
    func appending(field: StaticString) -> JSONPath {
        appending(step: .field(field))
    }

    public func appending(_ index: Int) -> JSONPath {
        appending(step: .index(index))
    }

    private func appending(step: Step) -> JSONPath {
        var path = self
        if path.stepCount == Self.inlineCapacity {
            path.printed = path.description
            path.stepCount = 0
        }
        path.steps[path.stepCount] = step
        path.stepCount += 1
        return path
    }

    /// Paths are equal when they print the same (however their steps are split).
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
