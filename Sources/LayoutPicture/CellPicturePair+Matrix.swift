// The pictures of a layout review's cells, drawn from the two solved matrices it compares.

import NavigationLayout

extension CellPicturePair {
    /// The two pictures of the cell `key`; nil when either side has no such cell or no result for it.
    init?(key: String, before: SolvedMatrix, after: SolvedMatrix) {
        guard let old = Self.picture(of: key, in: before), let new = Self.picture(of: key, in: after) else {
            return nil
        }
        self.init(before: old, after: new)
    }

    /// Both pictures of every cell the two sides share, by key.
    static func pictures(before: SolvedMatrix, after: SolvedMatrix) -> [String: CellPicturePair] {
        let old = pictures(of: before)
        let new = pictures(of: after)
        var pairs: [String: CellPicturePair] = [:]
        for cell in after.plan.cells {
            if let before = old[cell.key], let after = new[cell.key] {
                pairs[cell.key] = CellPicturePair(before: before, after: after)
            }
        }
        return pairs
    }

    /// The picture of each solved cell of `matrix`, by key (`results` are in cell order).
    private static func pictures(of matrix: SolvedMatrix) -> [String: LayoutPicture] {
        var pictures: [String: LayoutPicture] = [:]
        for (cell, result) in zip(matrix.plan.cells, matrix.results) {
            pictures[cell.key] = LayoutPicture(request: cell.request, result: result, title: title(of: cell))
        }
        return pictures
    }

    private static func picture(of key: String, in matrix: SolvedMatrix) -> LayoutPicture? {
        guard let index = matrix.plan.cells.firstIndex(where: { $0.key == key }), index < matrix.results.count
        else { return nil }
        let cell = matrix.plan.cells[index]
        return LayoutPicture(request: cell.request, result: matrix.results[index], title: title(of: cell))
    }

    /// "iPhone 15 · portrait · ltr · guidance": which cell a picture shows.
    static func title(of cell: MatrixCell) -> String {
        [cell.deviceName, cell.orientation.rawValue, cell.direction.rawValue, cell.state.rawValue]
            .joined(separator: " \u{00B7} ")
    }
}
