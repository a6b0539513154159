import JSON

/// Two solved device matrices of the same selection compared cell by cell (`CellDiff`), with the
/// summary a reviewer reads first and the cells worst first: regressed, then changed, then improved,
/// then unchanged, each in matrix order.
public struct MatrixDiff: Sendable, Equatable {
    public struct Cell: Sendable, Equatable {
        /// The cell's key, as in the matrix (device, orientation, direction, state, width class).
        public var key: String
        /// The cell's position in the matrix (the order of `MatrixPlan.cells`).
        public var index: Int
        public var diff: CellDiff

        public init(key: String, index: Int, diff: CellDiff) {
            self.key = key
            self.index = index
            self.diff = diff
        }
    }

    /// The order cells are listed in: the worst change first, each change in matrix order.
    static let listingOrder: [CellDiff.Change] = [.regressed, .changed, .improved, .unchanged]

    /// Cells compared elsewhere (a past layout against its replay), listed worst first.
    public init(cells: [Cell], tolerance: Double) {
        // Positions, not cells, are sorted and bucketed: a cell carries many arrays, and each copy
        // of one retains them all.
        let inOrder = cells.indices.sorted { cells[$0].index < cells[$1].index }
        var listed: [Cell] = []
        listed.reserveCapacity(cells.count)
        for change in Self.listingOrder {
            for position in inOrder where cells[position].diff.change == change { listed.append(cells[position]) }
        }
        self.cells = listed
        self.tolerance = tolerance
    }

    public var cells: [Cell]
    public var tolerance: Double

    /// Cells with the same key are compared; a cell on one side only is a selection mismatch.
    public init(before: SolvedMatrix, after: SolvedMatrix, tolerance: Double = 0.5) throws(RequestError) {
        let beforeCells = before.plan.cells
        let afterCells = after.plan.cells
        guard beforeCells.count == afterCells.count, before.results.count == after.results.count,
            before.results.count == beforeCells.count,
            beforeCells.indices.allSatisfy({ MatrixCell.same(beforeCells, afterCells, at: $0) })
        else {
            throw RequestError(
                path: "matrix",
                message:
                    "the two sides select different cells (\(beforeCells.count) and \(afterCells.count)); compare them with the same devices"
            )
        }
        var compared: [Cell] = []
        compared.reserveCapacity(afterCells.count)
        for index in afterCells.indices {
            compared.append(
                Cell(
                    key: afterCells[index].key, index: index,
                    diff: CellDiff(
                        before: CellDiff.Side(before.results, at: index),
                        after: CellDiff.Side(after.results, at: index),
                        tolerance: tolerance)))
        }
        self.init(cells: compared, tolerance: tolerance)
    }

    /// How many cells had each kind of change.
    public func count(_ change: CellDiff.Change) -> Int {
        cells.lazy.filter { $0.diff.change == change }.count
    }

    /// `{"summary": {cells, unchanged, changed, regressed, improved}, "tolerance", "cells": [...]}`.
    public var jsonValue: JSONValue {
        var summary = JSONObject()
        summary["cells"] = .number(Double(cells.count))
        for change in [CellDiff.Change.unchanged, .changed, .regressed, .improved] {
            summary[change.rawValue] = .number(Double(count(change)))
        }
        let rows: [JSONValue] = cells.map { cell in
            var row = JSONObject()
            row["key"] = .string(cell.key)
            row["change"] = .string(cell.diff.change.rawValue)
            row["moved"] = .array(cell.diff.moved.map(JSONValue.string))
            row["appeared"] = .array(cell.diff.appeared.map(JSONValue.string))
            row["vanished"] = .array(cell.diff.vanished.map(JSONValue.string))
            row["introduced"] = .array(cell.diff.introduced.map(JSONValue.string))
            row["resolved"] = .array(cell.diff.resolved.map(JSONValue.string))
            row["introducedDiagnostics"] = .array(cell.diff.introducedDiagnostics.map(\.jsonValue))
            row["resolvedDiagnostics"] = .array(cell.diff.resolvedDiagnostics.map(\.jsonValue))
            row["viewportAreaChange"] = .number(cell.diff.viewportAreaChange)
            row["promptChanged"] = .bool(cell.diff.promptChanged)
            row["statusBefore"] = .string(cell.diff.statusBefore.rawValue)
            row["statusAfter"] = .string(cell.diff.statusAfter.rawValue)
            return .object(row)
        }
        var object = JSONObject()
        object["summary"] = .object(summary)
        object["tolerance"] = .number(tolerance)
        object["cells"] = .array(rows)
        return .object(object)
    }

    /// A verdict line, the summary, and one line per cell that is not unchanged.
    public var text: String {
        var lines = [
            "\(cells.count) cells: \(count(.regressed)) regressed, \(count(.changed)) changed, "
                + "\(count(.improved)) improved, \(count(.unchanged)) unchanged (tolerance \(formatNumber(tolerance)) pt)"
        ]
        for cell in cells where cell.diff.change != .unchanged {
            var parts: [String] = []
            if !cell.diff.moved.isEmpty { parts.append("moved " + cell.diff.moved.joined(separator: ", ")) }
            if !cell.diff.appeared.isEmpty { parts.append("appeared " + cell.diff.appeared.joined(separator: ", ")) }
            if !cell.diff.vanished.isEmpty { parts.append("vanished " + cell.diff.vanished.joined(separator: ", ")) }
            if !cell.diff.introduced.isEmpty {
                parts.append("introduced " + cell.diff.introduced.joined(separator: ", "))
            }
            if !cell.diff.resolved.isEmpty { parts.append("resolved " + cell.diff.resolved.joined(separator: ", ")) }
            if cell.diff.promptChanged { parts.append("prompt changed") }
            lines.append("\(cell.diff.change.rawValue) \(cell.key): \(parts.joined(separator: "; "))")
        }
        return lines.joined(separator: "\n")
    }
}

extension MatrixCell {
    /// Whether two matrices' cells at `index` are the same cell: the same device held the same way,
    /// written the same way, in the same state (what their keys say, without building the keys). Read
    /// in place: a cell read out of an array to call a method on it would be copied.
    static func same(_ cells: [MatrixCell], _ others: [MatrixCell], at index: Int) -> Bool {
        cells[index].deviceID == others[index].deviceID && cells[index].orientation == others[index].orientation
            && cells[index].direction == others[index].direction && cells[index].state == others[index].state
    }
}
