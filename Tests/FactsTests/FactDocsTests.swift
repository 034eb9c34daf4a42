import Foundation
import RuleModel
import Testing
import TestSupport

/// docs/facts.md lists exactly the declared variables and record fields, in declared order, with
/// the optional ones marked: the page cannot drift from `FactVariable` and `FactTypes`.
struct FactDocsTests {
    static func page() throws -> String {
        let root = Repository.root
        return try String(contentsOf: root.appendingPathComponent("docs/facts.md"), encoding: .utf8)
    }

    /// The table rows of one section (`## Variables`, `### \`day\``): the name in backticks and
    /// whether the row says *optional*.
    static func rows(under heading: String, in page: String) -> [(name: String, optional: Bool)] {
        var rows: [(name: String, optional: Bool)] = []
        var inside = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { inside = line == heading; continue }
            guard inside, line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { continue }
            rows.append((String(line[line.index(line.startIndex, offsetBy: 3)..<end]), line.contains("*optional*")))
        }
        return rows
    }

    @Test func theVariablesAreListed() throws {
        #expect(Self.rows(under: "## Variables", in: try Self.page()).map(\.name) == FactVariable.allCases.map(\.rawValue))
    }

    static func check<Field: FactField>(_: Field.Type, _ record: String) throws {
        let rows = rows(under: "### `\(record)`", in: try page())
        #expect(rows.map(\.name) == Field.allCases.map(\.rawValue), "fields of \(record)")
        #expect(rows.filter(\.optional).map(\.name) == Field.allCases.filter(\.isOptional).map(\.rawValue),
                "optional fields of \(record)")
    }

    @Test func everyRecordIsListed() throws {
        try Self.check(FactTypes.EventField.self, "event")
        try Self.check(FactTypes.DayField.self, "day")
        try Self.check(FactTypes.StreakField.self, "streak")
        try Self.check(FactTypes.AchievementField.self, "achievement")
        try Self.check(FactTypes.LevelField.self, "level")
        try Self.check(FactTypes.CatalogField.self, "catalog")
    }
}
