import CEL
import Diagnostics
import Foundation
import RuleModel
import RulesTestSupport
import Testing
@testable import Rules

@Suite struct RuleSetLoaderTests {
    let valid = RuleFixture(name: "valid_taskmate")

    @Test func decodesTheCalendar() throws {
        let set = try #require(valid.load().ruleSet)
        #expect(set.calendar.timezone == .zone("Asia/Shanghai"))
        #expect(set.calendar.dayStarts == LocalTime(minutes: 4 * 60))
        #expect(set.calendar.killTime == LocalTime(minutes: 20 * 60))
        #expect(set.calendar.late == .nextDay)
    }

    @Test func decodesStreaksWithFreezesAndMilestones() throws {
        let set = try #require(valid.load().ruleSet)
        #expect(set.streaks.map(\.id) == ["daily_use", "perfect_days"])
        let daily = try #require(set.streaks.first)
        #expect(daily.freezes == StreakRule.FreezePolicy(max: 1, refillDays: 30, mode: .manual))
        #expect(daily.backfillDays == 90)
        #expect(daily.milestones.map(\.days) == [3, 7])
        #expect(daily.milestones.map(\.info.category) == ["streak", "streak"])
        #expect(daily.milestones.map(\.info.points) == [100, 200])
        guard case .counts(let counts) = daily.qualification else { Issue.record("expected counts"); return }
        #expect(counts.source.hasPrefix("event.type in"))
        guard case .day = set.streaks[1].qualification else { Issue.record("expected day"); return }
    }

    @Test func decodesAchievementsAndTheirProgress() throws {
        let set = try #require(valid.load().ruleSet)
        let byID = Dictionary(uniqueKeysWithValues: set.achievements.map { ($0.info.id, $0) })
        let first = try #require(byID["focus_first_session"])
        guard case .derived(let current, let target, let isInt) = first.progress else { Issue.record("\(first.progress)"); return }
        #expect(current.source == "metrics.focus_minutes")
        #expect(target == 1)  // `> 0` with an int literal measures against 0 + 1
        #expect(isInt)

        let tenHours = try #require(byID["focus_10_hours"])
        #expect(tenHours.info.rarity == .rare)
        #expect(tenHours.requires == ["focus_first_session"])
        #expect(tenHours.available?.from == CELTimestamp.parseRFC3339("2026-02-01T00:00:00+08:00")?.timestamp)
        #expect(tenHours.available?.until == CELTimestamp.parseRFC3339("2026-02-08T00:00:00+08:00")?.timestamp)
        guard case .derived(_, 600, true) = tenHours.progress else { Issue.record("\(tenHours.progress)"); return }

        guard case .measured(let c, let t) = byID["tasks_progress"]?.progress else { Issue.record("measured"); return }
        #expect(c.source == "metrics.tasks_done")
        #expect(t.source == "50")

        let module = try #require(byID["nianhua_complete"])
        guard case .completeModule(let criterion) = module.criterion,
              criterion == ModuleCriterion(catalog: "puzzle", module: "nianhua", difficulty: "hard"),
              case .module = module.progress else {
            Issue.record("\(module.criterion)"); return
        }
        guard case .binary = byID["streak_fan"]?.progress else { Issue.record("binary"); return }
    }

