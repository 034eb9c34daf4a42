@testable import CEL
import Testing

/// An unchecked program computes `+ - *`, the relations, `double()` and `int()` on two ints or
/// two doubles in place (`CELPlanner.planUntypedNumeric`), and compares with a double constant
/// in place (`fastComparison`): for every pair of operand kinds, the value or error is the
/// library function's on the same operands. The operands are variables, so nothing is folded.
@Suite struct UntypedNumericTests {
    static let operands: [CELValue] = [
        .int(7), .int(-3), .int(Int64.max), .int(Int64.min), .int(0),
        .double(2.5), .double(-0.0), .double(.nan), .double(.infinity),
        .uint(4), .string("ab"), .list(CELList([.int(1)])), .null, .bool(true),
        .error(CELError(.other, "bound error")),
    ]

    static func sameResult(_ a: CELValue, _ b: CELValue) -> Bool {
        if case .error(let x) = a, case .error(let y) = b { return x.kind == y.kind && x.message == y.message }
        return a.sameValue(b)
    }

    @Test(arguments: ["_+_", "_-_", "_*_", "_<_", "_<=_", "_>_", "_>=_"])
    func binaryOperatorsGiveTheLibrarysResult(function: String) throws {
        let symbol = function.dropFirst().dropLast()
        guard case .binary(let library)? = CELStandardLibrary.function(named: function) else {
            Issue.record("\(function) is no binary function")
            return
        }
        for x in Self.operands {
            for y in Self.operands {
                let result = evaluateUnchecked("x \(symbol) y", bindings: ["x": x, "y": y])
                let expected = library(x, y)
                #expect(Self.sameResult(result, expected), "\(x) \(symbol) \(y): \(result), library: \(expected)")
            }
        }
    }

    @Test(arguments: ["double", "int"])
    func conversionsGiveTheLibrarysResult(function: String) throws {
        guard case .unary(let library)? = CELStandardLibrary.function(named: function) else {
            Issue.record("\(function) is no unary function")
            return
        }
        for x in Self.operands + [.double(1e300), .string("2.5"), .uint(UInt64.max)] {
            let result = evaluateUnchecked("\(function)(x)", bindings: ["x": x])
            #expect(Self.sameResult(result, library(x)), "\(function)(\(x)): \(result), library: \(library(x))")
        }
    }

    @Test(arguments: ["<", "<=", ">", ">=", "==", "!="])
    func comparisonsWithADoubleConstantGiveTheLibrarysResult(symbol: String) throws {
        guard case .binary(let library)? = CELStandardLibrary.function(named: "_\(symbol)_") else {
            Issue.record("_\(symbol)_ is no binary function")
            return
        }
        for constant in [2.5, -0.0, 1e300] {
            for x in Self.operands {
                let result = evaluateUnchecked("x \(symbol) \(constant)", bindings: ["x": x])
                let expected = library(x, .double(constant))
                #expect(Self.sameResult(result, expected), "\(x) \(symbol) \(constant): \(result), library: \(expected)")
            }
        }
    }
}
