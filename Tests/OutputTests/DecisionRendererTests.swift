import CEL
import Diagnostics
import Evaluation
import JSON
import Facts
@testable import Output
import RuleModel
import Rules
import Testing

/// docs/evaluation.md, "The decision": the JSON decision, deterministic to the byte, and the text view for people.
@Suite struct DecisionRendererTests {
    static func at(_ text: String) -> Moment {
        (try? Moment.parse(text).get()) ?? Moment(instant: CELTimestamp(seconds: 0), offsetSeconds: 0)
    }

    static let decision = Decision(
        user: "u42", now: at("2026-02-01T09:00:00+08:00"),
        unlocks: [
            UnlockDecision(id: "focus_10_hours", at: at("2026-01-20T21:40:00+08:00"), points: 100),
            UnlockDecision(id: "nianhua_complete", at: at("2026-01-22T19:00:00+08:00"), points: 300, catalogVersion: 3),
        ],
        achievements: [
            AwardStanding(id: "focus_10_hours", state: .unlocked, unlockedAt: at("2026-01-20T21:40:00+08:00"),
                          progress: AwardProgress(current: .int(612), target: .int(600)), hidden: false),
            AwardStanding(id: "task_500_completed", state: .locked, unlockedAt: nil,
                          progress: AwardProgress(current: .int(37), target: .int(500)), hidden: false),
            AwardStanding(id: "secret_one", state: .locked, unlockedAt: nil,
                          progress: AwardProgress(current: .int(0), target: .int(1)), hidden: true),
            AwardStanding(id: "nianhua_complete", state: .unlocked, unlockedAt: at("2025-12-01T10:00:00Z"),
                          progress: AwardProgress(current: .int(5), target: .int(6)), hidden: false,
                          catalogVersion: 2, newLevels: 1),
            AwardStanding(id: "avg_time", state: .locked, unlockedAt: nil,
                          progress: AwardProgress(current: .double(0.1), target: .double(2.5)), hidden: false),
        ],
        streaks: [StreakStanding(id: "daily_use", current: 9, longest: 12, totalDays: 40, status: "at_risk",
                                 freezesAvailable: 1, lastDay: "2026-01-31"),
                  StreakStanding(id: "fresh", current: 0, longest: 0, totalDays: 0, status: "none",
                                 freezesAvailable: 0, lastDay: nil)],
        points: 1250,
        rank: RankStanding(id: "adept", title: "能手", next: .init(id: "master", minPoints: 2000)),
        warnings: [EvaluationWarning(code: "future_event", message: "\"a\" is after now", event: 17),
                   EvaluationWarning(code: "unknown_achievement", message: "kept")])

    /// The JSON of `decision`, its keys in their documented order.
    static let decisionJSON = """
        {
          "schema": 1,
          "user": "u42",
          "now": "2026-02-01T09:00:00+08:00",
          "unlocks": [
            {
              "id": "focus_10_hours",
              "at": "2026-01-20T21:40:00+08:00",
              "points": 100
            },
            {
              "id": "nianhua_complete",
              "at": "2026-01-22T19:00:00+08:00",
              "points": 300,
              "catalog_version": 3
            }
          ],
          "achievements": {
            "focus_10_hours": {
              "state": "unlocked",
              "category": "general",
              "unlocked_at": "2026-01-20T21:40:00+08:00",
              "progress": {
                "current": 612,
                "target": 600
              }
            },
            "task_500_completed": {
              "state": "locked",
              "category": "general",
              "progress": {
                "current": 37,
                "target": 500
              }
            },
            "secret_one": {
              "state": "locked",
              "category": "general",
              "hidden": true,
              "progress": {
                "current": 0,
                "target": 1
              }
            },
            "nianhua_complete": {
              "state": "unlocked",
              "category": "general",
              "unlocked_at": "2025-12-01T10:00:00Z",
              "progress": {
                "current": 5,
                "target": 6
              },
              "catalog_version": 2,
              "new_levels": 1
            },
            "avg_time": {
              "state": "locked",
              "category": "general",
              "progress": {
                "current": 0.1,
                "target": 2.5
              }
            }
          },
          "streaks": {
            "daily_use": {
              "current": 9,
              "longest": 12,
              "total_days": 40,
              "status": "at_risk",
              "freezes_available": 1,
              "last_day": "2026-01-31"
            },
            "fresh": {
              "current": 0,
              "longest": 0,
              "total_days": 0,
              "status": "none",
              "freezes_available": 0,
              "last_day": null
            }
          },
          "points": 1250,
          "rank": {
            "id": "adept",
            "title": "能手",
            "next": {
              "id": "master",
              "min_points": 2000
            }
          },
          "metrics": {},
          "upcoming": [],
          "reminders": [],
          "warnings": [
            {
              "code": "future_event",
              "message": "\\"a\\" is after now",
              "event": 17
            },
            {
              "code": "unknown_achievement",
              "message": "kept"
            }
          ]
        }

        """

