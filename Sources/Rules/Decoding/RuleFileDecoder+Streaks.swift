import Diagnostics
import RuleModel
import YAMLSource

extension RuleFileDecoder {
    static let streakKeys = StreakRuleKey.names
    static let milestoneKeys = MilestoneRuleKey.names
    static let freezesKeys = FreezesRuleKey.names

    /// docs/rules.md, "streaks[]".
    mutating func decodeStreak(_ node: YAMLNode) -> StreakDraft? {
        guard let map = NodeReader(node, what: "streak", diagnostics: &diagnostics) else {
            unread.open([.streak, .award])
            return nil
        }
        map.rejectUnknownKeys(allowed: Self.streakKeys, diagnostics: &diagnostics)
        let id = map.string(StreakRuleKey.id, required: true, diagnostics: &diagnostics)
        let title = localizedText(map, StreakRuleKey.title)
        let meta = meta(map, StreakRuleKey.meta)

        var qualification: StreakDraft.Qualification?
        let counts = map.value(StreakRuleKey.counts), day = map.value(StreakRuleKey.day)
        switch (counts, day) {
        case (let counts?, nil):
            qualification = expression(counts, key: StreakRuleKey.counts.rawValue).map { .counts($0) }
        case (nil, let day?):
            qualification = expression(day, key: StreakRuleKey.day.rawValue).map { .day($0) }
        case (_?, _?):
            diagnostics.append(.error(RuleCode.conflictingKeys,
                                      "a streak has either 'counts' or 'day', not both",
                                      at: map.keySpan(StreakRuleKey.day) ?? node.span,
                                      notes: [DiagnosticNote("'counts' is here", at: map.keySpan(StreakRuleKey.counts))],
                                      fix: "keep 'counts' (a condition on each event) or 'day' (a condition on each day)"))
        case (nil, nil):
            diagnostics.append(.error(RuleCode.missingKey,
                                      "streak needs 'counts' (a condition on each event) or 'day' (a condition on each day)",
                                      at: map.headSpan, fix: "add for example: counts: event.type == \"task_completed\""))
        }

        let freezes = decodeFreezes(map)
        let backfillDays = map.has(StreakRuleKey.backfillDays) ? dayCount(map, StreakRuleKey.backfillDays) : nil
        if let old = map.keySpan(StreakRuleKey.historyDays) {
            // 1.0's moving window stopped every loyal user's streak at N; it is not kept as an alias
            // because its meaning differs (docs/evaluation.md, "Backfill cap").
            diagnostics.append(.error(RuleCode.historyDaysReplaced,
                                      "'history_days' was replaced by 'backfill_days', a one-time cap on the history a state's first evaluation takes in",
                                      at: old, fix: "write 'backfill_days' with the same number of days"))
        }

        let milestones = decodeMilestones(map)
        guard let id else {
            // Its milestones are still awards that tests and `requires` may name.
            unread.open(.streak)
            for milestone in milestones { unread.add(milestone.id.value, .award) }
            return nil
        }
        return StreakDraft(id: id, title: title?.defaultText ?? id.value, qualification: qualification,
                           freezes: freezes, backfillDays: backfillDays, milestones: milestones, span: node.span,
                           localizedTitle: title, meta: meta)
    }

    /// `freezes: { max, refill_days, mode }`, when given and whole.
    private mutating func decodeFreezes(_ map: NodeReader) -> StreakRule.FreezePolicy? {
        let key = StreakRuleKey.freezes
        guard let node = map.value(key), let f = NodeReader(node, what: key.rawValue, diagnostics: &diagnostics) else {
            return nil
        }
        f.rejectUnknownKeys(allowed: Self.freezesKeys, diagnostics: &diagnostics)
        let max = dayCount(f, FreezesRuleKey.max)
        let refill = dayCount(f, FreezesRuleKey.refillDays)
        let mode = f.choice(FreezesRuleKey.mode, from: ["manual", "auto"], diagnostics: &diagnostics)
        guard let max, let refill else { return nil }
        return StreakRule.FreezePolicy(max: max, refillDays: refill, mode: mode.flatMap { .init(rawValue: $0.value) } ?? .manual)
    }

    /// A streak's milestones; what a broken one may define is noted in `unread`.
    private mutating func decodeMilestones(_ map: NodeReader) -> [StreakDraft.MilestoneDraft] {
        var milestones: [StreakDraft.MilestoneDraft] = []
        guard let items = map.list(StreakRuleKey.milestones, diagnostics: &diagnostics) else {
            if let node = map.value(StreakRuleKey.milestones), !NodeReader.isNull(node) { unread.open(.award) }
            return milestones
        }
        for item in items {
            guard let m = NodeReader(item, what: "milestone", diagnostics: &diagnostics) else {
                unread.open(.award)
                continue
            }
            m.rejectUnknownKeys(allowed: Self.milestoneKeys, diagnostics: &diagnostics)
            let days = m.int(MilestoneRuleKey.days, required: true, diagnostics: &diagnostics)
                // Below 1 is a milestone-order error (E405); only the upper bound is checked here.
                .flatMap { $0.value < 1 ? $0 : inRange($0, RuleFileDecoder.dayCountRange, key: MilestoneRuleKey.days.rawValue, in: m.what) }
            guard let award = awardInfo(m, defaultCategory: "streak") else {
                unread.open(.award)
                continue
            }
            guard let days else {
                unread.add(award.id.value, .award)
                continue
            }
            milestones.append(StreakDraft.MilestoneDraft(days: days, info: award.info, id: award.id,
                                                         categorySpan: award.categorySpan))
        }
        return milestones
    }

    /// A count of days, 1 … 36,600 (required).
    private mutating func dayCount<Key: RuleKey>(_ map: NodeReader, _ key: Key) -> Int? {
        guard let value = map.int(key, required: true, diagnostics: &diagnostics) else { return nil }
        return inRange(value, RuleFileDecoder.dayCountRange, key: key.rawValue, in: map.what)?.value
    }
}
