import Foundation
import Testing
@testable import CEL

/// The planned program as a host uses it: cost limits, concurrent evaluation, shared-storage
/// prefixes, the list extensions and traces.
@Suite struct RuntimeProgramTests {
    @Test func costLimitStopsNestedComprehensions() {
        // 10^6 innermost iterations: far beyond a limit of 10,000 steps.
        let source = "[1,2,3,4,5,6,7,8,9,10].map(a, [1,2,3,4,5,6,7,8,9,10].map(b, "
            + "[1,2,3,4,5,6,7,8,9,10].map(c, [1,2,3,4,5,6,7,8,9,10].map(d, "
            + "[1,2,3,4,5,6,7,8,9,10].map(e, [1,2,3,4,5,6,7,8,9,10].map(f, a + b + c + d + e + f))))))"
        let limited = evaluateChecked(source, costLimit: 10_000)
        #expect(limited.error?.kind == .costLimitExceeded)
        let small = evaluateChecked("[1,2,3].map(x, [1,2,3].map(y, x * y))", costLimit: 10_000)
        #expect(small.sameValue(evaluateUnchecked("[[1,2,3],[2,4,6],[3,6,9]]")))
    }

    @Test func costLimitIsNotAbsorbedByLogic() {
        let runaway = "[1,2,3,4,5,6,7,8,9,10].all(a, [1,2,3,4,5,6,7,8,9,10].all(b, "
            + "[1,2,3,4,5,6,7,8,9,10].all(c, a + b + c > 0)))"
        #expect(evaluateChecked(runaway + " || true", costLimit: 500).error?.kind == .costLimitExceeded)
        #expect(evaluateChecked("true || " + runaway, costLimit: 500).sameValue(.bool(true)))
        #expect(evaluateChecked(runaway, costLimit: 100_000).sameValue(.bool(true)))
    }

    @Test func everyIterationCostsAtLeastOneStep() {
        let range = "[" + (1...200).map(String.init).joined(separator: ",") + "]"
        #expect(evaluateChecked("\(range).exists(x, x > 1000)", costLimit: 150).error?.kind == .costLimitExceeded)
        #expect(evaluateChecked("\(range).exists(x, x > 1000)", costLimit: 5_000).sameValue(.bool(false)))
    }

    @Test func oneProgramEvaluatesConcurrently() async throws {
        var environment = CELEnvironment()
        environment.declare(variable: "xs", type: .list(.int))
        environment.declare(variable: "k", type: .int)
        guard case .success(let program) = environment.compile("xs.filter(x, x % k == 0).map(x, x * k).sum()") else {
            Issue.record("does not compile")
            return
        }
        let activations = (1...16).map { k in
            CELActivation(["xs": .list(CELList((0..<500).map { .int($0) })), "k": .int(Int64(k))])
        }
        let expected = activations.map { program.evaluate($0) }
        let results = await withTaskGroup(of: (Int, CELValue).self) { group in
            for round in 0..<8 {
                for (i, activation) in activations.enumerated() {
                    group.addTask { (i, round % 2 == 0 ? program.evaluate(activation) : program.evaluateTraced(activation).value) }
                }
            }
            var results: [(Int, CELValue)] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 8 * activations.count)
        for (i, value) in results {
            #expect(value.sameValue(expected[i]))
        }
        // k = 1: every x, doubled by nothing: the sum of 0..<500.
        #expect(expected[0].sameValue(.int(124_750)))
    }

    static let aggregateCases: [(String, Expected)] = [
        ("[1, 2, 3].sum()", .value(.int(6))),
        ("[1.5, 2.25].sum()", .value(.double(3.75))),
        ("[1u, 2u].sum()", .value(.uint(3))),
        ("[9223372036854775807, 1].sum()", .error(.overflow)),
        ("[3, 1, 2].min()", .value(.int(1))),
        ("[3, 1, 2].max()", .value(.int(3))),
        ("[2.5, 0.5].max()", .value(.double(2.5))),
        // Mixed numbers (JSON minutes 25 and 25.5) give a double; one kind keeps its kind.
        ("[25, 25.5].sum()", .value(.double(50.5))),
        ("[25.5, 25].sum()", .value(.double(50.5))),
        ("[1u, 2, 0.5].sum()", .value(.double(3.5))),
        ("[1, 2u].sum()", .value(.double(3))),
        ("[3, 1.5, 2u].min()", .value(.double(1.5))),
        ("[3, 1.5, 2u].max()", .value(.double(3))),
        ("[1, 2u].min()", .value(.double(1))),
        ("[4u, 2u].min()", .value(.uint(2))),
        ("[1, 'a', 2.5].sum()", .error(.noSuchOverload)),
    ]

    @Test(arguments: aggregateCases)
    func listAggregates(source: String, expected: Expected) {
        let result = evaluateChecked(source)
        #expect(expected.matches(result), "\(source) gave \(result), expected \(expected)")
    }

