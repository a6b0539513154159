/// The part of a screen a request's plan depends on (see `LayoutEngine.planScreenClass(for:)`): screens
/// of one class share a plan, and a session built for one lays out the others with the screen's size as
/// edit variables.
struct PlanScreenClass: Sendable, Equatable {
    var wideMode: Bool
    var carPlay: Bool
    var layoutDirection: LayoutDirection
    /// The safe-area insets, when the plan's document reads them.
    var safeArea: EdgeInsets?
}
