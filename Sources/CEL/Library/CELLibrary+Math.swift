/// cel-go's math extension library (`math.greatest`, `math.least`, rounding, `math.abs`,
/// `math.sign`, the floating-point tests, bitwise operations and `math.sqrt`); implementations in
/// `CELMathExtensions`, which dispatch on run-time kinds.
///
/// cel-go makes `greatest`/`least` macros over any number of arguments; here the parser turns
/// three or more arguments into one list argument (see `CELMacro.greatest`), so the functions
/// need overloads for one number, two numbers of any kinds, and a list.
extension CELLibrary {
    static let math: CELLibrary = {
        let numbers: [(String, CELType)] = [("int", .int), ("uint", .uint), ("double", .double)]
        var library = CELLibrary()
        for (name, prefix, wantLess) in [("math.greatest", "math_@max", false), ("math.least", "math_@min", true)] {
            var overloads = numbers.map { global("\(prefix)_\($0.0)", [$0.1], $0.1) }
            for (leftName, left) in numbers {
                for (rightName, right) in numbers {
                    // Mixed kinds give whichever argument wins, so the result is only known at run time.
                    let result = leftName == rightName ? left : .dyn
                    overloads.append(global("\(prefix)_\(leftName)_\(rightName)", [left, right], result))
                }
            }
            // A list of mixed kinds is `list(dyn)`, which every list overload accepts (result dyn).
            overloads += numbers.map { global("\(prefix)_list_\($0.0)", [.list($0.1)], $0.1) }
            library.declare(name, overloads, .variadic { CELMathExtensions.extreme(name, $0, wantLess: wantLess) })
        }
        // Halves round away from zero, as Go's math.Round.
        let roundings: [(String, FloatingPointRoundingRule)] = [
            ("ceil", .up), ("floor", .down), ("round", .toNearestOrAwayFromZero), ("trunc", .towardZero),
        ]
        for (name, rule) in roundings {
            library.declare("math.\(name)", [global("math_\(name)_double", [.double], .double)],
                            CELMathExtensions.rounding("math.\(name)") { $0.rounded(rule) })
        }
        let tests: [(String, @Sendable (Double) -> Bool)] = [
            ("isInf", { $0.isInfinite }), ("isNaN", { $0.isNaN }), ("isFinite", { $0.isFinite }),
        ]
        for (name, test) in tests {
            library.declare("math.\(name)", [global("math_\(name)_double", [.double], .bool)],
                            CELMathExtensions.test("math.\(name)", test))
        }
        library.declare("math.abs", numbers.map { global("math_abs_\($0.0)", [$0.1], $0.1) }, .unary(CELMathExtensions.abs))
        library.declare("math.sign", numbers.map { global("math_sign_\($0.0)", [$0.1], $0.1) }, .unary(CELMathExtensions.sign))
        library.declare("math.sqrt", numbers.map { global("math_sqrt_\($0.0)", [$0.1], .double) },
                        .unary(CELMathExtensions.squareRoot))
        declareBitwise(in: &library)
        return library
    }()

    private static func declareBitwise(in library: inout CELLibrary) {
        let integers: [(String, CELType)] = [("int", .int), ("uint", .uint)]
        let operations: [(String, CELFunction)] = [
            ("bitAnd", CELMathExtensions.bitwise("math.bitAnd", &, &)),
            ("bitOr", CELMathExtensions.bitwise("math.bitOr", |, |)),
            ("bitXor", CELMathExtensions.bitwise("math.bitXor", ^, ^)),
        ]
        for (name, implementation) in operations {
            library.declare("math.\(name)", integers.map { global("math_\(name)_\($0.0)_\($0.0)", [$0.1, $0.1], $0.1) },
                            implementation)
        }
        library.declare("math.bitNot", integers.map { global("math_bitNot_\($0.0)", [$0.1], $0.1) }, .unary { value in
            switch value {
            case .int(let i): .int(~i)
            case .uint(let u): .uint(~u)
            default: .error(.noOverload("math.bitNot", value))
            }
        })
        for (name, left) in [("bitShiftLeft", true), ("bitShiftRight", false)] {
            library.declare("math.\(name)", integers.map { global("math_\(name)_\($0.0)_int", [$0.1, .int], $0.1) },
                            .binary { CELMathExtensions.shift("math.\(name)", $0, $1, left: left) })
        }
    }
}
