import BenchmarkSupport
import Foundation
import SwiftDelegate

/// `--hazards`: each shape the toolchain's parser recursed on without bound, at the largest size the
/// importer reads (found by bisection on the importer's own refusal), imported as a cold import is:
/// the median time of `repetitions`, and the most stack one import takes (`ThreadStack.peakBytes`).
/// What the limit promises is that these stay small: the times a fraction of a second, the stacks
/// within the 8 MB a thread has by default (the solver pool, where the service imports, gives its
/// threads 16).
enum ParserHazardBench {
    static let path = "Hazard.swift"

    static func run(repetitions: Int) {
        print("shape                                      count    bytes   import ms   peak stack KB")
        for shape in ParserHazardShape.all {
            let count = largestRead(shape)
            let bytes = Array(shape.source(count).utf8)
            let millis = medianMicroseconds(repetitions: repetitions) { importOnce(bytes) } / 1000
            let stack = ThreadStack.peakBytes { _ = importOnce(bytes) }
            print(
                shape.name.padding(toLength: 40, withPad: " ", startingAt: 0)
                    + String(format: "%8d %8d %11.2f %15d", count, bytes.count, millis, stack >> 10))
        }
    }

    /// Whether the importer refuses `bytes` as nested past the parser's limit, before parsing.
    static func refused(_ bytes: [UInt8]) -> Bool {
        do {
            _ = try SwiftDelegateImport.run(bytes, path: path)
            return false
        } catch {
            return error.diagnostics.contains { $0.message.contains("levels are open here") }
        }
    }

    /// The largest count of `shape` the importer reads; 300 is past the limit for every shape.
    static func largestRead(_ shape: ParserHazardShape) -> Int {
        var read = 1
        var refusedAt = 300
        precondition(!refused(Array(shape.source(read).utf8)) && refused(Array(shape.source(refusedAt).utf8)))
        while refusedAt - read > 1 {
            let middle = (read + refusedAt) / 2
            if refused(Array(shape.source(middle).utf8)) { refusedAt = middle } else { read = middle }
        }
        return read
    }

    /// One cold import; the number of diagnostics, so that the work is observable.
    static func importOnce(_ bytes: [UInt8]) -> Int {
        do {
            return try SwiftDelegateImport.run(bytes, path: path).warnings.count
        } catch {
            return error.diagnostics.count
        }
    }
}
