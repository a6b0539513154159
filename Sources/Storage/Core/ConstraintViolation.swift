/// A statement refused by a constraint of the schema, named the same way whichever database
/// refused it, so that the repositories turn it into the same answer:
///
///     do { ... } catch ConstraintViolation.foreignKey { ... } catch ConstraintViolation.duplicateKey { ... }
public struct ConstraintViolation: Sendable, Equatable {
    // A struct of constants rather than an enum: a catch clause then reads `ConstraintViolation.x`
    // as a value matched by `~=` below, not as an enum case the error itself would have to be.
    private enum Kind: Sendable, Equatable {
        case foreignKey, duplicateKey, other
    }

    private let kind: Kind

    /// A row names a parent that does not exist (SQLite's SQLITE_CONSTRAINT_FOREIGNKEY,
    /// PostgreSQL's 23503).
    public static let foreignKey = ConstraintViolation(kind: .foreignKey)
    /// A row repeats a primary or unique key (SQLITE_CONSTRAINT_PRIMARYKEY and _UNIQUE, 23505).
    public static let duplicateKey = ConstraintViolation(kind: .duplicateKey)
    /// Any other constraint: CHECK, NOT NULL, a trigger's refusal.
    public static let other = ConstraintViolation(kind: .other)

    private init(kind: Kind) {
        self.kind = kind
    }

    /// The violation `error` stands for; nil when it is not one.
    public init?(_ error: any Error) {
        if let error = error as? DatabaseError {
            switch error.extendedResultCode {
            case .constraintForeignKey: self = .foreignKey
            case .constraintPrimaryKey, .constraintUnique: self = .duplicateKey
            case .constraint: self = .other
            default: return nil
            }
        } else if let error = error as? PostgresError, let state = error.sqlState, state.hasPrefix("23") {
            switch state {
            case "23503": self = .foreignKey
            case "23505": self = .duplicateKey
            default: self = .other
            }
        } else {
            return nil
        }
    }

    /// Lets a catch clause name a violation: `catch ConstraintViolation.duplicateKey`.
    public static func ~= (pattern: ConstraintViolation, error: any Error) -> Bool {
        ConstraintViolation(error) == pattern
    }
}
