// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

/// The terms of an ``Expression``: up to four in the value itself, more in an array.
///
/// Almost every layout constraint has one to four terms (`a == b`, `a == b * m + c`, a center
/// between two edges), and a system builds and frees one expression per constraint. An array per
/// expression would be one more heap block per constraint, torn down element by element through
/// the generic array machinery; inline terms cost neither. The list is kept small on purpose: a
/// ``Constraint`` holding it stays within 120 bytes, the largest block glibc's allocator still
/// frees through its fast bins (a larger one costs about twice as much to free). Order and
/// duplicates are kept as given: the solver adds up repeated variables itself.
struct TermList: Sendable {
    /// How many terms fit inline.
    static let inlineCapacity = 4

    // Inline terms 0..<inlineCount while `overflow` is nil; unused places stay nil and 0.
    private var variable0: Variable?
    private var variable1: Variable?
    private var variable2: Variable?
    private var variable3: Variable?
    private var coefficient0 = 0.0
    private var coefficient1 = 0.0
    private var coefficient2 = 0.0
    private var coefficient3 = 0.0
    /// Every term, once there are more than fit inline (the inline places are then unused).
    private var overflow: [Term]?
    private var inlineCount: UInt8 = 0

    init() {}

    init(_ terms: [Term]) {
        if terms.count > TermList.inlineCapacity {
            overflow = terms
        } else {
            for term in terms { append(term.variable, term.coefficient) }
        }
    }

    init(_ variable: consuming Variable, _ coefficient: Double) {
        variable0 = variable
        coefficient0 = coefficient
        inlineCount = 1
    }

    var count: Int {
        @inline(__always) get { overflow?.count ?? Int(inlineCount) }
    }

    @inline(__always)
    mutating func append(_ variable: consuming Variable, _ coefficient: Double) {
        // Each path moves the variable into its place (`consume`): no retain and release.
        if overflow != nil {
            overflow?.append(Term(consume variable, coefficient))
            return
        }
        switch inlineCount {
        case 0:
            variable0 = consume variable
            coefficient0 = coefficient
        case 1:
            variable1 = consume variable
            coefficient1 = coefficient
        case 2:
            variable2 = consume variable
            coefficient2 = coefficient
        case 3:
            variable3 = consume variable
            coefficient3 = coefficient
        default:
            // The fifth term: move everything to the array.
            var all = array
            all.append(Term(consume variable, coefficient))
            self = TermList()
            overflow = all
            return
        }
        inlineCount += 1
    }

    /// The variable of term `index` (`0..<count`).
    func variable(at index: Int) -> Variable {
        if let overflow { return overflow[index].variable }
        let variable: Variable?
        switch index {
        case 0: variable = variable0
        case 1: variable = variable1
        case 2: variable = variable2
        default: variable = variable3
        }
        guard let variable else { preconditionFailure("term \(index) of an expression with \(count) terms") }
        return variable
    }

    /// The coefficient of term `index` (`0..<count`).
    @inline(__always)
    func coefficient(at index: Int) -> Double {
        if let overflow { return overflow[index].coefficient }
        switch index {
        case 0: return coefficient0
        case 1: return coefficient1
        case 2: return coefficient2
        default: return coefficient3
        }
    }

    /// The address of the variable of term `index` (its identity, see ``ObjectIdentifier/address``).
    /// Read as the bits of the stored reference: the solver looks variables up by identity, and
    /// taking the reference out of the list to ask for its identity would retain and release it.
    @inline(__always)
    func address(at index: Int) -> UInt {
        if let overflow { return ObjectIdentifier(overflow[index].variable).address }
        switch index {
        case 0: return unsafeBitCast(variable0, to: UInt.self)
        case 1: return unsafeBitCast(variable1, to: UInt.self)
        case 2: return unsafeBitCast(variable2, to: UInt.self)
        default: return unsafeBitCast(variable3, to: UInt.self)
        }
    }

    /// Writes the address and coefficient of every term to `terms`, which has room for at least
    /// `max(count, inlineCapacity)` values (their symbols are left as they are): the inline terms
    /// are copied in one straight run, all four places used or not, so that the solver then reads
    /// them from a plain buffer instead of choosing a field per term.
    @inline(__always)
    func unpack(into terms: UnsafeMutablePointer<UnpackedTerm>) {
        if let overflow {
            for index in overflow.indices {
                terms[index].address = ObjectIdentifier(overflow[index].variable).address
                terms[index].coefficient = overflow[index].coefficient
            }
            return
        }
        terms[0].address = unsafeBitCast(variable0, to: UInt.self)
        terms[0].coefficient = coefficient0
        terms[1].address = unsafeBitCast(variable1, to: UInt.self)
        terms[1].coefficient = coefficient1
        terms[2].address = unsafeBitCast(variable2, to: UInt.self)
        terms[2].coefficient = coefficient2
        terms[3].address = unsafeBitCast(variable3, to: UInt.self)
        terms[3].coefficient = coefficient3
    }

    var array: [Term] {
        if let overflow { return overflow }
        var terms: [Term] = []
        terms.reserveCapacity(count)
        for index in 0..<count { terms.append(Term(variable(at: index), coefficient(at: index))) }
        return terms
    }

    /// The same variables with every coefficient multiplied by `factor`.
    func scaled(by factor: Double) -> TermList {
        var scaled = self
        if let overflow {
            scaled.overflow = overflow.map { Term($0.variable, $0.coefficient * factor) }
        } else {
            scaled.coefficient0 *= factor
            scaled.coefficient1 *= factor
            scaled.coefficient2 *= factor
            scaled.coefficient3 *= factor
        }
        return scaled
    }

    /// These terms followed by `other`'s.
    func appending(_ other: TermList) -> TermList {
        var joined = self
        for index in 0..<other.count { joined.append(other.variable(at: index), other.coefficient(at: index)) }
        return joined
    }
}

/// A term of the constraint being added, as the solver reads it: the variable's address (its
/// identity), the coefficient and the variable's symbol (-1 while it has none).
struct UnpackedTerm: Sendable {
    var address: UInt = 0
    var coefficient = 0.0
    var symbol: Int32 = -1
}
