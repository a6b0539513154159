/// What a tableau symbol stands for. The kind decides whether the simplex may move the symbol and in
/// which direction.
enum SymbolKind: UInt8 {
    /// A free id, waiting to be reused.
    case unused
    /// A user variable: unrestricted in sign. Once basic it stays basic (only restricted rows limit a
    /// pivot), so non-basic externals never appear in restricted rows or in the objective.
    case external
    /// The slack of an inequality, or the artificial variable of phase one: never negative.
    case slack
    /// The error of a non-required constraint: never negative, costs one unit at its priority level.
    case error
    /// The marker of a required equality: fixed at zero, so it never enters the basis.
    case dummy
}
