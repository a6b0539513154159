/// A delegate request (JSON bytes) whose ready state shows `views` custom views piled on one
/// another: each view's top at or below the one before it and nothing else, so every pair overlaps
/// and every view is free to move. The findings grow with the square of `views` while the body grows
/// with `views`: the shape that makes a small body expensive.
public func piledLayoutRequest(views: Int) -> [UInt8] {
    var constraints = ["\"v0.top == safeArea.top\""]
    for index in 1..<max(1, views) {
        constraints.append("\"v\(index).top >= v\(index - 1).top\"")
    }
    return readyViewsRequest(views: views, constraints: constraints)
}
