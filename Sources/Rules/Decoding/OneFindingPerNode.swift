import Diagnostics
import YAMLSource

/// One error per node when a file with YAML errors is decoded all the same: a node the YAML
/// layer already reported (a duplicate key's entry, an integer out of range, an undefined
/// alias's empty stand-in) is not reported again by the rule decoder, except where the decoder
/// says more: a tag on a CEL condition (`when: !x`) is explained by the expression trap, which
/// then replaces the YAML layer's bare "not a core tag".
enum OneFindingPerNode {
    /// The decoder's diagnostics to keep, and the YAML diagnostics to withdraw.
    static func merge(yaml: [Diagnostic], decoded: [Diagnostic]) -> (kept: [Diagnostic], withdrawn: Set<Diagnostic>) {
        guard !yaml.isEmpty else { return (decoded, []) }
        let traps = decoded.filter { isExpressionTrap($0.code) }
        // Closures, not `\.span?.start`: the standard library projects an optional-chaining key
        // path through overlapping copies, which AddressSanitizer reports (memcpy-param-overlap).
        let trapStarts = Set(traps.compactMap { $0.span?.start })
        let withdrawn = Set(yaml.filter { $0.code == YAMLDiagnosticCode.nonCoreTag.code && $0.span.map { trapStarts.contains($0.start) } == true })
        let reported = Set(yaml.filter { !withdrawn.contains($0) }.compactMap { $0.span?.start })
        let kept = decoded.filter { diagnostic in
            guard let start = diagnostic.span?.start else { return true }
            return isExpressionTrap(diagnostic.code) || !reported.contains(start)
        }
        return (kept, withdrawn)
    }

    /// E120–E129: what YAML did to a value meant as an expression.
    private static func isExpressionTrap(_ code: String) -> Bool {
        code.hasPrefix("E12") && code.count == 4
    }
}
