import Foundation
import Testing
@testable import YAMLSource

/// Every code the YAML layer can emit is documented, once, with an example.
@Suite struct DiagnosticCodeDocsTests {
    static let document: String = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/diagnostics-yaml.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test(arguments: YAMLDiagnosticCode.allCases)
    func codeIsDocumented(code: YAMLDiagnosticCode) {
        #expect(DiagnosticCodeDocsTests.document.components(separatedBy: "### \(code.code) — ").count == 2)
    }

    @Test func codesAreUniqueAndInTheYAMLRange() {
        let codes = YAMLDiagnosticCode.allCases.map(\.code)
        #expect(Set(codes).count == codes.count)
        for code in codes {
            let number = Int(code.dropFirst()) ?? 0
            #expect(code.hasPrefix("E") && (100...199).contains(number))
        }
    }
}
