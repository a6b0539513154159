/// The result's wire bytes, written directly (see `CompactJSONWriter`). Member for member the same
/// document as `jsonValue`; the request-path golden tests hold the two to the same bytes.
extension LayoutResult {
    func compactJSONBytes() -> [UInt8] {
        var writer = CompactJSONWriter(capacity: 2048)
        writer.beginObject()
        if let id {
            writer.key("id")
            writer.string(id)
        }
        writer.key("mode")
        writer.string(mode.rawValue)
        writer.key("navigation")
        writer.string(navigation.rawValue)
        writer.key("wideMode")
        writer.bool(wideMode)
        writer.key("status")
        writer.string(status)
        writer.key("frames")
        Self.write(frames: frames, into: &writer)
        writer.key("hidden")
        writer.beginObject()
        for member in CompactJSONWriter.uniqueMembers(hidden.map { (name: $0.name, value: $0.reason) }) {
            writer.key(member.name)
            writer.string(member.value)
        }
        writer.endObject()
        writer.key("guides")
        Self.write(frames: guides, into: &writer)
        writer.key("camera")
        writer.beginObject()
        if let cameraViewport {
            writer.key("viewport")
            cameraViewport.write(into: &writer)
        }
        writer.endObject()
        writer.key("prompt")
        if let prompt {
            writer.beginObject()
            writer.key("frame")
            prompt.frame.write(into: &writer)
            writer.key("corners")
            writer.string(prompt.corners.rawValue)
            writer.key("animation")
            writer.beginObject()
            writer.key("duration")
            writer.number(prompt.animation.duration)
            writer.key("from")
            prompt.animation.from.write(into: &writer)
            writer.key("to")
            prompt.animation.to.write(into: &writer)
            writer.endObject()
            writer.endObject()
        } else {
            writer.null()
        }
        writer.key("layers")
        writer.beginArray()
        for layer in layers { writer.string(layer) }
        writer.endArray()
        writer.key("diagnostics")
        writer.beginArray()
        for diagnostic in diagnostics { writer.value(diagnostic.jsonValue) }
        writer.endArray()
        writer.key("broken")
        writer.beginArray()
        for report in broken { writer.value(report.jsonValue) }
        writer.endArray()
        writer.key("mapFeatures")
        mapFeatures.write(into: &writer)
        if !appearance.isEmpty {
            writer.key("appearance")
            writer.value(appearance.jsonValue)
        }
        if let solveMicros {
            writer.key("solveMicros")
            writer.number(Double(solveMicros))
        }
        writer.endObject()
        return writer.bytes
    }

    private static func write(frames: [(name: String, frame: Frame)], into writer: inout CompactJSONWriter) {
        writer.beginObject()
        for member in CompactJSONWriter.uniqueMembers(frames.map { (name: $0.name, value: $0.frame) }) {
            writer.key(member.name)
            member.value.write(into: &writer)
        }
        writer.endObject()
    }
}

extension Frame {
    func write(into writer: inout CompactJSONWriter) {
        writer.beginObject()
        writer.key("x")
        writer.number(x)
        writer.key("y")
        writer.number(y)
        writer.key("width")
        writer.number(width)
        writer.key("height")
        writer.number(height)
        writer.endObject()
    }
}

extension MapFeatures {
    func write(into writer: inout CompactJSONWriter) {
        writer.beginObject()
        writer.key("trafficLights")
        writer.bool(trafficLights)
        writer.key("stopSigns")
        writer.bool(stopSigns)
        writer.key("destinationMarkers")
        writer.bool(destinationMarkers)
        writer.key("scrollGestures")
        writer.bool(scrollGestures)
        writer.key("zoomGestures")
        writer.bool(zoomGestures)
        writer.key("tiltGestures")
        writer.bool(tiltGestures)
        writer.key("rotateGestures")
        writer.bool(rotateGestures)
        writer.key("alternateRoutes")
        writer.string(alternateRoutes.rawValue)
        writer.key("prompts")
        writer.bool(prompts)
        writer.endObject()
    }
}
