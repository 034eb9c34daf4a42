/// Declarations of cel-go's math extension library (`math.greatest`, `math.least`, rounding,
/// `math.abs`, `math.sign`, the floating-point tests, bitwise operations and `math.sqrt`).
///
/// cel-go makes `greatest`/`least` macros over any number of arguments; here the parser turns
/// three or more arguments into one list argument (see `CELMacro.greatest`), so the functions
/// need overloads for one number, two numbers of any kinds, and a list.
enum CELMathExtensionDeclarations {
    static let functions: [String: [CELOverload]] = {
        func global(_ id: String, _ parameters: [CELType], _ result: CELType) -> CELOverload {
            CELOverload(id: id, parameters: parameters, result: result)
        }
        let numbers: [(String, CELType)] = [("int", .int), ("uint", .uint), ("double", .double)]
        var table: [String: [CELOverload]] = [:]

        for (name, prefix) in [("math.greatest", "math_@max"), ("math.least", "math_@min")] {
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
            table[name] = overloads
        }

        for name in ["ceil", "floor", "round", "trunc"] {
            table["math.\(name)"] = [global("math_\(name)_double", [.double], .double)]
        }
        for name in ["isInf", "isNaN", "isFinite"] {
            table["math.\(name)"] = [global("math_\(name)_double", [.double], .bool)]
        }
        table["math.abs"] = numbers.map { global("math_abs_\($0.0)", [$0.1], $0.1) }
        table["math.sign"] = numbers.map { global("math_sign_\($0.0)", [$0.1], $0.1) }
        table["math.sqrt"] = numbers.map { global("math_sqrt_\($0.0)", [$0.1], .double) }

        let integers: [(String, CELType)] = [("int", .int), ("uint", .uint)]
        for name in ["bitAnd", "bitOr", "bitXor"] {
            table["math.\(name)"] = integers.map { global("math_\(name)_\($0.0)_\($0.0)", [$0.1, $0.1], $0.1) }
        }
        table["math.bitNot"] = integers.map { global("math_bitNot_\($0.0)", [$0.1], $0.1) }
        for name in ["bitShiftLeft", "bitShiftRight"] {
            table["math.\(name)"] = integers.map { global("math_\(name)_\($0.0)_int", [$0.1, .int], $0.1) }
        }
        return table
    }()
}
