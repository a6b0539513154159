/// A prompt's slide: the delegate animates prompts (the SDK does not), from `from` to `to`.
///
/// Seed 000, "Câu lệnh tạo ảnh động" (animating prompts): show slides the prompt in from just below
/// the visible area, hide slides it out the same way, change runs both at once.

import JSON

public struct PromptAnimation: Sendable, Equatable {
    public var duration: Double
    public var from: Frame
    public var to: Frame

    public init(duration: Double, from: Frame, to: Frame) {
        self.duration = duration
        self.from = from
        self.to = to
    }

    public var jsonValue: JSONValue {
        ["duration": .number(duration), "from": from.jsonValue, "to": to.jsonValue]
    }

    /// Where a prompt starts (show) or ends (hide): moved down by its height, as the seed's sample
    /// delegate does (`prompt.bottom == map.bottom + promptHeight`), and never less than fully below the
    /// map's bottom edge, so a prompt placed above a bottom sheet also starts out of sight.
    public static func offscreen(_ frame: Frame, mapHeight: Double) -> Frame {
        Frame(x: frame.x, y: max(frame.y + frame.height, mapHeight), width: frame.width, height: frame.height)
    }

    /// showPrompt: slide in from below the bottom edge to the solved frame.
    public static func show(_ frame: Frame, mapHeight: Double, duration: Double) -> PromptAnimation {
        PromptAnimation(duration: duration, from: offscreen(frame, mapHeight: mapHeight), to: frame)
    }

    /// hidePrompt: slide out from the solved frame to below the bottom edge.
    public static func hide(_ frame: Frame, mapHeight: Double, duration: Double) -> PromptAnimation {
        PromptAnimation(duration: duration, from: frame, to: offscreen(frame, mapHeight: mapHeight))
    }

    /// changePrompt: the old prompt slides out while the new one slides in, over the same duration.
    public static func change(
        from oldFrame: Frame, to newFrame: Frame, mapHeight: Double, duration: Double
    ) -> (outgoing: PromptAnimation, incoming: PromptAnimation) {
        (
            hide(oldFrame, mapHeight: mapHeight, duration: duration),
            show(newFrame, mapHeight: mapHeight, duration: duration)
        )
    }
}
