import Foundation
import Testing
@testable import CEL

/// The cost limit counts the size of what an expression builds (strings, lists, maps) and
/// traverses, not only its steps: each input here would need gigabytes or hours if only the
/// steps counted, and must stop with the cost-limit error. (How fast is measured in the
/// benchmarks, not here: a wall-clock limit fails on a loaded machine.)
@Suite struct CostModelTests {
    static func nested(_ start: String, _ step: String, times: Int) -> String {
        start + String(repeating: step, count: times) + ".size()"
    }

    static func expectCostLimit(_ source: String, variables: [String: (CELType, CELValue)] = [:],
                                costLimit: Int = 10_000_000) {
        let result = evaluateChecked(source, variables: variables, costLimit: costLimit)
        #expect(result.error?.kind == .costLimitExceeded, "\(source.prefix(60))… gave \(result)")
    }

    @Test func aStringDoubled36TimesInNestedMaps() {
        Self.expectCostLimit(Self.nested("['ab']", ".map(s, s + s)", times: 36))
    }

    @Test func aListDoubled36TimesInNestedMaps() {
        Self.expectCostLimit(Self.nested("[[1]]", ".map(l, l + l)", times: 36))
    }

    @Test func joinOf10CopiesNested12Times() {
        Self.expectCostLimit(Self.nested("['abc']", ".map(s, [s, s, s, s, s, s, s, s, s, s].join())", times: 12))
        Self.expectCostLimit(Self.nested("['abc']", ".map(s, [s, s, s, s, s, s, s, s, s, s].join('-'))", times: 12))
    }

    /// Each metric is its own evaluation with its own budget: the doubling stops at the first
    /// metric whose string would pass the 16 MiB a call may build, and the rest are errors.
    @Test func fortyMetricsEachDoublingThePreviousString() {
        var environment = CELEnvironment()
        environment.declare(variable: "previous", type: .string)
        guard case .success(let program) = environment.compile("previous + previous") else {
            Issue.record("does not compile")
            return
        }
        var value = CELValue.string("ab")
        var largest = 0
        var firstFailure: Int?
        for metric in 1...40 {
            value = program.evaluate(CELActivation(["previous": value]))
            if case .string(let s) = value { largest = max(largest, s.utf8.count) }
            if value.isError, firstFailure == nil { firstFailure = metric }
        }
        #expect(value.error?.kind == .costLimitExceeded)
        #expect(firstFailure == 24, "\(String(describing: firstFailure))")
        #expect(largest <= CELCostModel.maxBuiltBytes)
    }

    /// A host that sums the steps of many evaluations gets the whole limit back for one that a
    /// value too large to build stopped (it is charged as more than any budget).
    @Test func stepsOfAnEvaluationStoppedByASizeAreTheLimit() throws {
        var environment = CELEnvironment()
        environment.declare(variable: "s", type: .string)
        let program = try environment.compile("s + s").get()
        let big = CELValue.string(String(repeating: "x", count: CELCostModel.maxBuiltBytes / 2 + 1))
        for limit in [1_000, 10_000_000, Int.max] {
            var steps = 0
            let value = program.evaluate(CELActivation(["s": big]), costLimit: limit, steps: &steps)
            #expect(value.error?.kind == .costLimitExceeded)
            #expect(steps == limit)
        }
    }

    /// `in` over a list walks the list: a quadratic `all` is charged quadratically.
    @Test func membershipTraversesTheList() {
        let items = CELValue.list(CELList((0..<100_000).map { .int(Int64($0)) }))
        Self.expectCostLimit("items.all(x, x in items)", variables: ["items": (.list(.int), items)])
        #expect(evaluateChecked("99999 in items", variables: ["items": (.list(.int), items)]).sameValue(.bool(true)))
    }

    /// Comparing two large lists walks them; so does `distinct()` of elements it cannot hash.
    @Test func comparisonsAndDistinctAreCharged() {
        let items = CELValue.list(CELList((0..<100_000).map { .int(Int64($0)) }))
        let variables: [String: (CELType, CELValue)] = ["items": (.list(.int), items)]
        // Uncharged, this is 10^10 element comparisons; charged, the limit stops it after 100
        // (a lower limit keeps the debug build's test short).
        Self.expectCostLimit("items.all(x, items == items)", variables: variables, costLimit: 1_000_000)
        Self.expectCostLimit("items.map(x, [x]).distinct().size() > 0", variables: variables)
        #expect(evaluateChecked("items.distinct().size() == 100000", variables: variables).sameValue(.bool(true)))
        #expect(evaluateChecked("items == items && [1] != [2]", variables: variables).sameValue(.bool(true)))
    }

    /// `transformMap` copies its accumulator at each insert; the copies are charged.
    @Test func transformMapCopiesAreCharged() {
        let items = CELValue.list(CELList((0..<100_000).map { .int(Int64($0)) }))
        Self.expectCostLimit("items.transformMap(i, v, v).size() > 0", variables: ["items": (.list(.int), items)])
        #expect(evaluateChecked("[1, 2, 3].transformMap(i, v, v * 2)[2] == 6").sameValue(.bool(true)))
    }

    /// Ordinary sizes stay far below the limit: concatenating and joining 10,000 words.
    @Test func ordinaryBuildingIsCheap() {
        let words = CELValue.list(CELList((0..<10_000).map { .string("word\($0)") }))
        let variables: [String: (CELType, CELValue)] = ["words": (.list(.string), words)]
        #expect(evaluateChecked("words.join(',').size() > 80000", variables: variables).sameValue(.bool(true)))
        #expect(evaluateChecked("(words + words).size() == 20000", variables: variables).sameValue(.bool(true)))
        #expect(evaluateChecked("words.map(w, w + '!').size() == 10000", variables: variables, costLimit: 200_000)
            .sameValue(.bool(true)))
    }
}
