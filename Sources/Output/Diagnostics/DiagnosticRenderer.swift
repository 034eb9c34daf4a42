import Diagnostics

/// The formats of `rulecheck validate --format`, and what every diagnostic renderer shares:
/// report order and the summary counts.
package enum DiagnosticRenderer {
    package enum Format: String, Sendable, CaseIterable {
        case text, json, sarif, github
    }

    /// Renders `diagnostics` (sorted here, so callers need not) in one format.
    /// `sources` maps a file path to its text, for the source lines of the text format.
    package static func render(_ diagnostics: [Diagnostic], format: Format, fileCount: Int,
                              sources: [String: String] = [:], colour: Bool = false) -> String {
        let sorted = diagnostics.sorted(by: Diagnostic.reportOrder)
        switch format {
        case .text:
            return DiagnosticTextRenderer(sources: sources, colour: colour).render(sorted, fileCount: fileCount)
        case .json: return DiagnosticJSONRenderer().render(sorted)
        case .sarif: return DiagnosticSARIFRenderer().render(sorted)
        case .github: return DiagnosticGitHubRenderer().render(sorted)
        }
    }

    /// Renders the rule sets of a workspace, each checked on its own, as one report: the text
    /// format gives each rule set's blocks and summary line (`taskmate: 0 errors, …`) then a
    /// `total:` line; JSON adds `ruleset` to each diagnostic and a `rulesets` summary; SARIF is one
    /// run whose results carry the rule set in `properties`; GitHub lists every annotation.
    package static func render(groups: [DiagnosticGroup], format: Format, sources: [String: String] = [:],
                              colour: Bool = false) -> String {
        switch format {
        case .text:
            let renderer = DiagnosticTextRenderer(sources: sources, colour: colour)
            return groups.map(renderer.render).joined() + renderer.total(groups)
        case .json: return DiagnosticJSONRenderer().render(groups: groups)
        case .sarif:
            let ruleSets = groups.flatMap { group in group.diagnostics.map { _ in group.name } }
            return DiagnosticSARIFRenderer(ruleSets: ruleSets).render(groups.flatMap(\.diagnostics))
        case .github: return DiagnosticGitHubRenderer().render(groups.flatMap(\.diagnostics))
        }
    }

    /// `2 errors, 1 warning in 5 files`.
    package static func summary(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        return "\(counted(errors, "error")), \(counted(warnings, "warning")) in \(counted(fileCount, "file"))"
    }

    static func counted(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    /// Colour only for a terminal, and never when `NO_COLOR` is set (https://no-color.org).
    package static func usesColour(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
}
