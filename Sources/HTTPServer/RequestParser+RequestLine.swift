// Hot: measured by the `http-parse` stage (Benchmarks/Thresholds/budgets.json,
// `navlayout-http-bench --profile parse`); changes here are checked by scripts/check-budgets.sh.

/// The request line: method, request-target and HTTP version (RFC 9112 section 3).
extension RequestParser {
    /// The request line, after at most a few blank lines; the header fields follow it.
    mutating func readRequestLine(_ buffer: inout InboundBuffer) throws(HTTPParseError) -> ParserEvent? {
        let tooLong = HTTPParseError(
            .uriTooLong, "request line longer than \(limits.maxRequestLineLength) bytes")
        guard let length = try nextLine(in: buffer, limit: limits.maxRequestLineLength, tooLong: tooLong)
        else { return .needMoreData }
        if length == 0 {
            buffer.consume(2)
            emptyLinesSkipped += 1
            if emptyLinesSkipped > Self.maxLeadingEmptyLines {
                throw .malformed("more than \(Self.maxLeadingEmptyLines) empty lines before the request line")
            }
            return nil
        }
        try buffer.withUnreadBytes { (bytes) throws(HTTPParseError) in
            try parseRequestLine(UnsafeBufferPointer(rebasing: bytes[0..<length]))
        }
        buffer.consume(length + 2)
        state = .headers
        return nil
    }

    private mutating func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) {
        var index = 0
        while index < line.count && ByteClass.isToken(line[index]) { index += 1 }
        guard index > 0 else { throw .malformed("request line does not start with a method token") }
        guard index < line.count, line[index] == Self.space else {
            throw .malformed(
                index < line.count
                    ? "method contains byte \(hex(line[index])) at column \(index + 1)"
                    : "request line has no request-target")
        }
        let methodName = String(decoding: UnsafeBufferPointer(rebasing: line[0..<index]), as: UTF8.self)
        index += 1
        let targetStart = index
        while index < line.count && ByteClass.isTarget(line[index]) { index += 1 }
        guard index > targetStart else { throw .malformed("request line has an empty request-target") }
        guard index < line.count, line[index] == Self.space else {
            throw .malformed(
                index < line.count
                    ? "request-target contains byte \(hex(line[index])) at column \(index + 1)"
                    : "request line has no HTTP version")
        }
        let rawTarget = String(decoding: UnsafeBufferPointer(rebasing: line[targetStart..<index]), as: UTF8.self)
        index += 1
        version = try parseVersion(UnsafeBufferPointer(rebasing: line[index...]))
        method = HTTPMethod(methodName)
        try setTarget(rawTarget)
    }

    private func parseVersion(_ text: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        let prefix: [UInt8] = Array("HTTP/".utf8)
        guard text.count == 8, text.prefix(5).elementsEqual(prefix), text[6] == UInt8(ascii: "."),
            let major = decimalDigit(text[5]), let minor = decimalDigit(text[7])
        else { throw .malformed("HTTP version is not of the form HTTP/<digit>.<digit>") }
        guard major == 1 else {
            throw HTTPParseError(.httpVersionNotSupported, "HTTP/\(major).\(minor) is not supported; use HTTP/1.1")
        }
        // RFC 9110 section 6.2: a higher minor version is answered as the highest one supported.
        return minor == 0 ? .http10 : .http11
    }

    /// Accepts origin-form, absolute-form (http and https, as RFC 9112 section 3.2.2 requires of
    /// servers) and asterisk-form for OPTIONS; authority-form belongs to CONNECT, which is not served.
    private mutating func setTarget(_ raw: String) throws(HTTPParseError) {
        authority = nil
        if method == .connect {
            throw HTTPParseError(.notImplemented, "CONNECT is not implemented by this server")
        }
        if raw.utf8.contains(UInt8(ascii: "#")) {
            throw .malformed("request-target contains a fragment ('#')")
        }
        if raw.utf8.first == UInt8(ascii: "/") {
            target = raw
            return
        }
        if raw == "*" {
            guard method == .options else {
                throw .malformed("asterisk-form request-target is only allowed with OPTIONS")
            }
            target = raw
            return
        }
        let lowered = raw.lowercased()
        let schemeLength: Int
        if lowered.hasPrefix("http://") {
            schemeLength = 7
        } else if lowered.hasPrefix("https://") {
            schemeLength = 8
        } else {
            throw .malformed("request-target is not in origin, absolute or asterisk form")
        }
        let afterScheme = raw.utf8.dropFirst(schemeLength)
        let authorityEnd =
            afterScheme.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
            ?? afterScheme.endIndex
        let authorityPart = String(decoding: afterScheme[afterScheme.startIndex..<authorityEnd], as: UTF8.self)
        guard !authorityPart.isEmpty, !authorityPart.contains("@"), HostSyntax.isValid(authorityPart) else {
            throw .malformed("absolute-form request-target has no usable authority")
        }
        let rest = String(decoding: afterScheme[authorityEnd...], as: UTF8.self)
        authority = authorityPart
        target = rest.hasPrefix("/") ? rest : "/" + rest
    }
}
