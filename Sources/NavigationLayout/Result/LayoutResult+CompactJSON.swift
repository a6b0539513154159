// Hot: measured by the `served` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

/// The result's wire bytes, written directly (see `CompactJSONWriter`). Member for member the same
/// document as `jsonValue`; the request-path golden tests hold the two to the same bytes.

import JSON

extension LayoutResult {
    /// `id` stands in for the result's own id when given (a history id assigned after the solve).
    func compactJSONBytes(id: String? = nil) -> [UInt8] {
        var writer = CompactJSONWriter(capacity: 2048)
        writer.beginObject()
        if let id = id ?? self.id {
            writer.field("id")
            writer.string(id)
        }
        writer.field("mode")
        writer.string(mode.rawValue)
        writer.field("navigation")
        writer.string(navigation.rawValue)
        writer.field("wideMode")
        writer.bool(wideMode)
        writer.field("status")
        writer.string(status)
        writer.field("frames")
        Self.write(frames: frames, into: &writer)
        writer.field("hidden")
        writer.beginObject()
        for member in CompactJSONWriter.uniqueMembers(hidden.map { (name: $0.name, value: $0.reason) }) {
            writer.key(member.name)
            writer.string(member.value)
        }
        writer.endObject()
        writer.field("guides")
        Self.write(frames: guides, into: &writer)
        writer.field("camera")
        writer.beginObject()
        if let cameraViewport {
            writer.field("viewport")
            cameraViewport.write(into: &writer)
        }
        writer.endObject()
        writer.field("prompt")
        if let prompt {
            writer.beginObject()
            writer.field("frame")
            prompt.frame.write(into: &writer)
            writer.field("corners")
            writer.string(prompt.corners.rawValue)
            writer.field("animation")
            writer.beginObject()
            writer.field("duration")
            writer.number(prompt.animation.duration)
            writer.field("from")
            prompt.animation.from.write(into: &writer)
            writer.field("to")
            prompt.animation.to.write(into: &writer)
            writer.endObject()
            writer.endObject()
        } else {
            writer.null()
        }
        writer.field("layers")
        writer.beginArray()
        for layer in layers { writer.string(layer) }
        writer.endArray()
        writer.field("diagnostics")
        writer.beginArray()
        for diagnostic in diagnostics { writer.value(diagnostic.jsonValue) }
        writer.endArray()
        writer.field("broken")
        writer.beginArray()
        for report in broken { report.write(into: &writer) }
        writer.endArray()
        writer.field("mapFeatures")
        mapFeatures.write(into: &writer)
        if !appearance.isEmpty {
            writer.field("appearance")
            writer.value(appearance.jsonValue)
        }
        if let solveMicros {
            writer.field("solveMicros")
            writer.number(Double(solveMicros))
        }
        writer.endObject()
        return writer.bytes
    }

    private static func write(frames: [(name: String, frame: Frame)], into writer: inout CompactJSONWriter) {
        writer.beginObject()
        if hasRepeatedNames(frames) {
            for member in CompactJSONWriter.uniqueMembers(frames.map { (name: $0.name, value: $0.frame) }) {
                writer.key(member.name)
                member.value.write(into: &writer)
            }
        } else {
            // The usual case, written without building the folded list.
            for entry in frames {
                writer.key(entry.name)
                entry.frame.write(into: &writer)
            }
        }
        writer.endObject()
    }

    private static func hasRepeatedNames(_ frames: [(name: String, frame: Frame)]) -> Bool {
        // A result has a dozen frames, where comparing every pair beats hashing each name; a layout
        // of many custom views needs the set.
        if frames.count > 32 {
            var names = Set<String>()
            names.reserveCapacity(frames.count)
            return frames.contains { !names.insert($0.name).inserted }
        }
        for index in frames.indices {
            for earlier in 0..<index where frames[earlier].name == frames[index].name { return true }
        }
        return false
    }
}

extension Frame {
    /// The most bytes a frame writes: `{"x":,"y":,"width":,"height":}` (30) and four numbers of at most
    /// 24 characters each (the longest shortest form of a Double, `-2.2250738585072014e-308`).
    static let maximumCompactJSONCount = 30 + 4 * 24

    /// `{"x":…,"y":…,"width":…,"height":…}`, the members of `jsonValue` in its order. A result has a
    /// dozen frames: each is written in one piece rather than member by member through the buffer.
    func write(into writer: inout CompactJSONWriter) {
        writer.compactValue(atMost: Self.maximumCompactJSONCount) { sink in
            sink.append("{\"x\":")
            JSONWriter.writeNumber(x, into: &sink)
            sink.append(",\"y\":")
            JSONWriter.writeNumber(y, into: &sink)
            sink.append(",\"width\":")
            JSONWriter.writeNumber(width, into: &sink)
            sink.append(",\"height\":")
            JSONWriter.writeNumber(height, into: &sink)
            sink.append(UInt8(ascii: "}"))
        }
    }
}

extension BrokenConstraintReport {
    /// The members of `jsonValue`, in its order, written without building the tree.
    func write(into writer: inout CompactJSONWriter) {
        writer.beginObject()
        writer.field("constraint")
        writer.string(constraint)
        writer.field("priority")
        writer.number(Double(priority))
        writer.field("violation")
        writer.number(violation)
        writer.endObject()
    }
}

extension MapFeatures {
    func write(into writer: inout CompactJSONWriter) {
        writer.beginObject()
        writer.field("trafficLights")
        writer.bool(trafficLights)
        writer.field("stopSigns")
        writer.bool(stopSigns)
        writer.field("destinationMarkers")
        writer.bool(destinationMarkers)
        writer.field("scrollGestures")
        writer.bool(scrollGestures)
        writer.field("zoomGestures")
        writer.bool(zoomGestures)
        writer.field("tiltGestures")
        writer.bool(tiltGestures)
        writer.field("rotateGestures")
        writer.bool(rotateGestures)
        writer.field("alternateRoutes")
        writer.string(alternateRoutes.rawValue)
        writer.field("prompts")
        writer.bool(prompts)
        writer.endObject()
    }
}
