/// The two pictures of one cell of a layout review: the layout before the change and after it.
public struct CellPicturePair: Sendable, Equatable {
    public var before: LayoutPicture
    public var after: LayoutPicture

    public init(before: LayoutPicture, after: LayoutPicture) {
        self.before = before
        self.after = after
    }
}
