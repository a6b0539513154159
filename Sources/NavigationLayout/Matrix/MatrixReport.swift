/// The result of a device matrix: one row per cell in plan order and a summary; its JSON is the
/// compact table POST /v1/layouts/matrix answers.

import JSON

public struct MatrixReport: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var cell: MatrixCell
        public var outcome: MatrixCellOutcome

        public init(cell: MatrixCell, outcome: MatrixCellOutcome) {
            self.cell = cell
            self.outcome = outcome
        }

        /// `{device, orientation, direction, state, status, codes, wideMode, solveMicros, id?}`.
        public var jsonValue: JSONValue {
            var object = JSONObject()
            object["key"] = .string(cell.key)
            object["device"] = .string(cell.deviceID)
            object["orientation"] = .string(cell.orientation.rawValue)
            object["direction"] = .string(cell.direction.rawValue)
            object["state"] = .string(cell.state.rawValue)
            object["status"] = .string(outcome.status.rawValue)
            object["codes"] = .array(outcome.codes.map(JSONValue.string))
            object["wideMode"] = .bool(outcome.wideMode)
            object["solveMicros"] = .number(Double(outcome.solveMicros))
            if let id = outcome.recordedID { object["id"] = .string(id) }
            return .object(object)
        }
    }

    public var rows: [Row]

    public init(rows: [Row]) {
        self.rows = rows
    }

    /// Sets the history id of each row from `ids` (by cell key), for a caller that records after
    /// solving.
    public mutating func record(ids: [(key: String, id: String)]) {
        var positions: [String: Int] = [:]  // lookups only
        positions.reserveCapacity(rows.count)
        for index in rows.indices { positions[rows[index].cell.key] = index }
        for (key, id) in ids {
            if let index = positions[key] { rows[index].outcome.recordedID = id }
        }
    }

    public func count(_ status: ResultStatus) -> Int {
        rows.lazy.filter { $0.outcome.status == status }.count
    }

    /// The worst cell status; ok for an empty matrix.
    public var status: ResultStatus {
        if count(.error) > 0 { return .error }
        if count(.warning) > 0 { return .warning }
        return .ok
    }

    /// Device ids having at least one cell of `status`, in cell order, each once.
    public func devices(with status: ResultStatus) -> [String] {
        var ids: [String] = []
        for row in rows where row.outcome.status == status && !ids.contains(row.cell.deviceID) {
            ids.append(row.cell.deviceID)
        }
        return ids
    }

    /// The median of the cells' solve times (the lower middle for an even count), 0 when empty.
    public var medianSolveMicros: Int {
        let sorted = rows.map(\.outcome.solveMicros).sorted()
        return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
    }

    public var summaryJSONValue: JSONValue {
        let times = rows.map(\.outcome.solveMicros)
        var codes: [String] = []
        for row in rows { for code in row.outcome.codes where !codes.contains(code) { codes.append(code) } }
        return [
            "cells": .number(Double(rows.count)),
            "status": .string(status.rawValue),
            "ok": .number(Double(count(.ok))),
            "warning": .number(Double(count(.warning))),
            "error": .number(Double(count(.error))),
            "devicesWithErrors": .array(devices(with: .error).map(JSONValue.string)),
            "devicesWithWarnings": .array(devices(with: .warning).map(JSONValue.string)),
            "codes": .array(codes.map(JSONValue.string)),
            "solveMicros": [
                "total": .number(Double(times.reduce(0, +))),
                "median": .number(Double(medianSolveMicros)),
                "max": .number(Double(times.max() ?? 0)),
            ],
        ]
    }

    /// `{"summary": {...}, "cells": [...]}`; a caller adds the matrix's own id when recorded.
    public var jsonValue: JSONValue {
        ["summary": summaryJSONValue, "cells": .array(rows.map(\.jsonValue))]
    }
}
