/// A location in a JSON document, printed the way error messages show it: `delegate.views.orderCard`,
/// `delegate.guidance.constraints[3]`, and `["odd key"]` for keys that are not plain names.
///
/// The decoder extends a path for every field it reads, yet prints almost none of them (only an error
/// or a constraint's location that someone asks for). So the last few steps are kept as they are,
/// inline, and printed only by `description`: extending a path copies a small value instead of
/// building a string. Steps past the inline capacity (deeper than any valid request) are printed into
/// `printed` as they come.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    enum Step: Sendable {
        case key(String)
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
        case .key(let key):
            if ConstraintParser.isName(key) {
                if !text.isEmpty { text += "." }
                text += key
            } else {
                var quoted: [UInt8] = []
                JSONWriter.writeString(key, into: &quoted)
                text += "[" + String(decoding: quoted, as: UTF8.self) + "]"
            }
        case .index(let index):
            text += "[\(index)]"
        }
    }

    public func appending(_ key: String) -> JSONPath {
        appending(step: .key(key))
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
