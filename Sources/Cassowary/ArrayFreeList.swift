extension Array {
    /// `popLast()` with the empty case decided inline. Free lists stay empty while a system only
    /// grows, and there the call into the stdlib's `popLast` cost more than the answer.
    @inline(__always)
    mutating func popLastIfAny() -> Element? {
        isEmpty ? nil : removeLast()
    }
}
