// A layout review's sheet and overlays straight from the two solved matrices it compares, as the
// command line and the service draw them.

import NavigationLayout

extension DiffContactSheet {
    /// The sheet of `diff`, the comparison of `before` with `after`: the grid of `after`'s report, each
    /// cell's pictures drawn from its request and result on either side.
    public func render(
        before: SolvedMatrix, after: SolvedMatrix, diff: MatrixDiff, title: String = "Layout review"
    ) -> String {
        render(
            diff, rows: after.report.rows, pictures: CellPicturePair.pictures(before: before, after: after),
            title: title)
    }
}

extension CellDiffOverlay {
    /// The overlay of the cell `key` of `diff`, the comparison of `before` with `after`, titled with the
    /// cell (device, orientation, direction, state); nil when the diff has no such cell, or a side has
    /// no result for it.
    public init?(key: String, before: SolvedMatrix, after: SolvedMatrix, diff: MatrixDiff) {
        guard let cell = diff.cells.first(where: { $0.key == key }),
            let pictures = CellPicturePair(key: key, before: before, after: after)
        else { return nil }
        self.init(before: pictures.before, after: pictures.after, diff: cell.diff)
    }
}