    /// Conversions whose input is out of the target's range are errors, never a wrapped,
    /// clamped or infinite value; and so is every arithmetic overflow.
    @Test(arguments: [
        ("int('9223372036854775808')", Expected.error(.invalidArgument)),
        ("int('-9223372036854775809')", .error(.invalidArgument)),
        ("int('9223372036854775807')", .value(.int(.max))),
        ("int('-9223372036854775808')", .value(.int(.min))),
        ("uint('-1')", .error(.invalidArgument)),
        ("uint('18446744073709551616')", .error(.invalidArgument)),
        ("uint('18446744073709551615')", .value(.uint(.max))),
        ("double('1e400')", .error(.invalidArgument)),
        ("double('-1e400')", .error(.invalidArgument)),
        ("double('1e-400')", .value(.double(0))),
        ("double('1.5e3')", .value(.double(1500))),
        ("double('inf') > 1e308", .value(.bool(true))),
        ("int(9223372036854775807.0)", .error(.range)),
        ("int(-9223372036854775809.0)", .error(.range)),
        ("uint(-1.0)", .error(.range)),
        ("uint(-1)", .error(.range)),
        ("int(18446744073709551615u)", .error(.range)),
        ("duration(dyn(9223372036854775807))", .error(.range)),
        ("9223372036854775807 + 1", .error(.overflow)),
        ("-9223372036854775808 - 1", .error(.overflow)),
        ("9223372036854775807 * 2", .error(.overflow)),
        ("-9223372036854775808 / -1", .error(.overflow)),
        ("-9223372036854775808 % -1", .error(.overflow)),
        ("-(-9223372036854775808)", .error(.overflow)),
        ("18446744073709551615u + 1u", .error(.overflow)),
        ("0u - 1u", .error(.overflow)),
        ("math.abs(-9223372036854775808)", .error(.overflow)),
        ("[9223372036854775807, 1].sum()", .error(.overflow)),
        ("timestamp('9999-12-31T23:59:59Z') + duration('1s')", .error(.range)),
        ("duration('2562047h') + duration('2562047h')", .error(.range)),
    ])
    func outOfRangeIsAnError(source: String, expected: Expected) {
        let checked = evaluateChecked(source)
        #expect(expected.matches(checked), "\(source) gave \(checked)")
        #expect(evaluateUnchecked(source).isError == checked.isError, "\(source) unchecked disagrees")
    }

    @Test func emptyAggregates() {
        let ints: (CELType, CELValue) = (.list(.int), .list(CELList([])))
        let doubles: (CELType, CELValue) = (.list(.double), .list(CELList([])))
        #expect(evaluateChecked("xs.sum()", variables: ["xs": ints]).sameValue(.int(0)))
        #expect(evaluateChecked("xs.sum() == 0.0", variables: ["xs": doubles]).sameValue(.bool(true)))
        #expect(evaluateChecked("xs.sum()", variables: ["xs": doubles]).sameValue(.double(0)))
        #expect(evaluateChecked("xs.min()", variables: ["xs": ints]).isError)
        #expect(evaluateChecked("xs.max()", variables: ["xs": doubles]).isError)
        #expect(evaluateUnchecked("[].sum()").sameValue(.int(0)))
        #expect(evaluateUnchecked("[1, 'a'].sum()").error?.kind == .noSuchOverload)
        #expect(evaluateUnchecked("[1, 2.5, 0u].max()").sameValue(.double(2.5)))
    }

    @Test func prefixListsShareStorage() {
        let storage: [CELValue] = (0..<1000).map { .int(Int64($0)) }
        let prefix = CELList(prefixOf: storage, count: 10)
        #expect(prefix.count == 10)
        #expect(prefix[9].sameValue(.int(9)))
        #expect(prefix.element(at: 10) == nil)
        let sharesBuffer = storage.withUnsafeBufferPointer { whole in
            prefix.elements.withUnsafeBufferPointer { part in whole.baseAddress == part.baseAddress }
        }
        #expect(sharesBuffer)
        #expect(CELList(prefixOf: storage, count: 5000).count == 1000)
        #expect(CELList(prefixOf: storage, count: -3).count == 0)

        var environment = CELEnvironment()
        environment.declare(variable: "events", type: .list(.int))
        guard case .success(let program) = environment.compile("events.filter(e, e % 2 == 0).size()") else {
            Issue.record("does not compile")
            return
        }
        for count in [0, 1, 7, 500, 1000] {
            let activation = CELActivation(["events": .list(CELList(prefixOf: storage, count: count))])
            #expect(program.evaluate(activation).sameValue(.int(Int64((count + 1) / 2))))
        }
    }

    @Test func traceRecordsEverySubexpression() throws {
        var environment = CELEnvironment()
        environment.declare(variable: "x", type: .int)
        let checked = try environment.parse("x * 2 >= 10").flatMap { environment.check($0) }.get()
        let program = CELProgram(checked: checked)
        let (value, trace) = program.evaluateTraced(CELActivation(["x": .int(7)]))
        #expect(value.sameValue(.bool(true)))
        #expect(trace[checked.ast.root.id]?.sameValue(.bool(true)) == true)
        guard case .call(_, _, let args) = checked.ast.root.kind else {
            Issue.record("unexpected shape")
            return
        }
        #expect(trace[args[0].id]?.sameValue(.int(14)) == true)
        #expect(trace[args[1].id]?.sameValue(.int(10)) == true)
    }

