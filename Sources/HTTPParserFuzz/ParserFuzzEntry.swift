import HTTPServer

/// Small limits so the fuzzer reaches every limit branch with short inputs.
private let fuzzLimits: ServerLimits = {
    var limits = ServerLimits()
    limits.maxRequestLineLength = 96
    limits.maxHeaderLineLength = 80
    limits.maxHeaderBytes = 256
    limits.maxHeaderCount = 8
    limits.maxBodySize = 512
    limits.maxChunkLineLength = 48
    return limits
}()

/// A comparable record of everything a decoder produced from one input.
private enum Outcome: Equatable {
    case continueExpected
    case request(method: String, target: String, version: String, headers: [String], body: [UInt8], keepAlive: Bool)
    case failed(status: Int)
}

private func decode(_ input: UnsafeBufferPointer<UInt8>, pieceSize: Int) -> [Outcome] {
    var decoder = RequestDecoder(limits: fuzzLimits)
    var outcomes: [Outcome] = []
    var offset = 0
    while true {
        do {
            while let event = try decoder.next() {
                switch event {
                case .expectsContinue:
                    outcomes.append(.continueExpected)
                case .request(let request, let keepAlive):
                    outcomes.append(
                        .request(
                            method: request.method.rawValue, target: request.target,
                            version: request.version.description,
                            headers: request.headers.map { "\($0.name): \($0.value)" },
                            body: request.body, keepAlive: keepAlive))
                }
            }
        } catch {
            outcomes.append(.failed(status: error.status.code))
            return outcomes
        }
        if offset >= input.count { return outcomes }
        let end = min(input.count, offset + pieceSize)
        decoder.feed(UnsafeBufferPointer(rebasing: input[offset..<end]))
        offset = end
    }
}

/// Decodes the input whole, byte by byte and in pieces of an input-chosen size; all must agree, because a parser whose answer depends
/// on how TCP split the bytes is a request-smuggling bug. Crashes, hangs and sanitizer reports are
/// the other findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func parserFuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    let whole = decode(input, pieceSize: max(size, 1))
    let byteByByte = decode(input, pieceSize: 1)
    // A third split whose size the input chooses, so boundaries land inside every construct.
    let chosenSize = size > 0 ? 2 + Int(input[size - 1] % 13) : 2
    let chosen = decode(input, pieceSize: chosenSize)
    if whole != byteByByte || whole != chosen {
        fatalError("parser result depends on read boundaries: \(whole) / \(byteByByte) / \(chosen)")
    }
    return 0
}
