/// Lays a request over a stored profile: the profile fills every field the request leaves out.
///
/// The rule, chosen to match what someone editing either document expects:
/// - Objects merge member by member, recursively: a request that sets `screen.safeArea.top` or one key
///   of `settings` or `style` keeps the profile's other members.
/// - Arrays, strings, numbers and booleans in the request replace the profile's value whole.
/// - `delegate` is replaced whole: a delegate is one coherent set of views and constraints, and
///   splicing two of them would install constraints neither author wrote together.
/// - null in the request removes the profile's value (JSON Merge Patch, RFC 7396), so
///   `"wideMode": null` returns to the derived wide mode and `"delegate": null` to the built-in layout.
/// - The profile's `description` is not part of a request and is dropped.
/// - Member order: the profile's members in its order, then the request's new members in its order.
///
/// Both arguments should be objects; when either is not, the request is returned unchanged so the
/// decoder reports its shape.
public enum ProfileMerge {
    /// Top-level members of a request that are replaced rather than merged.
    public static let replacedWhole: Set<String> = ["delegate"]

    public static func merge(profile: JSONValue, request: JSONValue) -> JSONValue {
        guard case .object(var base) = profile, case .object(let overlay) = request else { return request }
        base["description"] = nil
        var result = JSONObject()
        for member in base.members {
            if let override = overlay[member.key] {
                guard override != .null else { continue }
                result[member.key] = replacedWhole.contains(member.key) ? override : mergeValues(member.value, override)
            } else {
                result[member.key] = member.value
            }
        }
        for member in overlay.members where base[member.key] == nil && member.value != .null {
            result[member.key] = removingNulls(member.value)
        }
        return .object(result)
    }

    private static func mergeValues(_ base: JSONValue, _ overlay: JSONValue) -> JSONValue {
        guard case .object(let baseObject) = base, case .object(let overlayObject) = overlay else {
            return removingNulls(overlay)
        }
        var result = JSONObject()
        for member in baseObject.members {
            if let override = overlayObject[member.key] {
                guard override != .null else { continue }
                result[member.key] = mergeValues(member.value, override)
            } else {
                result[member.key] = member.value
            }
        }
        for member in overlayObject.members where baseObject[member.key] == nil && member.value != .null {
            result[member.key] = removingNulls(member.value)
        }
        return .object(result)
    }

    /// Object members set to null mean "absent" in a patch; nothing to remove them from, so drop them.
    private static func removingNulls(_ value: JSONValue) -> JSONValue {
        guard case .object(let object) = value else { return value }
        var result = JSONObject()
        for member in object.members where member.value != .null {
            result[member.key] = removingNulls(member.value)
        }
        return .object(result)
    }
}
