import CEL
import Testing

/// `CELListReduction`: the running `sum()`, `min()` and `max()` of a growing list give, on every
/// prefix, what the written call gives on it — values, overflow errors, empty lists, mixed
/// numbers and elements that do not compare alike.
@Suite struct ListReductionTests {
    static let lists: [(String, [CELValue])] = [
        ("ints", [.int(3), .int(-7), .int(12), .int(0)]),
        ("int overflow, then more", [.int(Int64.max - 1), .int(1), .int(1), .int(-5)]),
        ("int underflow", [.int(Int64.min), .int(-1), .int(2)]),
        ("uint overflow", [.uint(UInt64.max), .uint(1), .uint(0)]),
        ("doubles", [.double(0.1), .double(0.2), .double(-3.5)]),
        ("int then double (mixed)", [.int(2), .double(2.5), .int(-1), .uint(4)]),
        ("overflow before a double", [.int(Int64.max), .int(1), .double(1.5)]),
        ("double before an overflow", [.int(Int64.max), .double(1.5), .int(1)]),
        ("number then string", [.int(1), .string("x"), .int(2)]),
        ("string first", [.string("b"), .string("a"), .string("c")]),
        ("bool first", [.bool(true), .bool(false)]),
        ("durations", [.duration(CELDuration(seconds: 60)), .duration(CELDuration(seconds: -5))]),
        ("duration then int", [.duration(CELDuration(seconds: 60)), .int(1)]),
        ("lists", [.list(CELList([.int(1)])), .list(CELList([.int(2)]))]),
    ]

    static func program(_ source: String, elements: CELType) throws -> (CELProgram, CELCheckedAST) {
        var environment = CELEnvironment()
        environment.declare(variable: "xs", type: .list(elements))
        switch environment.compile(source) {
        case .success(let program): return (program, try #require(program.checked))
        case .failure(let errors): throw errors
        }
    }

    @Test(arguments: ["sum", "min", "max"], [CELType.dyn, .int, .double, .uint])
    func runningEqualsTheWrittenCallOnEveryPrefix(function: String, elements: CELType) throws {
        let (program, checked) = try Self.program("xs.\(function)()", elements: elements)
        let (reduction, list) = try #require(CELListReduction.match(checked.ast.root, checked: checked))
        #expect(reduction.kind.rawValue == function)
        if case .ident(let name) = list.kind { #expect(name == "xs") } else { Issue.record("operand is not xs") }
        for (name, values) in Self.lists {
            var running = CELListReduction.Running(reduction)
            for count in 0...values.count {
                if count > 0 { running.append(values[count - 1]) }
                let written = program.evaluate(CELActivation(["xs": .list(CELList(Array(values.prefix(count))))]))
                #expect(String(describing: running.value) == String(describing: written),
                        "\(function) over \(name), first \(count): \(running.value) != \(written)")
            }
        }
    }

    @Test(arguments: ["xs.size()", "size(xs)", "xs.map(x, x).sum() + 1", "[1, 2].sum() + xs.size()"])
    func otherCallsAreNotReductions(source: String) throws {
        let (_, checked) = try Self.program(source, elements: .int)
        #expect(CELListReduction.match(checked.ast.root, checked: checked) == nil)
    }
}
