// Hot: measured by the `decode` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile decode`); changes here are checked by scripts/check-budgets.sh.

/// Anchors: `item.attribute`, `item.margins.attribute` and `item.safeArea.attribute`, names read straight
/// from the bytes.
extension ExpressionScanner {
    mutating func name(what: String) throws(ExpressionError) -> String {
        text(try nameRange(what: what))
    }

    /// The byte range of a name, without making a String of it.
    mutating func nameRange(what: String) throws(ExpressionError) -> Range<Int> {
        let start = position
        guard let first = peek(), isNameStart(first) else {
            throw fail("expected \(what), found \(describe(at: position))", at: position)
        }
        // The end moves in a local: the scanner's own `position` would be stored back for every byte.
        let buffer = bytes
        var end = start + 1
        while end < buffer.count, isNameContinuation(buffer[end]) { end += 1 }
        position = end
        return start..<end
    }

    /// The attribute the bytes in `range` name: candidates by length and first letter, then one
    /// comparison (every anchor of every constraint passes here).
    func attribute(in range: Range<Int>) -> LayoutAttribute? {
        // Every attribute name fits in eight bytes: packed into one word, the name is settled by a
        // single comparison with the candidate's packed name.
        guard range.count >= 3, range.count <= 8 else { return nil }
        let candidate: LayoutAttribute
        switch (range.count, bytes[range.lowerBound]) {
        case (7, UInt8(ascii: "l")): candidate = .leading
        case (8, UInt8(ascii: "t")): candidate = .trailing
        case (4, UInt8(ascii: "l")): candidate = .left
        case (5, UInt8(ascii: "r")): candidate = .right
        case (3, UInt8(ascii: "t")): candidate = .top
        case (6, UInt8(ascii: "b")): candidate = .bottom
        case (5, UInt8(ascii: "w")): candidate = .width
        case (6, UInt8(ascii: "h")): candidate = .height
        case (7, UInt8(ascii: "c")):
            candidate = bytes[range.upperBound - 1] == UInt8(ascii: "X") ? .centerX : .centerY
        default: return nil
        }
        var word: UInt64 = 0
        var index = range.upperBound
        while index > range.lowerBound {
            index -= 1
            word = word << 8 | UInt64(bytes[index])
        }
        return word == candidate.packedName ? candidate : nil
    }

    /// Whether the bytes in `range` spell `word` (ASCII).
    func spells(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { expected in
            for offset in 0..<range.count where bytes[range.lowerBound + offset] != expected[offset] { return false }
            return true
        }
    }

    mutating func anchor() throws(ExpressionError) -> Anchor {
        let itemStart = position
        let itemRange = try nameRange(what: "an item name")
        if spells(itemRange, "style") {
            throw fail("'style' names a style value, not an item; a style value is a constant", at: itemStart)
        }
        let itemName = text(itemRange)
        guard peek() == UInt8(ascii: ".") else {
            throw fail("expected '.' and an attribute after '\(itemName)'", at: position)
        }
        position += 1
        var attributeStart = position
        var wordRange = try nameRange(what: "an attribute")
        var guide: ItemReference.OwnGuide? = nil
        // A view's own guide is the one word another word follows after a '.': only then is it looked
        // for, so a plain anchor costs one byte's test.
        if peek() == UInt8(ascii: "."), let named = ownGuide(in: wordRange) {
            guide = named
            position += 1
            attributeStart = position
            wordRange = try nameRange(what: "an attribute")
        }
        // Attribute names are read from the bytes: every anchor of every constraint passes here.
        guard let attribute = attribute(in: wordRange) else {
            if guide == nil, let named = ownGuide(in: wordRange) {
                throw fail("expected '.' and an attribute after '\(itemName).\(named.rawValue)'", at: position)
            }
            let word = text(wordRange)
            let names = LayoutAttribute.allCases.map(\.rawValue)
            throw fail(
                "unknown attribute '\(word)'\(suggestion(for: word, among: names)); attributes: \(names.joined(separator: ", "))",
                at: attributeStart)
        }
        return Anchor(item: ItemReference(name: itemName, guide: guide), attribute: attribute)
    }

    /// The view's own guide `range` spells (`margins`, `safeArea`), if any.
    private func ownGuide(in range: Range<Int>) -> ItemReference.OwnGuide? {
        if spells(range, "margins") { return .margins }
        if spells(range, "safeArea") { return .safeArea }
        return nil
    }
}

extension LayoutAttribute {
    /// The raw value's bytes packed into one word, first byte lowest, so that `attribute(in:)` compares
    /// a name with one instruction instead of byte by byte (a test checks each against `rawValue`).
    var packedName: UInt64 {
        switch self {
        case .leading: return 0x0067_6E69_6461_656C
        case .trailing: return 0x676E_696C_6961_7274
        case .left: return 0x0000_0000_7466_656C
        case .right: return 0x0000_0074_6867_6972
        case .top: return 0x0000_0000_0070_6F74
        case .bottom: return 0x0000_6D6F_7474_6F62
        case .width: return 0x0000_0068_7464_6977
        case .height: return 0x0000_7468_6769_6568
        case .centerX: return 0x0058_7265_746E_6563
        case .centerY: return 0x0059_7265_746E_6563
        }
    }
}
