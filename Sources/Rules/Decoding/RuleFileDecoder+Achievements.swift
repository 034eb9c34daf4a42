import CEL
import Diagnostics
import RuleModel
import YAMLSource

extension RuleFileDecoder {
    static let achievementKeys = AchievementRuleKey.names

    /// docs/rules.md, "achievements[]".
    mutating func decodeAchievement(_ node: YAMLNode) -> AchievementDraft? {
        guard let map = NodeReader(node, what: "achievement", diagnostics: &diagnostics) else {
            unread.open(.award)
            return nil
        }
        map.rejectUnknownKeys(allowed: Self.achievementKeys, diagnostics: &diagnostics)
        let award = awardInfo(map, defaultCategory: "general")

        var criterion: AchievementDraft.Criterion?
        switch (map.value(AchievementRuleKey.when.rawValue), map.value(AchievementRuleKey.completeModule.rawValue)) {
        case (let when?, nil):
            criterion = expression(when, key: "when").map { .when($0) }
        case (nil, let module?):
            criterion = moduleReference(module).map { .completeModule($0) }
        case (_?, _?):
            diagnostics.append(.error(RuleCode.conflictingKeys,
                                      "an achievement has exactly one criterion: 'when' or 'complete_module', not both",
                                      at: map.keySpan(AchievementRuleKey.completeModule.rawValue) ?? node.span,
                                      notes: [DiagnosticNote("'when' is here", at: map.keySpan(AchievementRuleKey.when.rawValue))],
                                      fix: "keep one of them; use 'requires' to combine achievements"))
        case (nil, nil):
            diagnostics.append(.error(RuleCode.missingKey,
                                      "achievement needs a criterion: 'when' (a CEL condition) or 'complete_module'",
                                      at: map.headSpan, fix: "add for example: when: metrics.tasks_done >= 10"))
        }

        var progress: (current: ExpressionDraft, target: ExpressionDraft)?
        if let node = map.value(AchievementRuleKey.progress.rawValue), let p = NodeReader(node, what: "progress", diagnostics: &diagnostics) {
            p.rejectUnknownKeys(allowed: ["current", "target"], diagnostics: &diagnostics)
            let current = p.require("current", diagnostics: &diagnostics).flatMap { expression($0, key: "current", field: "progress current") }
            let target = p.require("target", diagnostics: &diagnostics).flatMap { expression($0, key: "target", field: "progress target") }
            if let current, let target { progress = (current, target) }
        }

        var requires: [Located<String>] = []
        if let node = map.value(AchievementRuleKey.requires.rawValue) {
            if case .scalar = node.kind, let single = NodeReader.string(node, field: "requires", in: "achievement",
                                                                        diagnostics: &diagnostics) {
                requires = [single]
            } else {
                requires = map.stringList(AchievementRuleKey.requires.rawValue, diagnostics: &diagnostics) ?? []
            }
        }

        let available = map.value(AchievementRuleKey.available.rawValue).flatMap { availableWindow($0) }

        guard let award else {
            unread.open(.award)
            return nil
        }
        return AchievementDraft(id: award.id, info: award.info, categorySpan: award.categorySpan, criterion: criterion, progress: progress,
                                requires: requires, available: available)
    }

    /// `available: {from, until}`: at least one bound, and `until` after `from`.
    private mutating func availableWindow(_ node: YAMLNode) -> AchievementRule.Window? {
        guard let a = NodeReader(node, what: "available", diagnostics: &diagnostics) else { return nil }
        a.rejectUnknownKeys(allowed: ["from", "until"], diagnostics: &diagnostics)
        let from = timestamp(a, "from"), until = timestamp(a, "until")
        if !a.has("from") && !a.has("until") {
            diagnostics.append(.error(RuleCode.missingKey, "'available' needs 'from', 'until' or both", at: node.span))
        }
        if let from, let until, !(from.value < until.value) {
            diagnostics.append(.error(RuleCode.emptyWindow,
                                      "'available' is empty: 'until' is not after 'from'", at: until.span,
                                      notes: [DiagnosticNote("'from' is here", at: from.span)]))
        }
        return AchievementRule.Window(from: from?.value, until: until?.value)
    }

    private mutating func moduleReference(_ node: YAMLNode) -> AchievementDraft.ModuleReference? {
        guard let m = NodeReader(node, what: "complete_module", diagnostics: &diagnostics) else { return nil }
        m.rejectUnknownKeys(allowed: Self.completeModuleKeys, diagnostics: &diagnostics)
        let catalog = m.string("catalog", required: true, diagnostics: &diagnostics)
        let module = m.string("module", required: true, diagnostics: &diagnostics)
        let difficulty = m.string("difficulty", diagnostics: &diagnostics)
        let release = m.int("release", diagnostics: &diagnostics)
            .flatMap { inRange($0, Self.releaseRange, key: "release", in: "complete_module") }
        let levels = m.choice("levels", from: ModuleCriterion.Levels.allCases.map(\.rawValue), diagnostics: &diagnostics)
        guard let catalog, let module else { return nil }
        return .init(catalog: catalog, module: module, difficulty: difficulty?.value == "any" ? nil : difficulty,
                     release: release, levels: levels.flatMap { ModuleCriterion.Levels(rawValue: $0.value) } ?? .counted)
    }

    /// The keys of `complete_module`.
    static let completeModuleKeys = CompleteModuleRuleKey.names
    /// A catalog version a `complete_module` may name: from the first release to a bound far
    /// past any catalog's life (a release a year for a million years).
    static let releaseRange = 1...1_000_000

    /// An RFC 3339 instant with a UTC offset or `Z`.
    private mutating func timestamp(_ map: NodeReader, _ key: String) -> Located<CELTimestamp>? {
        guard let text = map.string(key, diagnostics: &diagnostics) else { return nil }
        guard let parsed = CELTimestamp.parseRFC3339(text.value) else {
            diagnostics.append(.error(RuleCode.invalidTimestamp,
                                      "invalid '\(key)' timestamp '\(text.value)'; expected RFC 3339 with a UTC offset",
                                      at: text.span, fix: "write it like 2026-02-01T00:00:00+08:00 (or with Z for UTC)"))
            return nil
        }
        return Located(parsed.timestamp, at: text.span)
    }
}
