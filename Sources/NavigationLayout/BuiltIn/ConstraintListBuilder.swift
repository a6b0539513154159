/// Collects generated constraints written in the expression language, so a generated document reads
/// (and encodes) exactly like one a person wrote.
struct ConstraintListBuilder {
    private(set) var constraints: [DelegateConstraint] = []
    let path: String

    init(path: String) {
        self.path = path
    }

    /// `first relation second [+|- constant] [@priority]`; `second` nil makes `first relation constant`.
    mutating func add(_ first: String, _ relation: LayoutRelation, _ second: String?, _ constant: Double = 0) {
        var text = "\(first) \(relation.rawValue) "
        if let second {
            text += second
            if constant > 0 { text += " + \(formatNumber(constant))" }
            if constant < 0 { text += " - \(formatNumber(-constant))" }
        } else {
            text += formatNumber(constant)
        }
        append(text)
    }

    mutating func equal(_ first: String, _ second: String?, _ constant: Double = 0) {
        add(first, .equal, second, constant)
    }

    private mutating func append(_ text: String) {
        // Generated text always parses; a failure here is a bug the tests catch (the frame goes missing).
        guard let parsed = try? ConstraintParser.parse(text) else { return }
        constraints.append(
            DelegateConstraint(spec: parsed.spec, path: "\(path)[\(constraints.count)]", text: text))
    }
}
