// Hot: measured by the `decode` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile decode`); changes here are checked by scripts/check-budgets.sh.

extension BuiltInItem {
    /// The item of a name, as `init?(rawValue:)` finds it. The decoder and the layout session look up
    /// every anchor's item here, several times per request; the synthesized initializer's string switch
    /// costs several hundred instructions per call, and so does hashing the name for a dictionary.
    init?(named name: String) {
        // Length and first letter single out one candidate (no two names share both), and one string
        // comparison confirms it: cheaper than comparing the name with every name of its length.
        guard let first = name.utf8.first else { return nil }
        let candidate: BuiltInItem
        switch (name.utf8.count, first) {
        case (3, UInt8(ascii: "m")): candidate = .map
        case (8, UInt8(ascii: "s")): candidate = .safeArea
        case (8, UInt8(ascii: "t")): candidate = .turnCard
        case (7, UInt8(ascii: "e")): candidate = .etaCard
        case (15, UInt8(ascii: "t")): candidate = .tripProgressBar
        case (11, UInt8(ascii: "s")): candidate = .speedWidget
        case (10, UInt8(ascii: "g")): candidate = .googleLogo
        case (8, UInt8(ascii: "v")): candidate = .viewport
        case (6, UInt8(ascii: "p")): candidate = .prompt
        case (7, UInt8(ascii: "c")): candidate = .compass
        case (9, UInt8(ascii: "r")): candidate = .reporting
        case (10, UInt8(ascii: "m")): candidate = .myLocation
        case (8, UInt8(ascii: "r")): candidate = .recenter
        case (15, UInt8(ascii: "h")): candidate = .headerAccessory
        default: return nil
        }
        guard candidate.rawValue == name else { return nil }
        self = candidate
    }
}
