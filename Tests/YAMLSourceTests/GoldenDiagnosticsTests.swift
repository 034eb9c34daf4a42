import Diagnostics
import Foundation
import Testing
@testable import YAMLSource

/// One fixture per pitfall: the loader's diagnostics, plus the expression trap of every `when`
/// value, must match the fixture's `.expected` file (run with `UPDATE_GOLDEN=1` to rewrite them,
/// then review the diff).
@Suite struct GoldenDiagnosticsTests {
    @Test(arguments: FixtureFiles.names(in: "diagnostics"))
    func diagnosticsMatchGolden(fixture: String) throws {
        let path = "diagnostics/\(fixture)"
        let result = FixtureFiles.load(path)
        var diagnostics = result.diagnostics
        if let document = result.document {
            for value in FixtureFiles.values(of: "when", in: document.root) {
                if let problem = value.expressionProblem(field: "when", in: document) { diagnostics.append(problem) }
            }
        }
        for diagnostic in diagnostics {
            #expect(diagnostic.span != nil, "every diagnostic has a span: \(diagnostic.message)")
            #expect(diagnostic.code.hasPrefix("E1"), "YAML layer codes are E1xx: \(diagnostic.code)")
        }
        let actual = FixtureFiles.render(diagnostics)
        let goldenName = path.replacingOccurrences(of: ".yaml", with: ".expected")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try actual.write(to: FixtureFiles.sourceRoot.appendingPathComponent(goldenName), atomically: true, encoding: .utf8)
        }
        let expected = FixtureFiles.text(goldenName)
        #expect(actual == expected, "golden mismatch for \(fixture)")
    }
}