    @Test func unboundVariablesAreErrorValues() {
        var environment = CELEnvironment()
        environment.declare(variable: "x", type: .int)
        guard case .success(let program) = environment.compile("x > 1") else {
            Issue.record("does not compile")
            return
        }
        #expect(program.evaluate(CELActivation([:])).error?.kind == .noSuchVariable)
        #expect(evaluateUnchecked("y").error?.kind == .noSuchVariable)
    }

    @Test func recordFieldsResolveByName() {
        let stats = CELRecordType(name: "stats", fields: [("focus_minutes", .int), ("a_very_long_field_name", .string)])
        let value = CELValue.record([("focus_minutes", .int(750)), ("a_very_long_field_name", .string("x"))])
        #expect(evaluateChecked("stats.focus_minutes >= 600", variables: ["stats": (.record(stats), value)])
            .sameValue(.bool(true)))
        #expect(evaluateChecked("stats.a_very_long_field_name == 'x'", variables: ["stats": (.record(stats), value)])
            .sameValue(.bool(true)))
        let missing = CELValue.record([("a_very_long_field_name", .string("x"))])
        #expect(evaluateChecked("stats.focus_minutes >= 600", variables: ["stats": (.record(stats), missing)])
            .error?.kind == .noSuchKey)
        #expect(evaluateChecked("has(stats.focus_minutes)", variables: ["stats": (.record(stats), missing)])
            .sameValue(.bool(false)))
    }
}

extension RuntimeProgramTests {
    @Test func traceRecordsFieldReadsInsideComprehensions() throws {
        let event = CELRecordType(name: "event", fields: [("type", .string)])
        var environment = CELEnvironment()
        environment.declare(variable: "events", type: .list(.record(event)))
        let checked = try environment.parse("events.exists(e, e.type == 'done')").flatMap { environment.check($0) }.get()
        let program = CELProgram(checked: checked)
        let events = CELValue.list(CELList([.record([("type", .string("open"))]), .record([("type", .string("done"))])]))
        let (value, trace) = program.evaluateTraced(CELActivation(["events": events]))
        #expect(value.sameValue(.bool(true)))
        // The last `e.type` read is recorded with the value it had.
        let recordedStrings = trace.values.filter { if case .string = $0 { true } else { false } }
        #expect(recordedStrings.contains { $0.sameValue(.string("done")) })
    }
}

/// Large activations and maps switch from fingerprint scans to hash indexes.
@Suite struct RuntimeLargeCollectionTests {
    @Test func largeActivationsFindEveryVariable() {
        var bindings: [String: CELValue] = [:]
        var environment = CELEnvironment()
        for i in 0..<40 {
            bindings["variable_with_a_long_name_\(i)"] = .int(Int64(i))
            environment.declare(variable: "variable_with_a_long_name_\(i)", type: .int)
        }
        guard case .success(let program) = environment.compile(
            "variable_with_a_long_name_0 + variable_with_a_long_name_39 + variable_with_a_long_name_17") else {
            Issue.record("does not compile")
            return
        }
        #expect(program.evaluate(CELActivation(bindings)).sameValue(.int(56)))
        #expect(CELActivation(bindings).value(named: "variable_with_a_long_name_5")?.sameValue(.int(5)) == true)
        #expect(CELActivation(bindings).value(named: "missing") == nil)
    }

    @Test func largeMapsLookUpAndRejectDuplicates() {
        let entries = (0..<50).map { (key: "field_number_\($0)", value: CELValue.int(Int64($0))) }
        let map = CELMap(strings: entries)
        #expect(map.count == 50)
        #expect(map[string: "field_number_49"]?.sameValue(.int(49)) == true)
        #expect(map[string: "field_number_50"] == nil)
        let replaced = CELMap(strings: entries + [(key: "field_number_3", value: .int(-3))])
        #expect(replaced.count == 50)
        #expect(replaced[string: "field_number_3"]?.sameValue(.int(-3)) == true)

        let record = CELRecordType(name: "wide", fields: entries.map { ($0.key, CELType.int) })
        let wide: (CELType, CELValue) = (.record(record), .map(map))
        #expect(evaluateChecked("r.field_number_42 == 42 && has(r.field_number_7)", variables: ["r": wide])
            .sameValue(.bool(true)))

        let literal = "{" + (0..<20).map { "\($0): \($0)" }.joined(separator: ", ") + ", 7: 0}"
        #expect(evaluateUnchecked(literal).error?.kind == .invalidArgument)
        let numeric = (0..<20).map { (key: CELValue.int(Int64($0)), value: CELValue.int(Int64($0))) }
        #expect(CELMap(numeric)[.uint(19)]?.sameValue(.int(19)) == true)
        #expect(CELMap(numeric)[.double(3.0)]?.sameValue(.int(3)) == true)
        #expect(CELMap(numeric)[.double(3.5)] == nil)
    }
}
