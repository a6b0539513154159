// Hot: measured by the `http-parse` stage (Benchmarks/Thresholds/budgets.json,
// `navlayout-http-bench --profile parse`); changes here are checked by scripts/check-budgets.sh.

/// What the head decides before any body is read: where the body ends (RFC 9112 section 6.3), whether
/// the connection stays open, and whether the client waits for 100 Continue.
extension RequestParser {
    /// Decides the body framing from the head (RFC 9112 section 6.3) and whether the connection may
    /// stay open. Returns an event when the caller must act before any body arrives.
    mutating func finishHead() throws(HTTPParseError) -> ParserEvent? {
        let fields = FramingFields(headers)
        try checkHost(fields)
        let framing = try bodyFraming(fields)
        if version == .http11 {
            keepAlive = !fields.connectionTokens.contains("close")
        } else {
            keepAlive = fields.connectionTokens.contains("keep-alive") && !fields.connectionTokens.contains("close")
        }
        let expectsContinue = try expectsContinue(fields)
        guard let framing else { return .request(completeRequest()) }
        state = framing
        return expectsContinue ? .expectsContinue : nil
    }

    /// One valid Host, required of HTTP/1.1 unless the target is in absolute form, whose authority then
    /// stands in for it.
    private mutating func checkHost(_ fields: FramingFields) throws(HTTPParseError) {
        if fields.hostCount > 1 { throw .malformed("more than one Host header") }
        if let hostValue = fields.hostValue, !HostSyntax.isValid(hostValue) {
            // RFC 9112 section 3.2: a Host that is not uri-host [ ":" port ] answers 400; passing it
            // on would let a client steer whatever later trusts Host (links, routing, caches).
            throw .malformed("Host is not a host with an optional port: \(hostValue)")
        }
        if fields.hostCount == 0 && version == .http11 && authority == nil {
            throw .malformed("HTTP/1.1 request without a Host header")
        }
        if let authority {
            // RFC 9112 section 3.2.2: the authority of an absolute-form target replaces Host.
            headers.replaceOrAdd(name: "Host", value: authority)
        }
    }

    /// The state that reads the body: chunked, a fixed length, or nil for a request without a body.
    /// Transfer-Encoding with Content-Length, several lengths, or codings other than one final chunked
    /// are refused rather than guessed at.
    private mutating func bodyFraming(_ fields: FramingFields) throws(HTTPParseError) -> State? {
        let transferCodings = fields.transferCodings
        let contentLengths = fields.contentLengths
        if fields.sawTransferEncoding {
            if !contentLengths.isEmpty { throw .malformed("both Transfer-Encoding and Content-Length") }
            if version == .http10 { throw .malformed("Transfer-Encoding in an HTTP/1.0 request") }
            guard transferCodings.last == "chunked" else {
                throw .malformed("Transfer-Encoding does not end in chunked")
            }
            if transferCodings.contains("") { throw .malformed("Transfer-Encoding has an empty coding") }
            if transferCodings.dropLast().contains("chunked") { throw .malformed("chunked applied more than once") }
            if transferCodings.count > 1 {
                throw HTTPParseError(
                    .notImplemented, "transfer coding \(transferCodings[0]) is not implemented; only chunked is")
            }
            return .chunkSize
        } else if !contentLengths.isEmpty {
            if contentLengths.count > 1 { throw .malformed("more than one Content-Length header") }
            let text = contentLengths[0]
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ decimalDigit($0) != nil }),
                let length = Int(text)
            else { throw .malformed("Content-Length is not a decimal number: \(text)") }
            if length > limits.maxBodySize {
                throw HTTPParseError(
                    .contentTooLarge, "body of \(length) bytes exceeds the limit of \(limits.maxBodySize)")
            }
            if length > 0 {
                body.reserveCapacity(length)
                return .fixedBody(remaining: length)
            }
        }
        return nil
    }

    /// Whether the client waits for 100 Continue before sending the body.
    private func expectsContinue(_ fields: FramingFields) throws(HTTPParseError) -> Bool {
        let expectations = fields.expectations
        guard version == .http11 && !expectations.isEmpty else { return false }
        // RFC 9110 section 10.1.1: the only expectation defined is 100-continue; others get 417.
        guard expectations.count == 1, expectations[0] == "100-continue" else {
            throw HTTPParseError(
                .expectationFailed, "unsupported expectation: \(expectations.joined(separator: ", "))")
        }
        return true
    }
}

/// The fields of a head that frame the request, gathered in one pass over it.
private struct FramingFields {
    var hostCount = 0
    var hostValue: String?
    var contentLengths: [String] = []
    var transferCodings: [String] = []
    var sawTransferEncoding = false
    var connectionTokens: [String] = []
    var expectations: [String] = []

    init(_ headers: HTTPHeaders) {
        for field in headers {
            switch field.name.utf8.count {
            case 4 where HTTPHeaders.namesEqual(field.name, "Host"):
                hostCount += 1
                hostValue = field.value
            case 14 where HTTPHeaders.namesEqual(field.name, "Content-Length"):
                contentLengths.append(field.value)
            case 17 where HTTPHeaders.namesEqual(field.name, "Transfer-Encoding"):
                sawTransferEncoding = true
                transferCodings += field.value.split(separator: ",", omittingEmptySubsequences: false)
                    .map { $0.trimmingOWS().lowercasedASCII() }
            case 10 where HTTPHeaders.namesEqual(field.name, "Connection"):
                connectionTokens += field.value.split(separator: ",").map { $0.trimmingOWS().lowercasedASCII() }
            case 6 where HTTPHeaders.namesEqual(field.name, "Expect"):
                expectations.append(field.value.lowercased())
            default:
                break
            }
        }
    }
}
