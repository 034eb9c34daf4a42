/// An evaluation error carried as a value: CEL keeps errors as values so that `&&`, `||` and
/// `?:` can absorb them when another operand already decides the result.
package struct CELError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable {
        case noSuchOverload, noSuchField, noSuchKey, divideByZero, overflow, range, invalidArgument,
             noSuchVariable, costLimitExceeded, other
    }
    package var kind: Kind
    package var message: String
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
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
