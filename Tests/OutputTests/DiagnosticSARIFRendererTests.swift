import Diagnostics
import Foundation
import Output
import Testing

@Suite struct DiagnosticSARIFRendererTests {
    @Test func shapeOfTheLog() throws {
        let text = DiagnosticRenderer.render(DiagnosticSamples.all, format: .sarif, fileCount: 2)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "rulecheck")
        #expect(driver["version"] as? String == RulecheckVersion.tool)
        #expect(driver["semanticVersion"] as? String == RulecheckVersion.tool)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["E302", "E401", "W401"])
        for rule in rules {
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect((rule["helpUri"] as? String)?.hasPrefix("docs/diagnostics.md#") == true)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(results.map { $0["ruleId"] as? String } == ["E401", "E302", "W401"])
        #expect(results.map { $0["level"] as? String } == ["error", "error", "warning"])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        let location = try #require((results[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "rules/a.yaml")
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 5)
        #expect(region["startColumn"] as? Int == 19)
        #expect(region["endLine"] as? Int == 5)
        #expect(region["endColumn"] as? Int == 31)
        #expect(results[0]["relatedLocations"] != nil)
    }

    @Test func emptyReportIsStillAValidLog() throws {
        let text = DiagnosticSARIFRenderer().render([])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: [
        ("rules/a.yaml", "rules/a.yaml"),
        ("my rules/成就.yaml", "my%20rules/%E6%88%90%E5%B0%B1.yaml"),
        ("a#b?.yml", "a%23b%3F.yml"),
    ])
    func artifactURIsArePercentEncoded(path: String, uri: String) throws {
        let d = Diagnostic.error("E205", "x", at: .file(path))
        let text = DiagnosticSARIFRenderer().render([d])
        #expect(text.contains("\"uri\":\"\(uri)\""))
    }
}

@Suite struct DiagnosticSARIFHelpTests {
    @Test(arguments: [("E302", "docs/diagnostics.md#e302"), ("W401", "docs/diagnostics.md#w401"),
                      ("E103", "docs/diagnostics-yaml.md")])
    func helpPointsAtTheDocumentOfTheCode(code: String, uri: String) {
        let text = DiagnosticSARIFRenderer().render([Diagnostic.error(code, "m", at: .file("a.yaml"))])
        #expect(text.contains("\"helpUri\":\"\(uri)\""))
    }
}
