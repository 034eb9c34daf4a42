import Testing
@testable import CEL

/// The strings and math extension libraries beyond what the spec's `string_ext` and
/// `math_ext` conformance files cover: code points outside the Basic Multilingual Plane and
/// combining marks, the positions of compile errors, run-time errors, and `format` details.
@Suite struct ExtensionLibraryTests {
    static var environment: CELEnvironment {
        var environment = CELEnvironment()
        environment.declare(variable: "s", type: .string)
        environment.declare(variable: "x", type: .int)
        return environment
    }

    /// Checked and unchecked plans must agree on every case.
    static func evaluateBothWays(_ source: String) -> (checked: CELValue, unchecked: CELValue) {
        (evaluateChecked(source), evaluateUnchecked(source))
    }

    /// Indices count code points, as `size` does: an emoji is one, `é` written as `e` plus a
    /// combining accent is two, a flag is two regional indicators.
    @Test(arguments: [
        ("'😀a'.charAt(0)", CELValue.string("😀")),
        ("'😀a'.charAt(1)", .string("a")),
        ("'😀a'.charAt(2)", .string("")),
        ("'e\\u0301x'.charAt(1)", .string("\u{301}")),
        ("'a😀b😀'.indexOf('b')", .int(2)),
        ("'a😀b😀'.lastIndexOf('😀')", .int(3)),
        ("'a😀b😀'.indexOf('😀', 2)", .int(3)),
        ("'a😀b😀'.substring(1, 3)", .string("😀b")),
        ("'a😀b😀'.substring(4)", .string("")),
        ("'e\\u0301'.substring(1)", .string("\u{301}")),
        ("'a😀b'.reverse()", .string("b😀a")),
        ("'e\\u0301'.reverse()", .string("\u{301}e")),
        ("'🇫🇷'.reverse()", .string("🇷🇫")),
        ("'😀x😀'.split('x')", .list(CELList([.string("😀"), .string("😀")]))),
        ("'a😀'.split('')", .list(CELList([.string("a"), .string("😀")]))),
        ("'😀😀'.replace('', '-')", .string("-😀-😀-")),
        ("'ab'.replace('', '-', 2)", .string("-a-b")),
        ("'ÀÉ'.lowerAscii() + 'àé'.upperAscii()", .string("ÀÉàé")),
        ("strings.quote('😀\\u0007')", .string("\"😀\\a\"")),
        ("size('a😀b😀'.substring(1)) == size('a😀b😀') - 1", .bool(true)),
    ])
    func codePoints(source: String, expected: CELValue) {
        let (checked, unchecked) = Self.evaluateBothWays(source)
        #expect(checked.sameValue(expected), "\(source) gave \(checked)")
        #expect(unchecked.sameValue(expected), "\(source) unchecked gave \(unchecked)")
    }

    /// Source, offset of the issue, and a fragment of its message. Overload mismatches point
    /// at the function's name; `math.greatest`/`math.least` reject literals that are not
    /// numbers where they are written, when parsing.
    @Test(arguments: [
        ("'abc'.charAt('x')", 6, "no matching overload for 'charAt' applied to string.(string)"),
        ("s.indexOf(1)", 2, "no matching overload for 'indexOf' applied to string.(int)"),
        ("s.substring(1, 'a')", 2, "no matching overload for 'substring' applied to string.(int, string)"),
        ("[1, 2].join('-')", 7, "no matching overload for 'join' applied to list(int).(string)"),
        ("s.format(1)", 2, "no matching overload for 'format' applied to string.(int)"),
        ("x.trim()", 2, "no matching overload for 'trim' applied to int.()"),
        ("strings.quote(1)", 8, "no matching overload for 'strings.quote' applied to (int)"),
        ("1 + math.ceil(x)", 9, "no matching overload for 'math.ceil' applied to (int)"),
        ("math.bitAnd(1, 1u)", 5, "no matching overload for 'math.bitAnd' applied to (int, uint)"),
        ("math.greatest('a')", 14, "math.greatest() arguments must be numeric"),
        ("math.least(1, 2, 'b', x)", 17, "math.least() arguments must be numeric"),
        ("math.least([1, true])", 11, "math.least() arguments must be numeric"),
        ("x + math.greatest()", 4, "math.greatest() requires at least one argument"),
        ("math.greatest(x, s)", 5, "no matching overload for 'math.greatest' applied to (int, string)"),
    ])
    func compileErrors(source: String, offset: Int, fragment: String) throws {
        let environment = Self.environment
        guard case .failure(let errors) = environment.parse(source).flatMap({ environment.check($0) }) else {
            Issue.record("\(source) compiled")
            return
        }
        let issue = try #require(errors.issues.first)
        #expect(errors.issues.count == 1, "\(errors.issues.map(\.message))")
        #expect(issue.offset == offset, "\(issue.message)")
        #expect(issue.message.contains(fragment), "\(issue.message)")
    }

    @Test(arguments: [
        ("math.greatest(1, 2)", "int"),
        ("math.greatest(1, 2, 3)", "int"),
        ("math.least([1u, 2u])", "uint"),
        ("math.least(1, 2.0)", "dyn"),
        ("math.greatest(1, 2u, 3.0)", "dyn"),
        ("math.sqrt(4)", "double"),
        ("math.isNaN(1.0)", "bool"),
        ("'a,b'.split(',')", "list(string)"),
        ("['a'].join()", "string"),
        ("'%d'.format([1])", "string"),
    ])
    func resultTypes(source: String, expected: String) throws {
        let environment = Self.environment
        let checked = try environment.parse(source).flatMap { environment.check($0) }.get()
        #expect(checked.resultType.description == expected)
    }

