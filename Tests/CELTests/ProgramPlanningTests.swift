import CEL
import Testing

/// A program is planned at its first evaluation (`CELProgram`): programs never evaluated cost no
/// closures, and threads that evaluate one for the first time at once all get its value.
@Suite struct ProgramPlanningTests {
    static func program(_ source: String) throws -> CELProgram {
        var environment = CELEnvironment()
        environment.declare(variable: "items", type: .list(.int))
        environment.declare(variable: "limit", type: .int)
        switch environment.compile(source) {
        case .success(let program): return program
        case .failure(let errors): throw errors
        }
    }

    static let activation = CELActivation(["items": .list(CELList((0..<50).map { CELValue.int($0) })), "limit": .int(40)])

    @Test func concurrentFirstEvaluationsAgree() async throws {
        for _ in 0..<20 {
            let program = try Self.program("items.filter(x, x > limit).size() + limit")
            let values = await withTaskGroup(of: CELValue.self) { group in
                for _ in 0..<8 { group.addTask { program.evaluate(Self.activation) } }
                var values: [CELValue] = []
                for await value in group { values.append(value) }
                return values
            }
            #expect(values.count == 8)
            #expect(values.allSatisfy { $0.sameValue(.int(49)) })
        }
    }

    @Test func aTraceNeedsNoEarlierEvaluation() throws {
        let program = try Self.program("items.exists(x, x == limit) && limit > 1")
        let (value, trace) = program.evaluateTraced(Self.activation)
        #expect(value.sameValue(.bool(true)))
        #expect(trace[program.checked?.ast.root.id ?? -1]?.sameValue(.bool(true)) == true)
        // The normal plan, made after the traced one, gives the same value.
        #expect(program.evaluate(Self.activation).sameValue(.bool(true)))
    }

    @Test func theCostLimitHoldsFromTheFirstEvaluation() throws {
        let program = try Self.program("items.map(x, x * 2).size() > 0")
        var steps = 0
        let value = program.evaluate(Self.activation, costLimit: 10, steps: &steps)
        guard case .error(let error) = value else {
            Issue.record("expected a cost error, got \(value)")
            return
        }
        #expect(error.kind == .costLimitExceeded)
        #expect(steps == 10)
    }
}
