/// The part of a screen a request's plan depends on (see ``Rule``): screens of one class share a plan,
/// and a session built for one lays out the others with the screen's size as edit variables.
struct PlanScreenClass: Sendable, Equatable {
    var wideMode: Bool
    var carPlay: Bool
    var layoutDirection: LayoutDirection
    /// The safe-area insets, when the plan's document reads them.
    var safeArea: EdgeInsets?

    /// What of a request's screen `LayoutEngine.plan(for:accessoryTooShort:)` reads: two requests that
    /// differ only in the screen have plans that differ only in their `screen` when their classes are
    /// equal. A session planned for one is laid out for the other by suggesting the screen's size.
    ///
    /// The width class and CarPlay choose the plan; the direction decides how leading and trailing
    /// resolve. A request's own delegate does not depend on the screen otherwise. A built-in document
    /// (also the one shown with navigation disabled) reads the screen only through its direction and
    /// its safe-area insets, and the insets only where `paddingAdjustmentBehavior` is `automatic`
    /// (padding combined with the insets as constants) or a prompt may show (the controls' clearance
    /// above it includes the bottom inset); the insets are then part of the class.
    ///
    /// The rule holds the request's part of the answer, so a request solved on many screens (a
    /// prepared layout) classes each screen without reading the request again.
    struct Rule: Sendable {
        /// The request has a delegate and navigation is not disabled: outside CarPlay, its own
        /// document is planned.
        let delegateOutsideDisabled: Bool
        /// A built-in document of this request reads the safe-area insets.
        let builtInReadsSafeArea: Bool
        /// The request's wide mode, when it forces one.
        let wideMode: Bool?
        let wideModeMinimumWidth: Double

        init(_ request: LayoutRequest) {
            delegateOutsideDisabled = request.delegate != nil && request.state.navigation != .disabled
            builtInReadsSafeArea =
                request.settings.paddingAdjustmentBehavior == .automatic || request.state.prompt != nil
            wideMode = request.state.wideMode
            wideModeMinimumWidth = request.style[.wideModeMinimumWidth]
        }

        /// The class of `screen` for the request (`LayoutRequest.isWideMode` on that screen).
        func screenClass(of screen: Screen) -> PlanScreenClass {
            let delegatePlan = delegateOutsideDisabled && !screen.carPlay
            return PlanScreenClass(
                wideMode: wideMode ?? (screen.width >= wideModeMinimumWidth), carPlay: screen.carPlay,
                layoutDirection: screen.layoutDirection,
                safeArea: !delegatePlan && builtInReadsSafeArea ? screen.safeArea : nil)
        }
    }
}