    @Test func jsonInTheContractsKeyOrder() {
        #expect(DecisionJSONRenderer().render(Self.decision) == Self.decisionJSON)
    }

    /// docs/evaluation.md, "Shown metrics" and "Categories": `metrics` after `rank`, each value as
    /// JSON; `categories` after `achievements`, titles in the locale, only with categories.
    @Test func shownMetricsAndCategoriesInJSON() throws {
        var decision = Self.decision
        decision.metrics = [
            ShownMetric(id: "week_completed_days", value: .int(4)),
            ShownMetric(id: "past_weeks", value: .array([.object(JSONObject([("week", .string("2026-W03")),
                                                                              ("completed_tasks", .int(5))]))])),
            ShownMetric(id: "broken", value: .null),
        ]
        let span = SourceSpan(file: "c.yaml", start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
        let rules = RuleSet(categories: [
            CategoryRule(id: "focus", title: "专注大师", icon: "timer", meta: .map(CELMap(strings: [("color", .string("blue"))])),
                         span: span, localizedTitle: LocalizedText(entries: [.init(locale: "zh-Hans", text: "专注大师"),
                                                                            .init(locale: "en", text: "Focus Master")])),
            CategoryRule(id: "task", title: "任务管理", description: "任务", span: span),
        ])
        let english = DecisionJSONRenderer(rules: rules, locale: "en").render(decision)
        #expect(english.contains("""
              "categories": [
                {
                  "id": "focus",
                  "title": "Focus Master",
                  "icon": "timer",
                  "meta": {
                    "color": "blue"
                  }
                },
                {
                  "id": "task",
                  "title": "任务管理",
                  "description": "任务"
                }
              ],
              "streaks": {
            """))
        #expect(english.contains("""
              "metrics": {
                "week_completed_days": 4,
                "past_weeks": [
                  {
                    "week": "2026-W03",
                    "completed_tasks": 5
                  }
                ],
                "broken": null
              },
              "upcoming": [],
              "reminders": [],
              "warnings": [
            """))
        #expect(DecisionJSONRenderer(rules: rules).render(decision).contains("\"title\": \"专注大师\""))
        // Without categories in the rules there is no key; `metrics` is always there.
        #expect(!DecisionJSONRenderer().render(Self.decision).contains("\"categories\""))
        #expect(DecisionJSONRenderer().render(Self.decision).contains("\n  \"metrics\": {},\n"))
        let line = String(decoding: DecisionJSONRenderer().renderLine(decision), as: UTF8.self)
        #expect(line.contains(#""metrics":{"week_completed_days":4,"past_weeks":[{"week":"2026-W03","completed_tasks":5}],"broken":null}"#))
    }

    /// The text view: `Categories:` after the unlocked awards (title, id, unlocked of total),
    /// `Metrics:` after points and rank.
    @Test func shownMetricsAndCategoriesInText() {
        var decision = Self.decision
        decision.achievements[0].category = "focus"
        decision.achievements[1].category = "focus"
        decision.metrics = [ShownMetric(id: "tasks_done", value: .int(1)),
                            ShownMetric(id: "weeks", value: .array([.object(JSONObject([("week", .string("2026-W03"))]))]))]
        let span = SourceSpan(file: "c.yaml", start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
        let rules = RuleSet(categories: [CategoryRule(id: "focus", title: "Focus Master", span: span),
                                         CategoryRule(id: "general", title: "general", span: span)])
        let lines = DecisionTextRenderer(rules: rules).render(decision).split(separator: "\n").map(String.init)
        let order = ["Unlocked (2):", "Categories:", "Streaks:", "Points: 1250", "Metrics:", "Warnings (2):"]
        let positions = order.map { heading in lines.firstIndex { $0.hasPrefix(heading) } ?? -1 }
        #expect(!positions.contains(-1))
        #expect(positions == positions.sorted())
        #expect(lines.contains("  Focus Master (focus)  1 of 2 unlocked"))
        #expect(lines.contains("  general               1 of 3 unlocked"))
        #expect(lines.contains("  tasks_done: 1"))
        #expect(lines.contains(#"  weeks: [{"week":"2026-W03"}]"#))
        let plain = DecisionTextRenderer().render(Self.decision)
        #expect(!plain.contains("Categories:") && !plain.contains("Metrics:"))
    }

    @Test func jsonWithoutRanksAndAtTheTopRank() {
        var decision = Self.decision
        decision.rank = nil
        #expect(DecisionJSONRenderer().render(decision).contains("\n  \"rank\": null,\n"))
        decision.rank = RankStanding(id: "master", title: "Master", next: nil)
        #expect(DecisionJSONRenderer().render(decision).contains("\"next\": null"))
        decision.unlocks = []
        decision.warnings = []
        let text = DecisionJSONRenderer().render(decision)
        #expect(text.contains("\"unlocks\": [],") && text.contains("\"warnings\": []\n"))
    }

    @Test func textShowsNewUnlocksFirstThenBarsStreaksPointsAndWarnings() {
        let text = DecisionTextRenderer(barWidth: 10).render(Self.decision)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let order = ["New unlocks (2):", "Locked (3):", "Unlocked (2):", "Streaks:", "Points: 1250", "Warnings (2):"]
        let positions = order.map { heading in lines.firstIndex { $0.hasPrefix(heading) } ?? -1 }
        #expect(!positions.contains(-1))
        #expect(positions == positions.sorted())
        #expect(lines.contains("  + focus_10_hours at 2026-01-20T21:40:00+08:00  +100 points"))
        #expect(lines.contains { $0.contains("task_500_completed") && $0.hasSuffix("[----------]  37/500") })
        // Hidden achievements are not named while locked.
        #expect(!text.contains("secret_one"))
        #expect(lines.contains { $0.hasPrefix("  ???") && $0.hasSuffix("[----------]  0/1") })
        #expect(lines.contains { $0.contains("daily_use: 9 days, at_risk") })
        #expect(lines.contains("Points: 1250   Rank: 能手 (adept), next master at 2000 (750 to go)"))
        #expect(lines.contains("  future_event: \"a\" is after now [events[17]]"))
        #expect(lines.contains { $0.contains("nianhua_complete") && $0.contains("(1 new level since)") })
    }

    @Test func anAwardHeldBackOnlyByRequiresSaysWhatItWaitsFor() {
        var decision = Self.decision
        decision.achievements[1].waitingFor = ["focus_10_hours", "secret_one"]
        decision.achievements[1].progress = AwardProgress(current: .int(1), target: .int(1))
        let text = DecisionTextRenderer(barWidth: 10).render(decision)
        #expect(text.contains("task_500_completed  waiting for focus_10_hours, secret_one\n"))
        #expect(!text.contains("[##########]  1/1"))
        #expect(DecisionJSONRenderer().render(decision).contains("\"waiting_for\": [\n        \"focus_10_hours\",\n        \"secret_one\"\n      ]"))
    }

    @Test func ruleErrorsComeFirstInTheTextAndCarryTheirIDInJSON() {
        var decision = Self.decision
        decision.warnings.append(EvaluationWarning(code: "rule_error", id: "task_500_completed",
                                                   message: "'task_500_completed': its condition at r.yaml:3:11 fails: no such key: 'x'"))
        let lines = DecisionTextRenderer().render(decision).split(separator: "\n").map(String.init)
        #expect(lines[1] == "!! 1 rule could not be judged and count as not holding; fix the rules:")
        #expect(lines[2] == "  rule_error: 'task_500_completed': its condition at r.yaml:3:11 fails: no such key: 'x'")
        #expect(lines.contains("Warnings (2):"))
        #expect(DecisionJSONRenderer().render(decision).contains(
            #"{"code": "rule_error", "id": "task_500_completed", "message": "'task_500_completed': its condition"#)
            || DecisionJSONRenderer().render(decision).contains("\"code\": \"rule_error\",\n      \"id\": \"task_500_completed\""))
    }

    @Test(arguments: [(37, 500, 0), (250, 500, 5), (500, 500, 10), (900, 500, 10), (0, 0, 0)])
    func progressBars(current: Int, target: Int, filled: Int) {
        let progress = AwardProgress(current: .int(Int64(current)), target: .int(Int64(target)))
        let bar = DecisionTextRenderer(barWidth: 10).bar(progress)
        #expect(bar == "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 10 - filled) + "]")
    }
}

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("focus", 5),
        ("专注新手", 8),
        ("专注新手 (focus_10_hours)", 25),
        ("ｆｕｌｌ", 8),
        ("", 0),
    ])
    func wideCharactersTakeTwoColumns(text: String, columns: Int) {
        #expect(DecisionTextRenderer.displayWidth(text) == columns)
    }
}
