// Hot: measured by the `decode` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile decode`); changes here are checked by scripts/check-budgets.sh.

extension ConstraintParser {
    /// Whether `text` is a valid item or view name: a letter or "_" followed by letters, digits or "_".
    public static func isName(_ text: String) -> Bool {
        // The text's own bytes (a short name is copied to the stack): stepping a String's UTF-8 view
        // with an iterator costs several times more per byte, and every name of a request passes here.
        var text = text
        return text.withUTF8(isName)
    }

    /// Whether the UTF-8 bytes are a valid name (see `isName(_:)`).
    static func isName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, isNameStart(first) else { return false }
        for byte in bytes.dropFirst() where !isNameContinuation(byte) { return false }
        return true
    }
}
