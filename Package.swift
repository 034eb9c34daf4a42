// swift-tools-version:6.0
import PackageDescription
import class Foundation.ProcessInfo

/// Build settings that are not the default stay opt-in through the environment (docs/building.md).
let useMimalloc = ProcessInfo.processInfo.environment["RULECHECK_MIMALLOC"] == "1"

// Layers follow the data's path; a target imports only the ones above it in this list.
//   Diagnostics, CEL, JSON, SystemIO            (no dependencies but swift-atomics; CEL knows nothing of rules;
//                                               SystemIO: POSIX read/write, NDJSON lines decided on every core)
//   RuleModel   ← CEL, Diagnostics              the checked rule set: no YAML
//   Facts       ← RuleModel, JSON, CEL          state files (JSON) → facts at each moment
//   Evaluation  ← Facts, RuleModel              replay → decision, explanations, write-back
//   CYAML → YAMLSource ← Diagnostics            YAML with positions (libyaml)
//   Rules       ← RuleModel, YAMLSource         YAML rule files → RuleModel, checks, workspace, baseline
//   StateFileYAML ← Facts, YAMLSource           YAML state files for the command line
//   RuleTests   ← Evaluation, Rules, StateFileYAML   `rulecheck test`
//   RuleDiff    ← RulecheckEngine, Evaluation   `rulecheck diff`: rule changes and their effects
//   Output      ← Evaluation, Rules, RuleTests, RuleDiff  renderers → rulecheck
//   LanguageServer ← Output, RuleTests, Evaluation, Rules   `rulecheck lsp`: the rules in an editor
// Facts, Evaluation and RuleModel never reach CYAML (Tests/PackageLayersTests checks it).
let package = Package(
    name: "rulecheck",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "rulecheck", targets: ["rulecheck"]),
        // What an app embeds: compiled rules, evaluation and sessions, without YAML (docs/engine.md).
        .library(name: "RulecheckEngine", targets: ["RulecheckEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // CEL plans each program at its first evaluation (`CELProgram`): a lazily stored reference.
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "Diagnostics"),
        .target(name: "YAMLSource", dependencies: ["CYAML", "Diagnostics"]),
        .target(name: "CEL", dependencies: [.product(name: "Atomics", package: "swift-atomics")]),
        .target(name: "JSON"),
        .target(name: "SystemIO"),
        .target(name: "RuleModel", dependencies: ["Diagnostics", "CEL"]),
        .target(name: "Facts", dependencies: ["RuleModel", "JSON", "Diagnostics", "CEL", "SystemIO"]),
        .target(name: "Evaluation", dependencies: ["Facts", "RuleModel", "JSON", "Diagnostics", "CEL", "SystemIO"]),
        .target(name: "RulecheckEngine", dependencies: ["Evaluation", "Facts", "RuleModel", "JSON", "Diagnostics", "CEL"]),
        .target(name: "Rules", dependencies: ["RuleModel", "YAMLSource", "Diagnostics", "CEL"]),
        .target(name: "StateFileYAML", dependencies: ["Facts", "JSON", "YAMLSource", "Diagnostics"]),
        .target(name: "RuleTests", dependencies: ["Evaluation", "Rules", "StateFileYAML", "Facts", "RuleModel",
                                                  "JSON", "YAMLSource", "Diagnostics", "CEL"]),
        .target(name: "RuleDiff", dependencies: ["RulecheckEngine", "Evaluation", "Facts", "RuleModel", "Diagnostics", "CEL",
                                                "SystemIO"]),
        .target(name: "Output", dependencies: ["Evaluation", "Facts", "RuleTests", "Rules", "RuleModel", "JSON",
                                               "Diagnostics", "CEL", "RuleDiff"]),
        .target(name: "LanguageServer", dependencies: ["Output", "RuleTests", "Evaluation", "StateFileYAML", "Facts", "Rules",
                                                       "RuleModel", "YAMLSource", "JSON", "Diagnostics", "CEL"]),
        .executableTarget(
            name: "rulecheck",
            dependencies: ["LanguageServer", "Output", "RuleTests", "RulecheckEngine", "Evaluation", "StateFileYAML", "Facts", "Rules",
                           "RuleModel", "JSON", "Diagnostics", "RuleDiff", "SystemIO",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            // Opt-in: RULECHECK_MIMALLOC=1 links mimalloc (apt `libmimalloc-dev`) as the command's
            // allocator on Linux (docs/building.md). The default build needs Swift and libyaml only.
            linkerSettings: useMimalloc ? [.linkedLibrary("mimalloc", .when(platforms: [.linux]))] : []
        ),
        .executableTarget(
            name: "rulecheck-fuzz",
            dependencies: ["LanguageServer", "Output", "Evaluation", "StateFileYAML", "Facts", "Rules", "RuleModel", "JSON", "CEL", "YAMLSource"]
        ),
        .executableTarget(
            name: "rulecheck-bench",
            dependencies: ["LanguageServer", "Output", "RulecheckEngine", "Evaluation", "Facts", "Rules", "RuleModel", "JSON", "Diagnostics", "CEL",
                           "YAMLSource", "RuleDiff"]
        ),
        // What every test target shares: the seeded generator, the repository's paths, runs of the
        // built `rulecheck` (found beside the test bundle).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Rule sets from texts in memory (the loader's own path) and decided states, for the test
        // targets above the rules.
        .target(name: "RulesTestSupport", dependencies: ["Rules", "Evaluation", "Facts", "RuleModel", "Diagnostics"],
                path: "Tests/RulesTestSupport"),
        .testTarget(name: "YAMLSourceTests", dependencies: ["TestSupport", "YAMLSource", "Diagnostics"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "CELTests", dependencies: ["TestSupport", "CEL"]),
        .testTarget(name: "JSONTests", dependencies: ["TestSupport", "JSON"]),
        .testTarget(name: "RulesTests", dependencies: ["TestSupport", "RulesTestSupport", "Rules", "RuleModel", "Output", "YAMLSource", "Diagnostics", "CEL"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "FactsTests", dependencies: ["TestSupport", "RulesTestSupport", "Facts", "StateFileYAML", "Rules", "RuleModel", "JSON", "CEL"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "EvaluationTests", dependencies: ["TestSupport", "RulesTestSupport", "Evaluation", "Output", "Facts", "Rules", "RuleModel", "JSON", "CEL"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "RuleTestsTests", dependencies: ["TestSupport", "RuleTests", "Evaluation", "Output", "Facts", "Rules",
                                                          "RuleModel", "Diagnostics", "CEL"]),
        .testTarget(name: "RulecheckEngineTests",
                    dependencies: ["TestSupport", "RulecheckEngine", "Output", "Evaluation", "Facts", "StateFileYAML", "Rules", "RuleModel",
                                   "JSON", "Diagnostics"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "OutputTests", dependencies: ["TestSupport", "Output", "Evaluation", "RuleModel", "Rules", "JSON", "Diagnostics"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["TestSupport", "LanguageServer", "JSON", "Diagnostics"],
                    exclude: ["Transcripts", "Fixtures"]),
        .testTarget(name: "PackageLayersTests", dependencies: ["TestSupport"]),
        .testTarget(name: "RuleDiffTests", dependencies: ["TestSupport", "RulesTestSupport", "RuleDiff", "Output", "Evaluation", "Facts", "Rules", "RuleModel",
                                                         "JSON"]),
        .testTarget(name: "RulecheckCLITests", dependencies: ["TestSupport", "RuleTests", "Evaluation", "Output", "Rules", "RuleModel"],
                    exclude: ["Cases"]),
    ]
)
