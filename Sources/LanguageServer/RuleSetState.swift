import Diagnostics
import Foundation
import RuleModel
import Rules

/// One rule set as the server last checked it, with the open buffers over its files.
struct RuleSetState: Sendable {
    var located: RuleSetLocator.Located
    var result: RuleSetLoadResult
    /// The files whose diagnostics were last published (every file of the rule set then).
    var published: Set<String> = []
    /// The index of its files, made at the first request after the check.
    var index: RuleSetIndex?
    /// The rule set of this check, else of the last check without errors: metric types,
    /// titles and criteria stay known while an edit is half-written.
    var lastGood: RuleSet?
    /// `lastGood` on the example state, evaluated at the first request that shows it.
    var example: ExampleOutcome?
    var exampleEvaluated = false

    /// Evaluates the example state once per rule set without errors.
    mutating func evaluateExample() {
        guard !exampleEvaluated else { return }
        exampleEvaluated = true
        if let rules = lastGood, let path = located.example { example = ExampleOutcome(rules: rules, statePath: path) }
    }

    /// Whether the check found errors (the hints of what they touch are left out).
    var hasErrors: Bool { result.errorCount > 0 }

    /// Loads the rule set through `validate`'s own path, `buffers` standing for their files.
    static func check(_ located: RuleSetLocator.Located, buffers: [String: String]) -> RuleSetState {
        let result = RuleSetLoader.load(paths: located.paths, baseline: nil,
                                        contents: RuleFileContents(buffers: buffers))
        return RuleSetState(located: located, result: result)
    }

    /// Each file's diagnostics: every file of the rule set (an empty list for a file without
    /// any) and every file a diagnostic points into.
    var diagnosticsByFile: [String: [Diagnostic]] {
        var byFile: [String: [Diagnostic]] = [:]
        for file in result.files { byFile[file] = [] }
        for diagnostic in result.diagnostics {
            guard let file = diagnostic.span?.file, file.hasPrefix("/") else { continue }
            byFile[file, default: []].append(diagnostic)
        }
        return byFile
    }
}
