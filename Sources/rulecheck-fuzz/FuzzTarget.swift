import CEL
import Evaluation
import Facts
import Foundation
import LanguageServer
import Output
import RuleModel
import Rules
import StateFileYAML
import YAMLSource

/// One fuzz target: a function of arbitrary bytes that must return, whatever the bytes, without
/// trapping, hanging or using memory out of proportion (docs/bad-input.md). A crash, a timeout or
/// an out-of-memory report from the driver is a finding.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// The YAML layer: libyaml events, node tree, core schema, aliases, positions.
    case yaml
    /// A whole rule file: YAML, decoding, checks across the set, CEL compilation, and the
    /// diagnostics rendered in every format.
    case rules
    /// The CEL parser and checker, in the environment rule conditions get.
    case cel
    /// The CEL evaluator with a step budget, over fixed variables.
    case celEval = "cel-eval"
    /// The state loader, JSON and YAML, and the write-back text.
    case state
    /// A whole eval (replay, decision, text and JSON views, explain) of the bytes as a state
    /// file against a product's rules.
    case eval
    /// `rulecheck lsp`'s document path: random edits of a product's rule file and every request
    /// at random positions (`LanguageServerScript`).
    case lsp

    func run(_ bytes: [UInt8]) {
        switch self {
        case .yaml: Self.yaml(bytes)
        case .rules: Self.rules(bytes)
        case .cel: Self.cel(bytes)
        case .celEval: Self.celEval(bytes)
        case .state: Self.state(bytes)
        case .eval: Self.eval(bytes)
        case .lsp: if var script = LanguageServerScript(bytes) { script.run() }
        }
    }

    private static func yaml(_ bytes: [UInt8]) {
        let result = YAMLLoader.load(bytes: bytes, file: "fuzz.yaml")
        if let document = result.document { _ = document.root.scalarValue }
        // The key scan that tells tests files apart must agree with the tree where both answer.
        let text = String(decoding: bytes, as: UTF8.self)
        guard Array(text.utf8) == bytes, let scanned = YAMLLoader.topLevelKeys(text: text), !scanned.contains("<<"),
              !result.diagnostics.contains(where: { $0.severity == .error }),
              case .mapping(let pairs)? = result.document?.root.kind else { return }
        precondition(scanned == pairs.compactMap(\.key.scalarText), "top-level key scan \(scanned) differs from the tree")
    }

    /// The file the `rules` target writes each input to (the loader reads rule sets from paths).
    private static let ruleFile: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("rules.yaml").path
    }()

    private static func rules(_ bytes: [UInt8]) {
        guard FileManager.default.createFile(atPath: ruleFile, contents: Data(bytes)) else { return }
        let loaded = RuleSetLoader.load(paths: [ruleFile], baseline: nil)
        for format in DiagnosticRenderer.Format.allCases {
            _ = DiagnosticRenderer.render(loaded.diagnostics, format: format, fileCount: loaded.files.count,
                                          sources: loaded.sources)
        }
    }

    private static let ruleEnvironment = FactTypes.environment(
        scope: .rule, metrics: FactTypes.metricsRecord([("focus_minutes", .int), ("ratio", .double)]))

    private static func cel(_ bytes: [UInt8]) {
        guard let source = String(validating: bytes, as: UTF8.self) else { return }
        _ = ruleEnvironment.compile(source)
    }

    private static let evaluationEnvironment: CELEnvironment = {
        var environment = CELEnvironment()
        environment.declare(variable: "x", type: .int)
        environment.declare(variable: "d", type: .double)
        environment.declare(variable: "s", type: .string)
        environment.declare(variable: "l", type: .list(.int))
        environment.declare(variable: "m", type: .map(.string, .dyn))
        return environment
    }()

    private static let activation = CELActivation([
        "x": .int(7), "d": .double(2.5), "s": .string("hello, world"),
        "l": .list(CELList((1...10).map { .int($0) })),
        "m": .map(CELMap(strings: [(key: "a", value: .int(1)), (key: "b", value: .string("two"))])),
    ])

    /// The step budget of one evaluation: small, so that a run stays fast.
    static let costLimit = 100_000

    private static func celEval(_ bytes: [UInt8]) {
        guard let source = String(validating: bytes, as: UTF8.self),
              case .success(let program) = evaluationEnvironment.compile(source) else { return }
        _ = program.evaluate(activation, costLimit: costLimit)
    }

    private static func state(_ bytes: [UInt8]) {
        if let state = try? StateFile.parse(json: bytes, file: "fuzz.json") {
            _ = StateWriteBack(state: state, newUnlocks: []).text
        }
        guard let text = String(validating: bytes, as: UTF8.self),
              let state = try? StateFile.parse(yaml: text, file: "fuzz.yaml") else { return }
        _ = StateWriteBack(state: state, newUnlocks: []).text
    }

    /// The rules of `eval`: `RULECHECK_FUZZ_RULES` (paths separated by `:`), else the TaskMate
    /// rules of the repository (the driver runs from its root).
    static let evalRules: RuleSet? = {
        let paths = ProcessInfo.processInfo.environment["RULECHECK_FUZZ_RULES"]?.split(separator: ":").map(String.init)
            ?? ["rules/taskmate"]
        return RuleSetLoader.load(paths: paths).ruleSet
    }()

    private static let fallbackNow: Moment? = try? Moment.parse("2026-02-01T09:00:00+08:00").get()

    private static func eval(_ bytes: [UInt8]) {
        guard let rules = evalRules, let state = try? StateFile.parse(json: bytes, file: "fuzz.json"),
              let now = state.now ?? fallbackNow,
              let evaluation = try? UserEvaluation(rules: rules, state: state, now: now) else { return }
        _ = DecisionJSONRenderer().render(evaluation.decision)
        _ = DecisionTextRenderer(rules: rules).render(evaluation.decision)
        _ = StateWriteBack(state: state, newUnlocks: evaluation.decision.unlocks).text
        let builder = ExplanationBuilder(rules: rules, outcome: evaluation.outcome, events: evaluation.facts.events)
        if let first = rules.awardOrder.first, let explanation = builder.explain(first) {
            _ = ExplanationTextRenderer().render(explanation)
        }
    }
}
