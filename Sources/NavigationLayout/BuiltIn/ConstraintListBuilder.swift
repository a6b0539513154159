/// Collects generated constraints written in the expression language, so a generated document reads
/// (and encodes) exactly like one a person wrote.
struct ConstraintListBuilder {
    private(set) var constraints: [DelegateConstraint] = []
    let path: String
    /// The same path, extended per constraint without printing it (see `JSONPath`).
    private let location: JSONPath

    init(path: String) {
        self.path = path
        location = JSONPath(printed: path)
    }

    /// `first relation second [+|- constant]`; `second` nil makes `first relation constant`. Anchors are
    /// `item.attribute`; the text is the constraint's canonical form, which parses back to the same spec.
    mutating func add(_ first: String, _ relation: LayoutRelation, _ second: String?, _ constant: Double = 0) {
        // Generated anchors are always well formed; a malformed one is a bug the tests catch (the frame
        // it should place goes missing).
        guard let firstAnchor = Self.anchor(first) else { return }
        var secondAnchor: Anchor? = nil
        if let second {
            guard let anchor = Self.anchor(second) else { return }
            secondAnchor = anchor
        }
        let spec = LayoutConstraintSpec(
            first: firstAnchor, relation: relation, second: secondAnchor, constant: .points(constant))
        constraints.append(
            DelegateConstraint(spec: spec, location: location.appending(constraints.count), text: spec.description))
    }

    mutating func equal(_ first: String, _ second: String?, _ constant: Double = 0) {
        add(first, .equal, second, constant)
    }

    /// `item.attribute` without parsing the expression language (the generator writes plain anchors).
    private static func anchor(_ text: String) -> Anchor? {
        guard let dot = text.lastIndex(of: "."),
            let attribute = LayoutAttribute(rawValue: String(text[text.index(after: dot)...]))
        else { return nil }
        return Anchor(item: ItemReference(name: String(text[..<dot])), attribute: attribute)
    }
}
