import Diagnostics
import Evaluation
import Facts
import RuleModel
import Rules

/// Rule sets loaded from texts held in memory, through the loader's own path
/// (`RuleSetLoader.load(texts:)`: the same decoding, checks, compilation and lints as files on
/// disk), and states decided with them: what tests would otherwise write to temporary folders.
package enum RuleSetText {
    /// Why a rule set did not load: its diagnostics, as `file:line:column: message` lines.
    package struct LoadFailure: Error, CustomStringConvertible {
        package let diagnostics: [Diagnostic]
        package var description: String {
            diagnostics.map { diagnostic in
                let place = diagnostic.span.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
                return place + diagnostic.message
            }.joined(separator: "\n")
        }
    }

    /// The rule set of `yaml`, one rule file per text (named `rules0.yaml`, `rules1.yaml`, …).
    package static func load(_ yaml: String...) throws(LoadFailure) -> RuleSet {
        try load(yaml)
    }

    package static func load(_ yaml: [String]) throws(LoadFailure) -> RuleSet {
        try load(files: yaml.enumerated().map { (file: "rules\($0.offset).yaml", text: $0.element) })
    }

    /// The rule set of files given by name and text.
    package static func load(files: [(file: String, text: String)]) throws(LoadFailure) -> RuleSet {
        let loaded = RuleSetLoader.load(texts: files)
        guard let ruleSet = loaded.ruleSet else { throw LoadFailure(diagnostics: loaded.diagnostics) }
        return ruleSet
    }

    /// The rule set of files given by name and text inside a folder named `folder`, so that two
    /// versions of one rule set are told apart by their paths.
    package static func load(_ files: [String: String], in folder: String) throws(LoadFailure) -> RuleSet {
        try load(files: files.sorted { $0.key < $1.key }.map { (file: folder + "/" + $0.key, text: $0.value) })
    }

    /// What the loader reports for files given by name and text, read in name order as a
    /// folder's files are.
    package static func result(_ files: [String: String]) -> RuleSetLoadResult {
        RuleSetLoader.load(texts: files.sorted { $0.key < $1.key }.map { (file: $0.key, text: $0.value) })
    }

    /// `state` decided with `rules` as `rulecheck eval` decides it: at `now`, else the state's
    /// `now`, else the clock.
    package static func decide(_ state: StateFile, with rules: RuleSet, now: Moment? = nil,
                               keepsBindings: Bool = false) throws -> UserEvaluation {
        try UserEvaluation(replay: Replay(rules: rules), state: state, now: UserEvaluation.moment(now, fallback: state.now),
                           keepsBindings: keepsBindings)
    }
}
