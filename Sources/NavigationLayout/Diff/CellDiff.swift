// Hot: measured by the `diff` profile of navlayout-matrix-bench (`navlayout-matrix-bench --profile
// diff`, BENCHMARKS.md "Layout diff and the matrix"): a diff compares every cell of two matrices.

/// What changed in one layout between two results of the same cell (the same screen, state and
/// width class): the first step of a layout review, which compares a change across the device matrix.
///
/// Frames compare edge by edge in the screen's own coordinates: a component has moved when any of its
/// four edges moved by more than the tolerance. Diagnostics compare by code and the items they name,
/// so the same finding on the same components is the same diagnostic whatever its message says.
public struct CellDiff: Sendable, Equatable {
    public enum Change: String, Sendable, CaseIterable {
        /// Nothing beyond the tolerance, and the same diagnostics.
        case unchanged
        /// Frames, components, the viewport or the prompt changed, or only notes came or went.
        case changed
        /// A warning or an error that was not there before.
        case regressed
        /// No new warning or error, and one that was there is gone.
        case improved
    }

    public var change: Change
    /// Visible on both sides, with an edge moved beyond the tolerance; in the after side's order.
    public var moved: [String]
    /// Visible after, not before; and the other way round.
    public var appeared: [String]
    public var vanished: [String]
    /// Diagnostic codes found after and not before, and the other way round, each code once.
    public var introduced: [String]
    public var resolved: [String]
    /// The findings behind `introduced` and `resolved`: each diagnostic of the after side that the
    /// before side did not have (by code and items), and the other way round, in result order.
    public var introducedDiagnostics: [Diagnostic]
    public var resolvedDiagnostics: [Diagnostic]
    /// The camera viewport's area after minus before, in square points (0 when neither has one).
    public var viewportAreaChange: Double
    /// The prompt's frame or its animation changed beyond the tolerance, or it came or went.
    public var promptChanged: Bool
    public var statusBefore: ResultStatus
    public var statusAfter: ResultStatus

    /// Compares `before` with `after`; `tolerance` is in points, per edge.
    public init(before: LayoutResult, after: LayoutResult, tolerance: Double = 0.5) {
        self.init(before: Side(before), after: Side(after), tolerance: tolerance)
    }

    /// What a diff reads of one result. A matrix diff takes each part from the result where it is
    /// stored: a result read whole out of an array is copied, with a retain of each of its arrays.
    struct Side {
        var frames: [(name: String, frame: Frame)]
        var diagnostics: [Diagnostic]
        var cameraViewport: Frame?
        var prompt: PromptResult?

        init(_ result: LayoutResult) {
            self.init(
                frames: result.frames, diagnostics: result.diagnostics, cameraViewport: result.cameraViewport,
                prompt: result.prompt)
        }

        init(
            frames: [(name: String, frame: Frame)], diagnostics: [Diagnostic], cameraViewport: Frame?,
            prompt: PromptResult?
        ) {
            self.frames = frames
            self.diagnostics = diagnostics
            self.cameraViewport = cameraViewport
            self.prompt = prompt
        }

        /// The parts of `results[index]`, each read in place.
        init(_ results: [LayoutResult], at index: Int) {
            self.init(
                frames: results[index].frames, diagnostics: results[index].diagnostics,
                cameraViewport: results[index].cameraViewport, prompt: results[index].prompt)
        }
    }

