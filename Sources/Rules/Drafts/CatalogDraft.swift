import Diagnostics
import RuleModel

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
    var moduleRules: [CatalogRule.Module]
    var levels: [LevelDraft]
    var span: SourceSpan

    var rule: CatalogRule {
        CatalogRule(id: id.value, version: version.value,
                    modules: moduleRules,
                    levels: levels.map(\.rule), span: span)
    }
}
