import NavigationLayout

/// The colours of a layout review. A change is told by its colour on a sheet and by its line style in a
/// cell: where a component was is a dashed outline, where it is now is drawn as any picture draws it.
///
/// A component that vanished is outlined in the warning colour, the one colour a review borrows from
/// the diagnostics: losing a component is what a reviewer must not miss.
extension PicturePalette {
    /// A moved component's outline where it was.
    static let beforeColor = "#475569"
    /// A move's arrow, and the frame of a cell that changed without a finding.
    static let movedColor = "#7c3aed"
    /// The marker of a component that was not there before.
    static let appearedColor = okColor
    /// The outline and marker of a component that is no longer there.
    static let vanishedColor = warningColor
    /// A cell with no change: its frame, its caption.
    static let unchangedColor = "#9ca3af"

    static func color(for change: CellDiff.Change) -> String {
        switch change {
        case .regressed: return errorColor
        case .changed: return movedColor
        case .improved: return okColor
        case .unchanged: return unchangedColor
        }
    }

    /// A pale background in the change's hue, behind a cell of a review sheet.
    static func tint(for change: CellDiff.Change) -> String {
        switch change {
        case .regressed: return "#fef2f2"
        case .changed: return "#f5f3ff"
        case .improved: return "#f0fdf4"
        case .unchanged: return "#f9fafb"
        }
    }
}
