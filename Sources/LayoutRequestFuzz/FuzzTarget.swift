import NavigationLayout

/// One fuzz input: the bytes as a request body, and (when they are UTF-8 text) as a constraint
/// expression, a lone anchor and a lone constant. Anything may be rejected; nothing may crash, hang or
/// trip the address sanitizer. Accepted requests are re-encoded and re-parsed to exercise the writer and
/// the canonical constraint syntax and the request encoder: each must read back as the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func layoutRequestFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []

    if let value = try? JSONParser().parse(bytes) {
        let written = JSONWriter().bytes(for: value)
        guard let reread = try? JSONParser().parse(written), reread == value else {
            fatalError("written JSON does not read back as the same value")
        }
        if let request = try? LayoutRequest.decode(from: value) {
            guard let again = try? LayoutRequest.decode(from: request.jsonValue), again == request else {
                fatalError("an encoded request does not decode to the same request")
            }
            if let delegate = request.delegate {
                for constraint in delegate.shared + (delegate.guidance?.constraints ?? []) {
                    roundTrip(constraint.spec)
                }
            }
        }
        _ = try? ProfileMerge.validate(profile: value)
        _ = ProfileMerge.merge(profile: value, request: value)
    }

    let text = String(decoding: bytes, as: UTF8.self)
    if let parsed = try? ConstraintParser.parse(text) {
        roundTrip(parsed.spec)
        _ = ConstraintChecker.check(parsed, items: .builtIns)
    }
    _ = try? ConstraintParser.parseAnchor(text)
    _ = try? ConstraintParser.parseConstant(text)
    return 0
}

/// The canonical text of a constraint must parse back to the same constraint.
private func roundTrip(_ spec: LayoutConstraintSpec) {
    guard let again = try? ConstraintParser.parse(spec.description), again.spec == spec else {
        fatalError("canonical text '\(spec.description)' does not parse back to the same constraint")
    }
}
