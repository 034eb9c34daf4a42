/// An evaluation error carried as a value: CEL keeps errors as values so that `&&`, `||` and
/// `?:` can absorb them when another operand already decides the result.
package struct CELError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable {
        case noSuchOverload, noSuchField, noSuchKey, divideByZero, overflow, range, invalidArgument,
             noSuchVariable, costLimitExceeded, other
    }
    package var kind: Kind
    package var message: String
    /// For `noSuchKey`: the map that lacks the key, so a host can name the keys it has. Not part
    /// of the error's identity (equality and hashing look at kind and message).
    package var missingFrom: CELMap?
    package init(_ kind: Kind, _ message: String, missingFrom: CELMap? = nil) {
        self.kind = kind
        self.message = message
        self.missingFrom = missingFrom
    }

    package static func == (a: CELError, b: CELError) -> Bool { a.kind == b.kind && a.message == b.message }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(message)
    }

    /// The string keys of the map that lacks the key, in its order; empty when unknown.
    package var keysPresent: [String] {
        missingFrom?.keys.compactMap { if case .string(let key) = $0 { key } else { nil } } ?? []
    }

    package var description: String { message }

    static func noOverload(_ function: String, _ args: CELValue...) -> CELError {
        let kinds = args.map { $0.typeName }.joined(separator: ", ")
        return CELError(.noSuchOverload, "no such overload: \(function)(\(kinds))")
    }
    static let intOverflow = CELError(.overflow, "integer overflow")
    static let uintOverflow = CELError(.overflow, "unsigned integer overflow")
    static let divideByZero = CELError(.divideByZero, "divide by zero")
    static let moduloByZero = CELError(.divideByZero, "modulus by zero")
}
