/// A delegate request (JSON bytes) whose ready state shows `views` custom views in one column: each
/// view's top on the bottom of the one before it and its leading edge on that one's, the first under
/// the safe area's top-leading corner. Every view has an intrinsic size (100 x 10 points), so the
/// layout is fully determined; the column runs off the screen once it is longer than the map.
///
/// The shape of a long list of custom views: what the layout path's cost is measured on as the
/// number of views grows (navlayout-layout-bench --chains), and what its tests solve.
public func chainedLayoutRequest(views: Int) -> [UInt8] {
    var names: [String] = []
    var constraints = ["\"v0.top == safeArea.top\"", "\"v0.leading == safeArea.leading\""]
    for index in 0..<views {
        names.append("v\(index)")
        if index > 0 {
            constraints.append("\"v\(index).top == v\(index - 1).bottom\"")
            constraints.append("\"v\(index).leading == v\(index - 1).leading\"")
        }
    }
    constraints += [
        "\"googleLogo.leading == safeArea.leading\"", "\"googleLogo.bottom == safeArea.bottom\"",
        "\"viewport.leading == safeArea.leading\"", "\"viewport.trailing == safeArea.trailing\"",
        "\"viewport.top == safeArea.top\"", "\"viewport.bottom == safeArea.bottom\"",
    ]
    let viewSizes = names.map { "\"\($0)\": {\"width\": 100, \"height\": 10}" }.joined(separator: ", ")
    let shown = (["googleLogo", "viewport"] + names).map { "\"\($0)\"" }.joined(separator: ", ")
    let text = """
        {"screen": {"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34, "left": 0, "right": 0}},
         "state": {"navigation": "ready"},
         "delegate": {"views": {\(viewSizes)},
                      "ready": {"views": [\(shown)], "constraints": [\(constraints.joined(separator: ", "))]}}}
        """
    return Array(text.utf8)
}

/// A delegate request (JSON bytes) whose ready state shows `views` custom views in one column, each
/// at least 2 points below the one before and preferring (at low priority) to touch it. Every new row
/// of the solver's tableau mentions the slacks of all the rows above, so the work of solving it grows
/// with the square of `views`: the shape tests use to make a solve expensive while staying within
/// the request limits.
public func spacedColumnRequest(views: Int) -> [UInt8] {
    var constraints = ["\"v0.top == map.top\"", "\"v0.leading == map.leading\""]
    for index in 1..<max(1, views) {
        constraints += [
            "\"v\(index).top >= v\(index - 1).bottom + 2\"", "\"v\(index).top == v\(index - 1).bottom @low\"",
            "\"v\(index).leading == map.leading\"",
        ]
    }
    return readyViewsRequest(views: views, constraints: constraints)
}

/// A delegate request (JSON bytes) on a 393 x 852 screen whose ready state shows the custom views
/// v0 to v(`views` - 1), each 100 x 10 points, under `constraints` (each already a JSON string).
func readyViewsRequest(views: Int, constraints: [String]) -> [UInt8] {
    let names = (0..<views).map { "\"v\($0)\"" }
    let sizes = names.map { "\($0): {\"width\": 100, \"height\": 10}" }.joined(separator: ", ")
    let text = """
        {"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"},
         "delegate": {"views": {\(sizes)},
                      "ready": {"views": [\(names.joined(separator: ", "))], "constraints": [\(constraints.joined(separator: ", "))]}}}
        """
    return Array(text.utf8)
}
