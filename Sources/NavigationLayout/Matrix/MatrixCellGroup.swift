/// Cells whose requests are identical except for the screen's size and safe area.
///
/// This is the seam for reuse across a matrix: parsed rules depend on the base request and the
/// navigation state, the direction decides how leading and trailing resolve, and the screen enters
/// the constraint system only through the map's width and height and the safe-area insets. An
/// engine can therefore parse the rules and build one solver per group, with the screen geometry
/// as edit variables, and answer each cell of the group by suggesting its geometry and re-solving
/// (see `MatrixRunner.run(_:solverForGroup:)`).
public struct MatrixCellGroup: Sendable, Equatable {
    public var direction: LayoutDirection
    public var state: NavigationMode
    /// The request of the group's first cell; the others differ from it in `screen` only.
    public var request: LayoutRequest
    /// Indexes into `MatrixPlan.cells`, in cell order.
    public var cellIndexes: [Int]

    /// "ltr/guidance".
    public var key: String { direction.rawValue + "/" + state.rawValue }
}
