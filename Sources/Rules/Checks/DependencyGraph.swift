/// Names and what each one uses; finds cycles and a dependency order. Used for metrics (a metric
/// using metrics) and for `requires` between achievements.
struct DependencyGraph: Sendable {
    /// Nodes in declaration order; edges to names that are not nodes are ignored.
    private(set) var nodes: [String] = []
    private var edges: [String: [String]] = [:]

    mutating func add(_ node: String, uses: [String]) {
        if edges[node] == nil { nodes.append(node) }
        edges[node, default: []] += uses
    }

    /// Every elementary cycle found by depth-first search, each once, as a path that starts and
    /// ends at the same name (`a → b → a`), rotated to start at its first-declared member.
    func cycles() -> [[String]] {
        var found: [[String]] = [], seen = Set<[String]>()
        var state: [String: Int] = [:]  // 1 = on the stack, 2 = done
        var stack: [String] = []
        let position = Dictionary(nodes.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })

        func visit(_ node: String) {
            state[node] = 1
            stack.append(node)
            for next in edges[node] ?? [] where edges[next] != nil {
                if state[next] == 1, let start = stack.lastIndex(of: next) {
                    var cycle = Array(stack[start...])
                    if let first = cycle.indices.min(by: { position[cycle[$0], default: 0] < position[cycle[$1], default: 0] }) {
                        cycle = Array(cycle[first...] + cycle[..<first])
                    }
                    if seen.insert(cycle).inserted { found.append(cycle + [cycle[0]]) }
                } else if state[next] == nil {
                    visit(next)
                }
            }
            stack.removeLast()
            state[node] = 2
        }
        for node in nodes where state[node] == nil { visit(node) }
        return found
    }

    /// Nodes so that each comes after everything it uses (declaration order among equals).
    /// Nodes on a cycle come last, in declaration order.
    func dependencyOrder() -> [String] {
        var order: [String] = [], done = Set<String>(), visiting = Set<String>()
        func visit(_ node: String) -> Bool {
            if done.contains(node) { return true }
            if visiting.contains(node) { return false }
            visiting.insert(node)
            defer { visiting.remove(node) }
            for next in edges[node] ?? [] where edges[next] != nil {
                if !visit(next) { return false }
            }
            done.insert(node)
            order.append(node)
            return true
        }
        for node in nodes { _ = visit(node) }
        return order + nodes.filter { !done.contains($0) }
    }
}
