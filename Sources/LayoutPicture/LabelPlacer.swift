import NavigationLayout

/// Places item labels: inside the frame when the name fits and no other label is there, else beside the
/// frame where no other label (and if possible no small item) is.
///
/// Candidates are tried in a fixed order, so placement is deterministic; the first that stays on the
/// screen and clear of earlier labels wins.
struct LabelPlacer {
    /// Labels should stay on the screen; the bezel around it is dark and would hide them.
    let bounds: Frame
    /// The screen's rounded corners: a label in a corner moves inward by this much so the bezel does
    /// not cut it.
    let cornerRadius: Double
    private(set) var placed: [Frame] = []

    init(bounds: Frame, cornerRadius: Double = 0) {
        self.bounds = bounds
        self.cornerRadius = cornerRadius
    }

    /// `rect` moved sideways out of a rounded corner of the screen, if it sits in one.
    private func clearOfCorners(_ rect: Frame) -> Frame {
        let nearTop = rect.minY < bounds.minY + cornerRadius * 0.6
        let nearBottom = rect.maxY > bounds.maxY - cornerRadius * 0.6
        guard nearTop || nearBottom else { return rect }
        var moved = rect
        if rect.minX < bounds.minX + cornerRadius * 0.6 {
            moved.x = bounds.minX + cornerRadius * 0.6
        } else if rect.maxX > bounds.maxX - cornerRadius * 0.6 {
            moved.x = bounds.maxX - cornerRadius * 0.6 - rect.width
        }
        return moved
    }

    /// Records a label drawn inside its frame, so that outside labels avoid it.
    mutating func reserve(_ rect: Frame) {
        placed.append(rect)
    }

    /// A place inside `frame` for a label of the given size, at its top leading corner or else its bottom
    /// leading corner, clear of earlier labels; nil when neither is free (the label then goes outside).
    mutating func placeInside(
        width: Double, height: Double, in frame: Frame, rightToLeft: Bool, padding: Double
    ) -> Frame? {
        let x = rightToLeft ? frame.maxX - padding - width : frame.minX + padding
        let candidates = [
            Frame(x: x, y: frame.minY + padding - 1, width: width, height: height),
            Frame(x: x, y: frame.maxY - padding - height + 1, width: width, height: height),
        ].map(clearOfCorners)
        guard
            let chosen = candidates.first(where: { candidate in
                candidate.minY >= frame.minY && candidate.maxY <= frame.maxY && candidate.minX >= frame.minX
                    && candidate.maxX <= frame.maxX && !placed.contains { $0.intersects(candidate) }
            })
        else { return nil }
        placed.append(chosen)
        return chosen
    }

    /// Where an outside label of the given size goes next to `frame` (picture coordinates): the label's
    /// rectangle. `obstacles` are the frames of small items, which a label should not cover if it can help it.
    mutating func placeOutside(
        width: Double, height: Double, next frame: Frame, avoiding obstacles: [Frame]
    ) -> Frame {
        let gap = 3.0
        let centerX = frame.midX - width / 2
        let candidates = [
            Frame(x: frame.maxX + gap, y: frame.midY - height / 2, width: width, height: height),
            Frame(x: frame.minX - gap - width, y: frame.midY - height / 2, width: width, height: height),
            Frame(x: frame.minX, y: frame.maxY + gap, width: width, height: height),
            Frame(x: frame.minX, y: frame.minY - gap - height, width: width, height: height),
            Frame(x: frame.maxX - width, y: frame.maxY + gap, width: width, height: height),
            Frame(x: frame.maxX - width, y: frame.minY - gap - height, width: width, height: height),
            Frame(x: centerX, y: frame.minY - gap - height, width: width, height: height),
            Frame(x: centerX, y: frame.maxY + gap, width: width, height: height),
        ]
        let onScreen = candidates.filter(contains)
        let clearOfLabels = onScreen.filter { candidate in !placed.contains { $0.intersects(candidate) } }
        let chosen =
            clearOfLabels.first { candidate in !obstacles.contains { $0.intersects(candidate) } }
            ?? clearOfLabels.first
            ?? onScreen.first
            ?? clampIntoBounds(candidates[0])
        placed.append(chosen)
        return chosen
    }

    private func contains(_ rect: Frame) -> Bool {
        rect.minX >= bounds.minX && rect.maxX <= bounds.maxX && rect.minY >= bounds.minY && rect.maxY <= bounds.maxY
    }

    private func clampIntoBounds(_ rect: Frame) -> Frame {
        let x = max(bounds.minX, min(rect.minX, bounds.maxX - rect.width))
        let y = max(bounds.minY, min(rect.minY, bounds.maxY - rect.height))
        return Frame(x: x, y: y, width: rect.width, height: rect.height)
    }
}