    @Test func awardOrderPutsMilestonesAtTheirStreak() throws {
        let set = try #require(valid.load().ruleSet)
        #expect(set.awardOrder == ["habit_3_days", "habit_7_days", "focus_first_session", "focus_10_hours",
                                   "tasks_progress", "nianhua_complete", "streak_fan"])
    }

    @Test func decodesCatalogsRanksAndTests() throws {
        let loaded = valid.load()
        let set = try #require(loaded.ruleSet)
        let catalog = try #require(set.catalogs.first)
        #expect(catalog.id == "puzzle" && catalog.version == 2)
        #expect(catalog.modules.map(\.id) == ["nianhua", "paper"])
        #expect(catalog.levels.map(\.release) == [1, 2, 1])
        #expect(catalog.levels.map(\.counts) == [true, true, false])
        #expect(catalog.levels[0].difficulties == ["easy", "normal", "hard"])
        #expect(set.ranks.map(\.minPoints) == [0, 500])
        let test = try #require(loaded.tests.first)
        #expect(test.name == "first focus session")
        guard case .file(let path) = test.state else { Issue.record("file state"); return }
        #expect(path.hasSuffix("rules/tests/../../examples/new_user.json"))
        #expect(test.expect.unlocks == ["focus_first_session"])
        #expect(test.expect.progress["focus_10_hours"] == .init(current: 25, target: 600))
        #expect(test.expect.streaks["daily_use"]?.ints == ["current": 1])
        let expectedStrings: [String: String?] = ["status": "active", "last_day": String?.none]
        #expect(test.expect.streaks["daily_use"]?.strings == expectedStrings)
        #expect(test.expect.points == 0)
    }

    @Test func metricsComeInDependencyOrderWithInferredTypes() throws {
        let files: [String: String] = ["m.yaml": """
            schema: 1
            metrics:
              total: metrics.focus + metrics.tasks
              focus: events.filter(e, e.type == "focus").size()
              tasks: events.filter(e, e.type == "task").size()
              ratio: double(metrics.total) / 2.0
            achievements:
              - { id: a, title: A, when: metrics.ratio >= 1.5 }
            """]
        let loaded = RuleSetText.result(files)
        let (set, diagnostics) = (loaded.ruleSet, loaded.diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(set?.metrics.map(\.id) == ["focus", "tasks", "total", "ratio"])
        #expect(set?.metrics.last?.expression.program.resultType == .double)
        guard case .derived(_, 1.5, false)? = set?.achievements.first?.progress else {
            Issue.record("derived double"); return
        }
    }

    @Test func collectsYamlAndYmlRecursivelyInSortedOrderSkippingHidden() throws {
        let folder = try TemporaryRuleFolder([
            "b/z.yml": "schema: 1\n", "a.yaml": "schema: 1\n", "b/a.yaml": "schema: 1\n",
            ".hidden/x.yaml": "nonsense: [", "notes.txt": "x",
        ])
        defer { folder.remove() }
        let result = RuleSetLoader.load(paths: [folder.path], baseline: nil)
        #expect(result.diagnostics.isEmpty)
        #expect(result.files.map { String($0.dropFirst(folder.path.count + 1)) } == ["a.yaml", "b/a.yaml", "b/z.yml"])
    }

    @Test func missingPathAndEmptyFolderAreErrors() throws {
        let folder = try TemporaryRuleFolder(["readme.txt": "no rules"])
        defer { folder.remove() }
        let result = RuleSetLoader.load(paths: [folder.path, folder.path + "/missing"], baseline: nil)
        #expect(result.diagnostics.map(\.code) == [RuleCode.noRuleFiles, RuleCode.pathNotFound])
        #expect(result.diagnostics.last?.message.contains("does not exist") == true)
        #expect(result.ruleSet == nil)
    }

    /// A duplicate key does not stop the checking of its file: the missing title and `when` of
    /// the same achievement are reported too (docs/diagnostics-yaml.md, every problem in one run).
    @Test func duplicateKeyDoesNotStopTheCheckingOfItsFile() throws {
        let files: [String: String] = [
            "a.yaml": "schema: 1\nachievements:\n  - id: a\n    id: b\n",
            "b.yaml": "schema: 1\nachievements:\n  - { id: c, title: C, whenn: true }\n",
        ]
        let result = RuleSetText.result(files)
        let byFile = result.diagnostics.map { (($0.span?.file ?? "") as NSString).lastPathComponent + " " + $0.code }
        #expect(byFile == ["a.yaml E206", "a.yaml E206", "a.yaml E103", "b.yaml E206", "b.yaml E205"])
    }

    /// A syntax error ends its file; what the rest of the set names in it is not reported as unknown.
    @Test func syntaxErrorHidesUnknownNamesElsewhere() throws {
        let files: [String: String] = [
            "a.yaml": "schema: 1\nachievements:\n  - { id: first, title: F, when: \"true\" \n",
            "b.yaml": "schema: 1\nachievements:\n  - { id: c, title: C, when: \"true\", requires: [first] }\n",
        ]
        let result = RuleSetText.result(files)
        #expect(result.diagnostics.map(\.code) == ["E100"])
    }

    /// What a file that could not be read may define is not reported elsewhere, and only that:
    /// a tests file defines no name, a catalog file only catalog names, so a typo elsewhere is
    /// still an error.
    @Test(arguments: [
        // A broken tests file: the misspelt metric is still reported.
        ("tests.yaml", "schema: 1\ntests:\n  - name: x\n     state: {}\n", ["E100", "E302"]),
        // A broken catalog file: the misspelt metric is still reported, the catalog is not unknown.
        ("puzzle.yaml", "schema: 1\ncatalog:\n  id: puzzle\n  levels: [ {\n", ["E100", "E302"]),
        // A broken rule file may define the metric.
        ("more.yaml", "schema: 1\nmetrics:\n  tasks_don: x\n   y: z\n", ["E100"]),
        // A file without schema defines its names; a misspelt one stays unknown.
        ("more.yaml", "metrics:\n  tasks_don: events.size()\n", ["E203"]),
        ("more.yaml", "metrics:\n  other: events.size()\n", ["E203", "E302"]),
    ])
    func anUnreadFileHidesOnlyWhatItMayDefine(file: String, text: String, expected: [String]) throws {
        // Files on disk: what an unreadable file may define is read from its top-level keys there.
        let folder = try TemporaryRuleFolder([
            "a.yaml": "schema: 1\nachievements:\n  - { id: a, title: A, when: metrics.tasks_don >= 1 }\n",
            file: text,
        ])
        defer { folder.remove() }
        let codes = RuleSetLoader.load(paths: [folder.path], baseline: nil).diagnostics.map(\.code)
        #expect(codes.sorted() == expected.sorted(), "\(codes)")
        // The same texts held in memory (an editor's unsaved buffers): read where they are, not on disk.
        let inMemory = RuleSetText.result([
            "a.yaml": "schema: 1\nachievements:\n  - { id: a, title: A, when: metrics.tasks_don >= 1 }\n",
            file: text,
        ]).diagnostics.map(\.code)
        #expect(inMemory.sorted() == expected.sorted(), "\(inMemory)")
    }

    @Test(arguments: [
        ("metrics.n >= 10", "derived metrics.n 10.0 int"),
        ("metrics.n > 10", "derived metrics.n 11.0 int"),
        ("metrics.n > 2.5", "derived metrics.n 2.5 double"),
        ("size(events) >= 3u", "derived size(events) 3.0 int"),
        ("metrics.n >= 10 && true", "binary"),
        ("metrics.n == 10", "binary"),
        ("10 <= metrics.n", "binary"),
        ("metrics.n >= metrics.n", "binary"),
    ])
    func progressIsDerivedFromComparisonsWithANumberLiteral(when: String, expected: String) throws {
        let files: [String: String] = ["a.yaml": """
            schema: 1
            metrics:
              n: events.size()
            achievements:
              - id: a
                title: A
                when: '\(when)'
            """]
        let loaded = RuleSetText.result(files)
        let (set, diagnostics) = (loaded.ruleSet, loaded.diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let progress = try #require(set?.achievements.first?.progress)
        switch progress {
        case .derived(let current, let target, let isInt):
            #expect("derived \(current.source) \(target) \(isInt ? "int" : "double")" == expected)
        case .binary: #expect(expected == "binary")
        default: Issue.record("unexpected \(progress)")
        }
    }

    @Test func derivedCurrentPointsInsideTheYamlFile() throws {
        let files: [String: String] = ["a.yaml": """
            schema: 1
            achievements:
              - id: a
                title: A
                when: |
                  events.size() >= 3
            """]
        let set = try #require(RuleSetText.result(files).ruleSet)
        guard case .derived(let current, _, _)? = set.achievements.first?.progress else { Issue.record("derived"); return }
        #expect(current.span.start == SourcePosition(line: 6, column: 7))
        #expect(current.span.end == SourcePosition(line: 6, column: 20))
    }

    @Test func streakScopesSeeOnlyTheirOwnVariable() throws {
        let files: [String: String] = ["a.yaml": """
            schema: 1
            streaks:
              - { id: a, counts: 'day.status == "x"' }
              - { id: b, day: 'event.type == "x"' }
              - { id: c, counts: 'event.late == false && today.planned > 0' }
            """]
        let result = RuleSetText.result(files)
        #expect(result.diagnostics.map(\.code) == [RuleCode.celError, RuleCode.celError])
        #expect(result.diagnostics.map(\.span?.start.line) == [3, 4])
        #expect(result.diagnostics.allSatisfy { $0.fix != nil })
    }
}

@Suite struct ExpressionPositionTests {
    /// Where the E302 for `metrics.nope` lands, for the same expression in every scalar style.
    @Test(arguments: [
        ("when: metrics.nope >= 1", 5, 19),
        ("when: 'metrics.nope >= 1'", 5, 20),
        ("when: \"metrics.nope >= 1\"", 5, 20),
        ("when: |\n      true &&\n        metrics.nope >= 1", 7, 17),
        // An escape before the token: the loader cannot trace it, so the scalar's start.
        ("when: \"\\\"a\\\" != '' && metrics.nope >= 1\"", 5, 11),
    ])
    func unknownMetricPosition(line: String, expectedLine: Int, expectedColumn: Int) throws {
        let files: [String: String] = ["a.yaml": """
            schema: 1
            achievements:
              - id: a
                title: A
                \(line)
            """]
        let result = RuleSetText.result(files)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.code == RuleCode.unknownMetric)
        #expect(diagnostic.span?.start == SourcePosition(line: expectedLine, column: expectedColumn))
    }
}
