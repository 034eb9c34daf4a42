@testable import CEL
import Testing

/// `CELEnvironment.typesLeniently`: the types of the nodes the checker could type, also when the
/// expression has errors (an editor completes `x.` from the type of `x`).
@Suite struct LenientTypesTests {
    static let environment: CELEnvironment = {
        var environment = CELEnvironment()
        let streak = CELRecordType(name: "Streak", fields: [("current", .int), ("longest", .int)])
        environment.declare(variable: "streaks", type: .map(.string, .record(streak)))
        environment.declare(variable: "events", type: .list(.record(streak)))
        return environment
    }()

    /// (expression with an unknown field `zz`, the receiver's type)
    @Test(arguments: [
        ("streaks.daily.zz > 1", "Streak"),
        ("events.filter(e, e.zz == 1).size() > 0", "Streak"),
        ("streaks.daily.current.zz", "int"),
    ])
    func theReceiverOfAnUnknownFieldIsTyped(source: String, receiver: String) throws {
        let ast = try Self.environment.parse(source).get()
        var operand: CELExpr?
        ast.root.walk { node, _ in
            if case .select(let target, "zz", _) = node.kind { operand = target }
            return .descend
        }
        let target = try #require(operand)
        let types = Self.environment.typesLeniently(ast)
        #expect(types[target.id]?.description == receiver)
        #expect(throws: CELCompileErrors.self) { try Self.environment.check(ast).get() }
    }
}
