// Hot: measured by the `decode` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile decode`); changes here are checked by scripts/check-budgets.sh.

/// A location in a JSON document, printed the way error messages show it: `delegate.views.orderCard`,
/// `delegate.guidance.constraints[3]`, and `["odd key"]` for keys that are not plain names.
///
/// The decoder extends a path for every field it reads, yet prints almost none of them (only an error
/// or a constraint's location that someone asks for). So the last few steps are kept as they are,
/// inline, and printed only by `description`: extending a path by a field name the decoder knows
/// (`appending(field:)`) or an index copies a few plain words instead of building a string. A key read
/// from the document (`appending(_:)`), and steps past the inline capacity (deeper than any valid
/// request), are printed into `printed` as they come.

import JSON

public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// Plain values only (no reference counting, no enum tag), so that copying a path is a copy of a
    /// few words: a field name is the address and length of its static text, an index has no address.
    struct Step: Sendable {
        /// The address of the field name's UTF-8 bytes (a string literal's static storage, which lives
        /// as long as the program), or 0 for an index. Kept as a number: a pointer is not Sendable.
        let fieldAddress: UInt
        /// The field name's length in bytes, or the index.
        let value: Int

        static func index(_ index: Int) -> Step { Step(fieldAddress: 0, value: index) }
    }

    /// Every step of a valid request fits (`delegate.wide.guidance.constraints[3]` has five).
    private static let inlineCapacity = 5

    /// The steps before the inline ones, already printed.
    private var printed: String
    /// A tuple rather than an `InlineArray`: the compiler copies a tuple of plain words inline, while
    /// copying a path that holds an `InlineArray` goes through an out-of-line copy function, and the
    /// decoder copies paths for every field it reads.
    private var steps: (Step, Step, Step, Step, Step)
    private var stepCount: Int

    public static let root = JSONPath(printed: "")

    /// A path from its printed form.
    init(printed: String) {
        self.printed = printed
        steps = (.index(0), .index(0), .index(0), .index(0), .index(0))
        stepCount = 0
    }

    public var description: String {
        var text = printed
        for position in 0..<stepCount { Self.print(step(at: position), into: &text) }
        return text
    }

    private static func print(_ step: Step, into text: inout String) {
        if let field = UnsafePointer<UInt8>(bitPattern: step.fieldAddress) {
            print(
                key: String(decoding: UnsafeBufferPointer(start: field, count: step.value), as: UTF8.self), into: &text)
        } else {
            text += "[\(step.value)]"
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
        // Every field name is a string literal, stored as UTF-8 bytes; a literal of a single scalar is
        // stored as that scalar instead and is printed at once.
        guard field.hasPointerRepresentation else { return appending(field.description) }
        return appending(step: Step(fieldAddress: UInt(bitPattern: field.utf8Start), value: field.utf8CodeUnitCount))
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
        withUnsafeMutableBytes(of: &path.steps) { steps in
            steps.storeBytes(of: step, toByteOffset: path.stepCount * MemoryLayout<Step>.stride, as: Step.self)
        }
        path.stepCount += 1
        return path
    }

    private func step(at position: Int) -> Step {
        withUnsafeBytes(of: steps) { steps in
            steps.load(fromByteOffset: position * MemoryLayout<Step>.stride, as: Step.self)
        }
    }

    /// Paths are equal when they print the same (however their steps are split).
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
