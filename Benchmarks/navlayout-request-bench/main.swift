// Request decoding benchmark: reading a POST /v1/layouts body into a LayoutRequest, and writing JSON,
// each next to Foundation's JSONSerialization doing the same job on the same bytes in the same run.
//
//     swift run -c release navlayout-request-bench [--repetitions R] [FILE.json ...]
//
// Without files it measures the example requests in Tests/Fixtures. Each figure is
// the median over R repetitions of the mean time per operation in a batch; ratios compare medians.
import BenchmarkSupport
import Foundation
import JSON
import NavigationLayout

struct Options {
    var repetitions = 21
    var files: [String] = []

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--repetitions":
                guard let text = remaining.popFirst(), let count = Int(text), count > 0 else {
                    throw UsageError(message: "--repetitions needs a positive integer")
                }
                repetitions = count
            default:
                files.append(argument)
            }
        }
        if files.isEmpty {
            let fixtures = "Tests/Fixtures/"
            files = ["seed-delegate-prompt.json", "seed-delegate-guidance.json", "builtin-guidance.json"].map {
                fixtures + $0
            }
        }
    }
}

struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

func format(_ value: Double) -> String { String(format: "%8.2f", value) }

do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    print("medians of \(options.repetitions) repetitions, µs per operation")
    for file in options.files {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw UsageError(message: "cannot read \(file)")
        }
        let bytes = [UInt8](data)
        let value = try JSONParser().parse(bytes)
        let request = try LayoutRequest.decode(from: bytes)
        let foundationObject = try JSONSerialization.jsonObject(with: data)
        let r = options.repetitions

        let peerParse = medianMicroseconds(repetitions: r) {
            ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?.count ?? 0
        }
        let parse = medianMicroseconds(repetitions: r) {
            if case .object(let object)? = try? JSONParser().parse(bytes) { return object.count }
            return 0
        }
        let decode = medianMicroseconds(repetitions: r) {
            (try? LayoutRequest.decode(from: bytes))?.delegate?.shared.count ?? 1
        }
        let peerWrite = medianMicroseconds(repetitions: r) {
            (try? JSONSerialization.data(withJSONObject: foundationObject))?.count ?? 0
        }
        let write = medianMicroseconds(repetitions: r) { JSONWriter().bytes(for: value).count }
        let encode = medianMicroseconds(repetitions: r) { JSONWriter().bytes(for: request.jsonValue).count }

        print("\n\(file) (\(bytes.count) bytes)")
        print("  JSONSerialization.jsonObject (peer)   \(format(peerParse))")
        print(
            "  JSONParser.parse                      \(format(parse))   ratio \(String(format: "%.2f", parse / peerParse))"
        )
        print(
            "  LayoutRequest.decode(from: bytes)     \(format(decode))   ratio \(String(format: "%.2f", decode / peerParse))"
        )
        print("  JSONSerialization.data (peer)         \(format(peerWrite))")
        print(
            "  JSONWriter.bytes                      \(format(write))   ratio \(String(format: "%.2f", write / peerWrite))"
        )
        print(
            "  request.jsonValue + JSONWriter        \(format(encode))   ratio \(String(format: "%.2f", encode / peerWrite))"
        )
    }
} catch {
    FileHandle.standardError.write(Data("navlayout-request-bench: \(error)\n".utf8))
    exit(2)
}
