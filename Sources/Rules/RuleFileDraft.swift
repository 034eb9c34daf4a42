import CEL
import Diagnostics
import YAMLSource

/// One rule file decoded but not yet checked across files nor compiled: expressions are still
/// YAML scalars, and every name carries where it is written.
struct RuleFileDraft: Sendable {
    var file: String
    var calendar: CalendarDraft?
    var metrics: [MetricDraft] = []
    var streaks: [StreakDraft] = []
    var achievements: [AchievementDraft] = []
    var ranks: [RankDraft] = []
    var catalogs: [CatalogDraft] = []
    var tests: [RuleTestCase] = []
    /// Achievement and milestone ids in order of appearance.
    var awardOrder: [String] = []

    init(file: String) { self.file = file }
}

/// A CEL expression as written: the scalar node keeps positions for error mapping.
struct ExpressionDraft: Sendable {
    var source: String
    var node: YAMLNode
    /// The field it was written in (`when`, `counts`), for messages.
    var field: String
}

struct CalendarDraft: Sendable {
    var rule: CalendarRule
    var span: SourceSpan
}

struct MetricDraft: Sendable {
    var id: Located<String>
    var expression: ExpressionDraft
}

struct StreakDraft: Sendable {
    enum Qualification: Sendable {
        case counts(ExpressionDraft)
        case day(ExpressionDraft)
    }
    struct MilestoneDraft: Sendable {
        var days: Located<Int>
        var info: AwardInfo
        var id: Located<String>
    }
    var id: Located<String>
    var title: String
    var qualification: Qualification?
    var freezes: StreakRule.FreezePolicy?
    var historyDays: Int?
    var milestones: [MilestoneDraft]
    var span: SourceSpan
}

struct AchievementDraft: Sendable {
    struct ModuleReference: Sendable {
        var catalog: Located<String>
        var module: Located<String>
        var difficulty: Located<String>?
    }
    enum Criterion: Sendable {
        case when(ExpressionDraft)
        case completeModule(ModuleReference)
    }
    var id: Located<String>
    var info: AwardInfo
    var criterion: Criterion?
    var progress: (current: ExpressionDraft, target: ExpressionDraft)?
    var requires: [Located<String>]
    var available: AchievementRule.Window?
}

struct RankDraft: Sendable {
    var id: Located<String>
    var rule: RankRule
    var minPoints: Located<Int>
}

struct CatalogDraft: Sendable {
    struct LevelDraft: Sendable {
        var id: Located<String>
        var module: Located<String>
        var release: Located<Int>
        var rule: CatalogRule.Level
    }
    var id: Located<String>
    var version: Located<Int>
    var modules: [Located<String>]
    var moduleTitles: [String]
    var levels: [LevelDraft]
    var span: SourceSpan

    var rule: CatalogRule {
        CatalogRule(id: id.value, version: version.value,
                    modules: zip(modules, moduleTitles).map { CatalogRule.Module(id: $0.value, title: $1) },
                    levels: levels.map(\.rule), span: span)
    }
}
