import Diagnostics
import Foundation
import Output
import Testing
@testable import Rules

/// A fixture folder: `rules/` (the rule files), optionally `baseline/` (for `--baseline`), and
/// `expected.txt`, the golden text rendering of the diagnostics. The folder name starts with the
/// code the fixture is about (`E302_unknown_metric`), or `valid_` for a rule set without errors.
struct RuleFixture: Sendable, CustomTestStringConvertible {
    let name: String
    var testDescription: String { name }

    static var root: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// Goldens are written here when `UPDATE_GOLDEN=1` (the source tree, not the bundle).
    static var sourceRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    static var all: [RuleFixture] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map(RuleFixture.init)
    }

    /// The code the fixture is about, from its name; nil for `valid_…`.
    var code: String? {
        let prefix = name.prefix { $0 != "_" }
        return prefix.first == "E" || prefix.first == "W" ? String(prefix) : nil
    }

    var folder: URL { Self.root.appendingPathComponent(name) }

    /// Loads `rules/` (with `baseline/` if present); file names relative to the fixture folder.
    func load() -> RuleSetLoadResult {
        let baseline = folder.appendingPathComponent("baseline")
        let hasBaseline = FileManager.default.fileExists(atPath: baseline.path)
        let result = RuleSetLoader.load(paths: [folder.appendingPathComponent("rules").path],
                                        baseline: hasBaseline ? [baseline.path] : nil)
        return relative(result)
    }

    func render(_ result: RuleSetLoadResult) -> String {
        DiagnosticRenderer.render(result.diagnostics, format: .text, fileCount: result.files.count,
                                  sources: result.sources, colour: false)
    }

    var expected: String? {
        try? String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
    }

    func writeGolden(_ text: String) {
        try? text.write(to: Self.sourceRoot.appendingPathComponent(name).appendingPathComponent("expected.txt"),
                        atomically: true, encoding: .utf8)
    }

    private func relative(_ result: RuleSetLoadResult) -> RuleSetLoadResult {
        let prefix = folder.path + "/"
        func strip(_ path: String) -> String { path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path }
        func strip(_ span: SourceSpan?) -> SourceSpan? { span.map { SourceSpan(file: strip($0.file), start: $0.start, end: $0.end) } }
        var copy = result
        copy.files = result.files.map(strip)
        copy.sources = Dictionary(result.sources.map { (strip($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        copy.diagnostics = result.diagnostics.map { d in
            var d = d
            d.span = strip(d.span)
            d.notes = d.notes.map { DiagnosticNote($0.message, at: strip($0.span)) }
            d.message = d.message.replacingOccurrences(of: prefix, with: "")
            return d
        }
        return copy
    }
}
