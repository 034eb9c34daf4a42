import CEL
import Testing

/// What keeps checked expressions small and comparable: the node table, a checked tree that
/// shares the parsed nodes, and the written form that groups expressions written alike.
@Suite struct CompactASTTests {
    @Test func aNodeTableReadsLikeADictionary() {
        var table = CELNodeTable<String>()
        var reference: [CELExprID: String] = [:]
        // Out of order, replaced, removed, far apart: the table and a dictionary agree throughout.
        let writes: [(CELExprID, String?)] = [(5, "e"), (1, "a"), (9, "i"), (3, "c"), (5, "E"), (1, nil), (7, nil),
                                              (2, "b"), (100_000, "far"), (9, nil), (0, "zero")]
        for (id, value) in writes {
            table[id] = value
            reference[id] = value
            #expect(table.count == reference.count)
        }
        for id in [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 99_999, 100_000, Int.max] {
            #expect(table[id] == reference[id], "id \(id)")
        }
        #expect(table.values == reference.sorted { $0.key < $1.key }.map(\.value))
        #expect(CELNodeTable(reference).values == table.values)
        #expect(table.mapValues { $0.uppercased() }[2] == "B")
        #expect(table.keeping([2, 3, 4]).values == ["b", "c"])
    }

    static func checked(_ source: String) throws -> CELCheckedAST {
        var environment = CELEnvironment()
        environment.declare(variable: "items", type: .list(.int))
        environment.declare(variable: "limit", type: .int)
        switch environment.compile(source) {
        case .success(let program): return try #require(program.checked)
        case .failure(let errors): throw errors
        }
    }

    @Test(arguments: [
        ("items.exists(x, x > limit) && limit > 0", "(items.exists(x,x>limit))&&limit>0", true),
        ("limit + 1 >= 2", "limit+1>=2", true),
        ("[1, 2.0, 'a', b'a', null, {1: true}]", "[1,2.0,\"a\",b\"a\",null,{1:true}]", true),
        ("limit + 1 >= 2", "limit + 2 >= 2", false),
        ("limit + 1 >= 2", "1 + limit >= 2", false),
        ("items.exists(x, x > limit)", "items.exists(y, y > limit)", false),
        ("items.exists(x, x > limit)", "items.all(x, x > limit)", false),
        ("[1, 2]", "[1, 2, 3]", false),
        ("1", "1u", false),
    ])
    func writtenFormsGroupExpressionsWrittenAlike(a: String, b: String, alike: Bool) throws {
        let x = CELWrittenForm(try Self.checked(a).ast.root), y = CELWrittenForm(try Self.checked(b).ast.root)
        #expect((x == y) == alike)
        if alike { #expect(x.hashValue == y.hashValue) }
        #expect(Set([x, y]).count == (alike ? 1 : 2))
    }

    @Test func sharedLeafKindsChangeNoExpression() throws {
        var environment = CELEnvironment()
        environment.declare(variable: "items", type: .list(.int))
        environment.declare(variable: "limit", type: .int)
        let sources = ["items.exists(x, x > limit) && 'a' != 'b'", "items.filter(x, x == limit).size() > 0 || null == null",
                       "[true, 'a', limit, b'z', 1.5, 2u].size() == 6", "items.all(x, x >= 0) ? 'yes' : 'no'"]
        let leafKinds = CELLeafKinds()
        let activation = CELActivation(["items": .list(CELList([.int(1), .int(40)])), "limit": .int(40)])
        for source in sources + sources {
            let alone = try environment.compile(source).get(), shared = try environment.compile(source, leafKinds: leafKinds).get()
            let (a, b) = (try #require(alone.checked), try #require(shared.checked))
            #expect(CELWrittenForm(a.ast.root) == CELWrittenForm(b.ast.root), "\(source)")
            #expect(a.types.values.map(\.description) == b.types.values.map(\.description), "\(source)")
            #expect(alone.evaluate(activation).sameValue(shared.evaluate(activation)), "\(source)")
        }
    }

    @Test func theCheckedTreeKeepsEveryNodeAndType() throws {
        let checked = try Self.checked("items.filter(x, x > limit).size() >= 2 && limit != 0")
        var ids: [CELExprID] = []
        checked.ast.root.walk { node, _ in
            ids.append(node.id)
            return .descend
        }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { checked.types[$0] != nil })
        #expect(checked.types.count == ids.count)
        #expect(checked.resultType == .bool)
        // Anchors and macro calls as written only serve compile errors: a checked expression
        // keeps neither.
        #expect(checked.ast.anchors.isEmpty)
        #expect(checked.ast.macroCalls.isEmpty)
    }
}
