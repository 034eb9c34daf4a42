import Foundation

/// The repository the tests run in: its root, and paths below it (rules, examples, docs).
public enum Repository {
    /// The package root, from this file's place in it (`Tests/TestSupport/`).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A path below the root: `Repository.path("rules", "taskmate")`.
    public static func path(_ parts: String...) -> String {
        parts.reduce(root) { $0.appendingPathComponent($1) }.path
    }
}
