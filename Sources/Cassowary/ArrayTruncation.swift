extension Array {
    /// Drops the elements from `count` on, keeping the capacity. Scratch buffers are cleared after
    /// every use and are often empty or short already: popping is cheaper there than the general
    /// range replacement behind `removeAll(keepingCapacity:)`.
    @inline(__always)
    mutating func truncate(to count: Int) {
        let excess = self.count - count
        if excess <= 0 { return }
        if excess <= 8 {
            for _ in 0..<excess { removeLast() }
        } else {
            removeSubrange(count...)
        }
    }
}
