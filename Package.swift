// swift-tools-version:6.0
import PackageDescription

// Layers follow the data's path; a target imports only the ones above it in this list.
//   CYAML → YAMLSource ─┐
//   Diagnostics ────────┼→ Rules → Facts → Evaluation → Output → rulecheck
//   CEL ────────────────┘
let package = Package(
    name: "rulecheck",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "rulecheck", targets: ["rulecheck"]),
        .library(name: "RulecheckKit", targets: ["YAMLSource", "CEL", "Rules", "Facts", "Evaluation", "Output"]),
        // What an app embeds: compiled rules, evaluation and sessions, without YAML (docs/engine.md).
        .library(name: "RulecheckEngine", targets: ["RulecheckEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "Diagnostics"),
        .target(name: "YAMLSource", dependencies: ["CYAML", "Diagnostics"]),
        .target(name: "CEL"),
        .target(name: "Rules", dependencies: ["YAMLSource", "Diagnostics", "CEL"]),
        .target(name: "Facts", dependencies: ["Rules", "Diagnostics", "CEL", "YAMLSource"]),
        .target(name: "Evaluation", dependencies: ["Facts", "Rules", "Diagnostics", "CEL", "YAMLSource"]),
        .target(name: "Output", dependencies: ["Evaluation", "Facts", "Rules", "Diagnostics", "CEL"]),
        .target(name: "RulecheckEngine", dependencies: ["Evaluation", "Facts", "Rules", "Diagnostics", "CEL"]),
        .executableTarget(
            name: "rulecheck",
            dependencies: ["Output", "RulecheckEngine", "Evaluation", "Facts", "Rules", "Diagnostics",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "rulecheck-fuzz",
            dependencies: ["Output", "Evaluation", "Facts", "Rules", "CEL", "YAMLSource"]
        ),
        .executableTarget(
            name: "rulecheck-bench",
            dependencies: ["Output", "RulecheckEngine", "Evaluation", "Facts", "Rules", "Diagnostics", "CEL", "YAMLSource"]
        ),
        .testTarget(name: "YAMLSourceTests", dependencies: ["YAMLSource", "Diagnostics"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "CELTests", dependencies: ["CEL"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "Output", "YAMLSource", "Diagnostics", "CEL"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "FactsTests", dependencies: ["Facts", "Rules", "CEL"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "Output", "Facts", "Rules", "CEL"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "RulecheckEngineTests",
                    dependencies: ["RulecheckEngine", "Output", "Evaluation", "Facts", "Rules", "Diagnostics"]),
        .testTarget(name: "OutputTests", dependencies: ["Output", "Evaluation", "Rules", "Diagnostics"]),
        .testTarget(name: "RulecheckCLITests", dependencies: ["Evaluation", "Output", "Rules"],
                    exclude: ["Cases"]),
    ]
)
