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
        switch (map.value(AchievementRuleKey.when), map.value(AchievementRuleKey.completeModule)) {
        case (let when?, nil):
            criterion = expression(when, key: AchievementRuleKey.when.rawValue).map { .when($0) }
        case (nil, let module?):
            criterion = moduleReference(module).map { .completeModule($0) }
        case (_?, _?):
            diagnostics.append(.error(RuleCode.conflictingKeys,
                                      "an achievement has exactly one criterion: 'when' or 'complete_module', not both",
                                      at: map.keySpan(AchievementRuleKey.completeModule) ?? node.span,
                                      notes: [DiagnosticNote("'when' is here", at: map.keySpan(AchievementRuleKey.when))],
                                      fix: "keep one of them; use 'requires' to combine achievements"))
        case (nil, nil):
            diagnostics.append(.error(RuleCode.missingKey,
                                      "achievement needs a criterion: 'when' (a CEL condition) or 'complete_module'",
                                      at: map.headSpan, fix: "add for example: when: metrics.tasks_done >= 10"))
        }

        var progress: (current: ExpressionDraft, target: ExpressionDraft)?
        if let node = map.value(AchievementRuleKey.progress),
           let p = NodeReader(node, what: AchievementRuleKey.progress.rawValue, diagnostics: &diagnostics) {
            p.rejectUnknownKeys(allowed: Self.progressKeys, diagnostics: &diagnostics)
            let current = p.require(ProgressRuleKey.current, diagnostics: &diagnostics)
                .flatMap { expression($0, key: ProgressRuleKey.current.rawValue, field: "progress current") }
            let target = p.require(ProgressRuleKey.target, diagnostics: &diagnostics)
                .flatMap { expression($0, key: ProgressRuleKey.target.rawValue, field: "progress target") }
            if let current, let target { progress = (current, target) }
        }

        var requires: [Located<String>] = []
        if let node = map.value(AchievementRuleKey.requires) {
            if case .scalar = node.kind, let single = NodeReader.string(node, field: AchievementRuleKey.requires.rawValue, in: map.what,
                                                                        diagnostics: &diagnostics) {
                requires = [single]
            } else {
                requires = map.stringList(AchievementRuleKey.requires, diagnostics: &diagnostics) ?? []
            }
        }

        let available = map.value(AchievementRuleKey.available).flatMap { availableWindow($0) }

        guard let award else {
            unread.open(.award)
            return nil
        }
        return AchievementDraft(id: award.id, info: award.info, categorySpan: award.categorySpan, criterion: criterion, progress: progress,
                                requires: requires, available: available)
    }

    /// `available: {from, until}`: at least one bound, and `until` after `from`.
    private mutating func availableWindow(_ node: YAMLNode) -> AchievementRule.Window? {
        guard let a = NodeReader(node, what: AchievementRuleKey.available.rawValue, diagnostics: &diagnostics) else { return nil }
        a.rejectUnknownKeys(allowed: Self.availableKeys, diagnostics: &diagnostics)
        let from = timestamp(a, .from), until = timestamp(a, .until)
        if !a.has(AvailableRuleKey.from) && !a.has(AvailableRuleKey.until) {
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
        typealias Key = CompleteModuleRuleKey
        guard let m = NodeReader(node, what: AchievementRuleKey.completeModule.rawValue, diagnostics: &diagnostics) else { return nil }
        m.rejectUnknownKeys(allowed: Self.completeModuleKeys, diagnostics: &diagnostics)
        let catalog = m.string(Key.catalog, required: true, diagnostics: &diagnostics)
        let module = m.string(Key.module, required: true, diagnostics: &diagnostics)
        let difficulty = m.string(Key.difficulty, diagnostics: &diagnostics)
        let release = m.int(Key.release, diagnostics: &diagnostics)
            .flatMap { inRange($0, Self.releaseRange, key: Key.release.rawValue, in: m.what) }
        let levels = m.choice(Key.levels, from: ModuleCriterion.Levels.allCases.map(\.rawValue), diagnostics: &diagnostics)
        guard let catalog, let module else { return nil }
        return .init(catalog: catalog, module: module, difficulty: difficulty?.value == "any" ? nil : difficulty,
                     release: release, levels: levels.flatMap { ModuleCriterion.Levels(rawValue: $0.value) } ?? .counted)
    }

    /// The keys of `complete_module`.
    static let completeModuleKeys = CompleteModuleRuleKey.names
    /// The keys of `progress` and of `available`.
    static let progressKeys = ProgressRuleKey.names
    static let availableKeys = AvailableRuleKey.names
    /// A catalog version a `complete_module` may name: from the first release to a bound far
    /// past any catalog's life (a release a year for a million years).
    static let releaseRange = 1...1_000_000

    /// An RFC 3339 instant with a UTC offset or `Z`.
    private mutating func timestamp(_ map: NodeReader, _ key: AvailableRuleKey) -> Located<CELTimestamp>? {
        guard let text = map.string(key, diagnostics: &diagnostics) else { return nil }
        guard let parsed = CELTimestamp.parseRFC3339(text.value) else {
            diagnostics.append(.error(RuleCode.invalidTimestamp,
                                      "invalid '\(key.rawValue)' timestamp '\(text.value)'; expected RFC 3339 with a UTC offset",
                                      at: text.span, fix: "write it like 2026-02-01T00:00:00+08:00 (or with Z for UTC)"))
            return nil
        }
        return Located(parsed.timestamp, at: text.span)
    }
}
