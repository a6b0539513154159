import JSON
import NavigationLayout

/// One fuzz input: the bytes as a request body, and (when they are UTF-8 text) as a constraint
/// expression, a lone anchor and a lone constant. Anything may be rejected; nothing may crash, hang or
/// trip the address sanitizer. Accepted requests are re-encoded and re-parsed to exercise the writer and
/// the canonical constraint syntax and the request encoder: each must read back as the same value.
/// A body is decoded both from its bytes and from its parsed tree, which must agree on the request or
/// on every problem reported; and a body that decodes is solved twice through one `LayoutPipeline`,
/// the second time from its prepared-layout cache, which must answer exactly what the first solve did.
@_cdecl("LLVMFuzzerTestOneInput")
public func layoutRequestFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let fromBytes = outcome { () throws(RequestError) in try LayoutRequest.decode(from: bytes) }

    guard let value = try? JSONParser().parse(bytes) else {
        if case .success = fromBytes { fatalError("bytes that do not parse as JSON decoded to a request") }
        return checkExpressions(bytes)
    }
    let fromTree = outcome { () throws(RequestError) in try LayoutRequest.decode(from: value) }
    guard fromBytes == fromTree else {
        fatalError("the request decoded from bytes differs from the one decoded from its tree")
    }
    let written = JSONWriter().bytes(for: value)
    guard let reread = try? JSONParser().parse(written), reread == value else {
        fatalError("written JSON does not read back as the same value")
    }
    if case .success(let request) = fromTree {
        checkServedPath(bytes)
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
    return checkExpressions(bytes)
}

/// The bytes as a constraint expression, a lone anchor and a lone constant.
private func checkExpressions(_ bytes: [UInt8]) -> CInt {
    let text = String(decoding: bytes, as: UTF8.self)
    if let parsed = try? ConstraintParser.parse(text) {
        roundTrip(parsed.spec)
        _ = ConstraintChecker.check(parsed, items: .builtIns)
    }
    _ = try? ConstraintParser.parseAnchor(text)
    _ = try? ConstraintParser.parseConstant(text)
    return 0
}

/// What a decode gives: the request, or every problem it reported.
private func outcome(_ decode: () throws(RequestError) -> LayoutRequest) -> Result<LayoutRequest, RequestError> {
    do throws(RequestError) {
        return .success(try decode())
    } catch {
        return .failure(error)
    }
}

/// The canonical text of a constraint must parse back to the same constraint.
private func roundTrip(_ spec: LayoutConstraintSpec) {
    guard let again = try? ConstraintParser.parse(spec.description), again.spec == spec else {
        fatalError("canonical text '\(spec.description)' does not parse back to the same constraint")
    }
}

/// The served path on a body that decodes: a fresh solve, then the same body from the cache.
func checkServedPath(_ bytes: [UInt8]) {
    let pipeline = LayoutPipeline(clock: { 0 })
    guard let body = try? LayoutBody.read(bytes), let fresh = try? pipeline.solve(body) else { return }
    guard let cached = try? pipeline.solve(body) else {
        fatalError("a body that solved once fails from the prepared-layout cache")
    }
    guard cached.result == fresh.result, cached.resultBytes() == fresh.resultBytes() else {
        fatalError("the prepared-layout cache answers a body differently from its first solve")
    }
}
