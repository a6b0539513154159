/// " (did you mean 'x'?)" when one candidate is within a small edit distance of `word`, else "".
///
/// Candidates are tried in the order given and the first closest wins, so the suggestion is deterministic.
func suggestion(for word: String, among candidates: [String]) -> String {
    let target = Array(word.lowercased().unicodeScalars)
    guard !target.isEmpty, target.count <= 64 else { return "" }
    var best: (candidate: String, distance: Int)? = nil
    for candidate in candidates {
        let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
        // Short names tolerate one slip, longer ones up to three.
        if distance <= max(1, min(3, candidate.unicodeScalars.count / 3)), distance < (best?.distance ?? Int.max) {
            best = (candidate, distance)
        }
    }
    return best.map { " (did you mean '\($0.candidate)'?)" } ?? ""
}

/// Optimal string alignment distance: Levenshtein plus swaps of two neighbouring characters, the most
/// common typo ("tpo" for "top").
private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                distance = min(distance, beforePrevious[j - 2] + 1)
            }
            current[j] = distance
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}
