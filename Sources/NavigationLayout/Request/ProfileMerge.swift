/// Lays a request over a stored profile: the profile fills every field the request leaves out.
///
/// The rule, chosen to match what someone editing either document expects:
/// - Objects merge member by member, recursively: a request that sets `screen.safeArea.top` or one key
///   of `settings` or `style` keeps the profile's other members.
/// - Arrays, strings, numbers and booleans in the request replace the profile's value whole.
/// - `delegate` is replaced whole: a delegate is one coherent set of views and constraints, and
///   splicing two of them would install constraints neither author wrote together. So is
///   `delegateSource`, the Swift a delegate was read from; a request that gives a delegate without
///   its source drops the profile's source, which no longer describes the delegate in force.
/// - null in the request removes the profile's value (JSON Merge Patch, RFC 7396), so
///   `"wideMode": null` returns to the derived wide mode and `"delegate": null` to the built-in layout.
/// - The profile's `description` is not part of a request and is dropped.
/// - Member order: the profile's members in its order, then the request's new members in its order.
///
/// Both arguments should be objects; when either is not, the request is returned unchanged so the
/// decoder reports its shape.

import JSON

public enum ProfileMerge {
    /// Top-level members of a request that are replaced rather than merged.
    public static let replacedWhole: Set<String> = ["delegate", "delegateSource"]

    /// Checks a profile before it is stored (PUT /v1/profiles/{name}): it may hold screen, state,
    /// settings, delegate, style and a description; unknown fields, wrong types and out-of-range values
    /// are errors as in a request, but screen and state may be partial.
    public static func validate(profile: JSONValue) throws(RequestError) {
        var decoder = RequestDecoder()
        decoder.profile(profile)
        guard decoder.issues.isEmpty else { throw RequestError(issues: decoder.issues) }
    }

    public static func merge(profile: JSONValue, request: JSONValue) -> JSONValue {
        guard case .object(var base) = profile, case .object(let overlay) = request else { return request }
        base["description"] = nil
        if overlay["delegate"] != nil, overlay["delegateSource"] == nil { base["delegateSource"] = nil }
        return .object(mergeObjects(base, overlay, replacingWhole: replacedWhole))
    }

    /// Hash lookups on both sides keep the merge linear even for objects with many members; the
    /// output order comes from the member arrays, never from the hash tables.
    private static func mergeObjects(_ base: JSONObject, _ overlay: JSONObject, replacingWhole: Set<String>)
        -> JSONObject
    {
        let overlayIndex = overlay.indexByKey()
        let baseIndex = base.indexByKey()
        var members: [JSONObject.Member] = []
        members.reserveCapacity(base.count + overlay.count)
        for member in base.members {
            guard let override = overlayIndex[member.key] else {
                members.append(member)
                continue
            }
            guard override != .null else { continue }
            let value =
                replacingWhole.contains(member.key) ? removingNulls(override) : mergeValues(member.value, override)
            members.append(JSONObject.Member(key: member.key, value: value))
        }
        for member in overlay.members where baseIndex[member.key] == nil && member.value != .null {
            members.append(JSONObject.Member(key: member.key, value: removingNulls(member.value)))
        }
        return JSONObject(uniqueMembers: members)
    }

    private static func mergeValues(_ base: JSONValue, _ overlay: JSONValue) -> JSONValue {
        guard case .object(let baseObject) = base, case .object(let overlayObject) = overlay else {
            return removingNulls(overlay)
        }
        return .object(mergeObjects(baseObject, overlayObject, replacingWhole: []))
    }

    /// Object members set to null mean "absent" in a patch; with nothing under them to remove, drop them.
    private static func removingNulls(_ value: JSONValue) -> JSONValue {
        guard case .object(let object) = value else { return value }
        let members = object.members.compactMap { member in
            member.value == .null ? nil : JSONObject.Member(key: member.key, value: removingNulls(member.value))
        }
        return .object(JSONObject(uniqueMembers: members))
    }
}