    init(before: Side, after: Side, tolerance: Double) {
        var moved: [String] = []
        var appeared: [String] = []
        var vanished: [String] = []
        // Two results of one cell nearly always list the same components in the same order: they are
        // compared pairwise while the names agree, and by name only from the first difference on.
        let common = min(before.frames.count, after.frames.count)
        var aligned = 0
        while aligned < common, before.frames[aligned].name == after.frames[aligned].name {
            if !CellDiff.sameEdges(before.frames[aligned].frame, after.frames[aligned].frame, tolerance: tolerance) {
                moved.append(after.frames[aligned].name)
            }
            aligned += 1
        }
        if aligned < before.frames.count || aligned < after.frames.count {
            let beforeRest = before.frames[aligned...]
            let afterRest = after.frames[aligned...]
            let oldFrames = Dictionary(beforeRest.map { ($0.name, $0.frame) }, uniquingKeysWith: { first, _ in first })
            let newNames = Set(afterRest.map(\.name))
            for (name, frame) in afterRest {
                guard let old = oldFrames[name] else {
                    if !appeared.contains(name) { appeared.append(name) }
                    continue
                }
                if !CellDiff.sameEdges(old, frame, tolerance: tolerance) && !moved.contains(name) { moved.append(name) }
            }
            for (name, _) in beforeRest where !newNames.contains(name) && !vanished.contains(name) {
                vanished.append(name)
            }
        }
        self.moved = moved
        self.appeared = appeared
        self.vanished = vanished

        let new = CellDiff.findings(of: after.diagnostics, missingFrom: before.diagnostics)
        let gone = CellDiff.findings(of: before.diagnostics, missingFrom: after.diagnostics)
        introduced = CellDiff.codes(of: new)
        resolved = CellDiff.codes(of: gone)
        introducedDiagnostics = new
        resolvedDiagnostics = gone

        viewportAreaChange = CellDiff.area(after.cameraViewport) - CellDiff.area(before.cameraViewport)
        switch (before.prompt, after.prompt) {
        case (nil, nil): promptChanged = false
        case (let old?, let new?):
            promptChanged =
                !CellDiff.sameEdges(old.frame, new.frame, tolerance: tolerance)
                || !CellDiff.sameEdges(old.animation.from, new.animation.from, tolerance: tolerance)
                || !CellDiff.sameEdges(old.animation.to, new.animation.to, tolerance: tolerance)
                || old.animation.duration != new.animation.duration
        default: promptChanged = true
        }
        statusBefore = ResultStatus(worstOf: before.diagnostics.lazy.map(\.severity))
        statusAfter = ResultStatus(worstOf: after.diagnostics.lazy.map(\.severity))

        if new.contains(where: { $0.severity >= .warning }) {
            change = .regressed
        } else if gone.contains(where: { $0.severity >= .warning }) {
            change = .improved
        } else if !moved.isEmpty || !appeared.isEmpty || !vanished.isEmpty || !new.isEmpty || !gone.isEmpty
            || CellDiff.viewportMoved(before.cameraViewport, after.cameraViewport, tolerance: tolerance)
            || promptChanged
        {
            change = .changed
        } else {
            change = .unchanged
        }
    }

    /// Whether every edge of `a` is within `tolerance` of the same edge of `b`.
    static func sameEdges(_ a: Frame, _ b: Frame, tolerance: Double) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.maxX - b.maxX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.maxY - b.maxY) <= tolerance
    }

    /// The diagnostics of `diagnostics` that `others` does not have as the same finding: the same
    /// code naming the same items (whatever the message says).
    static func findings(of diagnostics: [Diagnostic], missingFrom others: [Diagnostic]) -> [Diagnostic] {
        // A few findings a side (the usual case) compare pairwise; many (a crowded layout can have
        // thousands of overlaps) through a set.
        guard diagnostics.count > 32 && others.count > 32 else {
            return diagnostics.filter { diagnostic in
                !others.contains { $0.code == diagnostic.code && $0.items == diagnostic.items }
            }
        }
        let known = Set(others.map(identity))
        return diagnostics.filter { !known.contains(identity($0)) }
    }

    /// A diagnostic as the same finding: its code and the items it names.
    static func identity(_ diagnostic: Diagnostic) -> String {
        ([diagnostic.code.rawValue] + diagnostic.items).joined(separator: "\u{1F}")
    }

    /// The codes of `diagnostics`, each once, in order.
    static func codes(of diagnostics: [Diagnostic]) -> [String] {
        var codes: [String] = []
        for diagnostic in diagnostics where !codes.contains(diagnostic.code.rawValue) {
            codes.append(diagnostic.code.rawValue)
        }
        return codes
    }

    /// Whether the camera viewport came, went, or moved an edge beyond the tolerance.
    static func viewportMoved(_ before: Frame?, _ after: Frame?, tolerance: Double) -> Bool {
        switch (before, after) {
        case (nil, nil): return false
        case (let old?, let new?): return !sameEdges(old, new, tolerance: tolerance)
        default: return true
        }
    }

    static func area(_ frame: Frame?) -> Double {
        frame.map { max(0, $0.width) * max(0, $0.height) } ?? 0
    }
}
