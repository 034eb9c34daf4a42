// swift-tools-version:6.0
import PackageDescription

// An app's use of the embedded engine (docs/engine.md): the services of the product documents
// over an `EngineSession`, reading rules compiled by `rulecheck compile`. It depends on the
// repository's root package by path and links only its `RulecheckEngine` product (no YAML).
let package = Package(
    name: "AchievementsDemo",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "rulecheck", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "AchievementsDemo",
            dependencies: [.product(name: "RulecheckEngine", package: "rulecheck")]
        ),
    ]
)