    @Test(arguments: [
        ("'abc'.charAt(4)", CELError.Kind.invalidArgument),
        ("'abc'.charAt(-1)", .invalidArgument),
        ("'abc'.indexOf('a', 3)", .invalidArgument),
        ("'abc'.lastIndexOf('', 4)", .invalidArgument),
        ("'abc'.substring(2, 1)", .invalidArgument),
        ("'abc'.substring(0, 4)", .invalidArgument),
        ("['a', 1].join()", .noSuchOverload),
        ("'%q'.format([1])", .invalidArgument),
        ("'%5d'.format([1])", .invalidArgument),
        ("'%d %d'.format([1])", .invalidArgument),
        ("'%d'.format(['1'])", .invalidArgument),
        ("'%.2f'.format(['1'])", .invalidArgument),
        ("'%s'.format([1 / 0])", .divideByZero),
        ("math.abs(-9223372036854775808)", .overflow),
        ("math.bitShiftLeft(1, -1)", .invalidArgument),
        ("math.ceil(dyn(1))", .noSuchOverload),
        ("math.greatest([])", .invalidArgument),
        ("math.greatest(dyn('a'))", .noSuchOverload),
        ("math.least([1, dyn('a')])", .noSuchOverload),
    ])
    func runtimeErrors(source: String, kind: CELError.Kind) {
        let (checked, unchecked) = Self.evaluateBothWays(source)
        #expect(checked.error?.kind == kind, "\(source) gave \(checked)")
        #expect(unchecked.error?.kind == kind, "\(source) unchecked gave \(unchecked)")
    }

    @Test(arguments: [
        ("'%x %X'.format([-255, -255])", "-ff -FF"),
        ("'%b %o'.format([-5, -8])", "-101 -10"),
        ("'%b'.format([false])", "0"),
        ("'%s'.format([1e21])", "1000000000000000000000"),
        ("'%s'.format([0.00001])", "0.00001"),
        ("'%s'.format([-2.0])", "-2"),
        ("'%s'.format([b'\\xff'])", "\u{FFFD}"),
        ("'%s'.format([b'a\\xff\\xfeb\\xc3'])", "a\u{FFFD}b\u{FFFD}"),
        ("'%.2e'.format([-0.000123])", "-1.23e-04"),
        ("'%.0e'.format([5])", "5e+00"),
        ("'%.2f'.format([1u])", "1.00"),
        ("'%.1f'.format([0.25])", "0.2"),
        ("'%s|%s'.format(['a', 'b', 'unused'])", "a|b"),
        ("'%s'.format([{'b': [1, 'x'], 'a': {}}])", "{a: {}, b: [1, x]}"),
        ("'100%%'.format([])", "100%"),
        ("'%s😀%d'.format(['é', 7])", "é😀7"),
    ])
    func format(source: String, expected: String) {
        let (checked, unchecked) = Self.evaluateBothWays(source)
        #expect(checked.sameValue(.string(expected)), "\(source) gave \(checked)")
        #expect(unchecked.sameValue(.string(expected)), "\(source) unchecked gave \(unchecked)")
    }

    @Test(arguments: [
        ("math.round(2.5)", CELValue.double(3)),
        ("math.round(-2.5)", .double(-3)),
        ("math.sign(-0.0)", .double(-0.0)),
        ("math.sign(18446744073709551615u)", .uint(1)),
        ("math.sqrt(16)", .double(4)),
        ("math.sqrt(2u) > 1.41", .bool(true)),
        ("math.isNaN(math.sqrt(-1.0))", .bool(true)),
        ("math.greatest(2, 2.0, 2u)", .int(2)),
        ("math.least(2.0, 2, 1u, 1)", .uint(1)),
        ("math.greatest(x, 3)", .int(3)),
        ("math.bitShiftLeft(-1, 63)", .int(.min)),
        ("math.bitShiftRight(-1, 63)", .int(1)),
        ("math.bitNot(math.bitXor(5u, 3u))", .uint(~UInt64(6))),
    ])
    func math(source: String, expected: CELValue) {
        let result = evaluateChecked(source, variables: ["x": (.int, .int(-4))])
        #expect(result.sameValue(expected), "\(source) gave \(result)")
        let unchecked = evaluateUnchecked(source, bindings: ["x": .int(-4)])
        #expect(unchecked.sameValue(expected), "\(source) unchecked gave \(unchecked)")
    }

    /// `replace` refuses to build a string longer than its limit instead of exhausting memory.
    @Test func replaceStopsAtTheLengthLimit() {
        let side = 1 << 12
        let input = String(repeating: "a", count: side)
        let fits = String(repeating: "b", count: side)
        let tooLong = fits + "b"
        let over = evaluateChecked("'\(input)'.replace('a', '\(tooLong)')")
        #expect(over.error?.kind == .invalidArgument, "\(over.error?.message ?? "no error")")
        #expect(side * (side + 1) > CELStringExtensions.maximumResultLength)
        let under = evaluateChecked("size('\(input)'.replace('a', 'bb'))")
        #expect(under.sameValue(.int(Int64(2 * side))))
    }
}
