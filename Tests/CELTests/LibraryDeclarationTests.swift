@testable import CEL
import Testing

/// Every CEL function is declared once, with its overloads, implementation and cost
/// (`CELLibrary`): the checker's, the runtime's and the cost model's tables are made from it.
@Suite struct LibraryDeclarationTests {
    /// What the planner builds itself, so it has overloads and no implementation.
    static let plannedByThePlanner: Set<String> = ["_&&_", "_||_", "_?_:_", "@not_strictly_false"]

    @Test func everyDeclaredFunctionRunsOrIsPlannedByThePlanner() {
        let missing = CELLibrary.declarations.keys.filter {
            CELLibrary.implementations[$0] == nil && !Self.plannedByThePlanner.contains($0)
        }
        #expect(missing.isEmpty, "declared without an implementation: \(missing.sorted())")
    }

    @Test func theCheckerAndThePlannerReadTheLibraries() {
        #expect(CELEnvironment.builtInFunctions.keys.sorted() == CELLibrary.declarations.keys.sorted())
        for name in CELLibrary.implementations.keys {
            #expect(CELStandardLibrary.function(named: name) != nil, "\(name)")
        }
        for name in CELLibrary.costs.keys { #expect(CELCostModel.model(for: name) != nil, "\(name)") }
    }

    /// A name two libraries declare has both overload lists, in library order (`reverse`: the
    /// strings library's, then the lists library's, whose implementation serves both).
    @Test func aNameInTwoLibrariesHasTheOverloadsOfBoth() throws {
        let ids = try #require(CELLibrary.declarations["reverse"]).map(\.id)
        #expect(ids == ["string_reverse", "list_reverse"])
        let program = try CELEnvironment().compile("'abc'.reverse() + [1, 2].reverse().map(x, string(x)).join()").get()
        #expect(program.evaluate(CELActivation([:])).celEquals(.string("cba21")))
    }

    /// Each overload id is declared once across every library.
    @Test func overloadIDsAreUnique() {
        let ids = CELLibrary.all.flatMap(\.functions).flatMap(\.overloads).map(\.id)
        #expect(Set(ids).count == ids.count)
    }
}
