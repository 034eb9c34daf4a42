import RuleModel

/// Every entry of a rule set that `diff` compares, kind by kind. A new kind of rule is one more
/// function here and one more line in `of(_:)`. A field named after a rule file key is spelled
/// through that kind's key enum; `streak` of a milestone, `catalog` of a module or level (the entry
/// it belongs to) and a metric's `expression` are the diff's own names (docs/diff.md).
package enum RuleEntries {
    /// Every entry, each kind in `RuleKind` order.
    package static func of(_ rules: RuleSet) -> [RuleEntry] {
        calendar(rules) + metrics(rules) + streaks(rules) + milestones(rules) + achievements(rules) + ranks(rules)
            + catalogs(rules) + modules(rules) + levels(rules)
    }

    static func calendar(_ rules: RuleSet) -> [RuleEntry] {
        let calendar = rules.calendar
        let zone: String = switch calendar.timezone {
        case .event: "event"
        case .user: "user"
        case .zone(let name): name
        }
        return [RuleEntry(kind: .calendar, id: "calendar", span: calendar.span, fields: [
            (CalendarRuleKey.timezone.rawValue, zone), (CalendarRuleKey.dayStarts.rawValue, calendar.dayStarts.description), (CalendarRuleKey.killTime.rawValue, calendar.killTime?.description),
            (CalendarRuleKey.late.rawValue, calendar.late.rawValue),
        ])]
    }

    static func metrics(_ rules: RuleSet) -> [RuleEntry] {
        rules.metrics.map { metric in
            RuleEntry(kind: .metric, id: metric.id, span: metric.expression.span,
                      fields: [("expression", RuleFingerprint.expression(metric.expression)),
                               (MetricRuleKey.show.rawValue, metric.show ? "true" : nil)])
        }
    }

    static func streaks(_ rules: RuleSet) -> [RuleEntry] {
        rules.streaks.map { streak in
            var counts: RuleExpression?, day: RuleExpression?
            switch streak.qualification {
            case .counts(let expression): counts = expression
            case .day(let expression): day = expression
            }
            let freezes = streak.freezes.map { "\($0.max)/\($0.refillDays)/\($0.mode.rawValue)" }
            return RuleEntry(kind: .streak, id: streak.id, span: streak.span, fields: [
                (StreakRuleKey.title.rawValue, RuleFingerprint.text(streak.localizedTitle)),
                (StreakRuleKey.counts.rawValue, RuleFingerprint.expression(counts)),
                (StreakRuleKey.day.rawValue, RuleFingerprint.expression(day)), (StreakRuleKey.freezes.rawValue, freezes),
                (StreakRuleKey.backfillDays.rawValue, streak.backfillDays.map(String.init)), (StreakRuleKey.meta.rawValue, RuleFingerprint.value(streak.meta)),
            ])
        }
    }

    static func milestones(_ rules: RuleSet) -> [RuleEntry] {
        rules.streaks.flatMap { streak in
            streak.milestones.map { milestone in
                RuleEntry(kind: .milestone, id: milestone.info.id, span: milestone.info.span,
                          fields: [("streak", streak.id), (MilestoneRuleKey.days.rawValue, String(milestone.days))] + award(milestone.info))
            }
        }
    }

    static func achievements(_ rules: RuleSet) -> [RuleEntry] {
        rules.achievements.map { achievement in
            var when: String?, module: String?, progress: String?
            switch achievement.criterion {
            case .when(let expression): when = RuleFingerprint.expression(expression)
            case .completeModule(let criterion):
                module = [criterion.catalog, criterion.module, criterion.difficulty ?? "-",
                          criterion.release.map(String.init) ?? "-", criterion.levels.rawValue].joined(separator: "/")
            }
            // Only a `progress` written out is a key of its own; the others follow from `when`.
            if case .measured(let current, let target) = achievement.progress {
                progress = RuleFingerprint.expression(current.source) + " / " + RuleFingerprint.expression(target.source)
            }
            let available = achievement.available.map {
                RuleFingerprint.timestamp($0.from) + ".." + RuleFingerprint.timestamp($0.until)
            }
            let info = award(achievement.info)
            return RuleEntry(kind: .achievement, id: achievement.info.id, span: achievement.info.span, fields:
                Array(info.prefix(7)) + [(AchievementRuleKey.when.rawValue, when), (AchievementRuleKey.completeModule.rawValue, module), (AchievementRuleKey.progress.rawValue, progress),
                                         (AchievementRuleKey.requires.rawValue, achievement.requires.sorted().joined(separator: ",")),
                                         (AchievementRuleKey.available.rawValue, available)] + Array(info.dropFirst(7)))
        }
    }

    /// The presentation keys of an achievement or milestone: seven, then `repeatable` and `meta`.
    private static func award(_ info: AwardInfo) -> [(key: String, value: String?)] {
        [(AwardRuleKey.title.rawValue, RuleFingerprint.text(info.localizedTitle)),
         (AwardRuleKey.description.rawValue, RuleFingerprint.text(info.localizedDescription)),
         (AwardRuleKey.category.rawValue, info.category), (AwardRuleKey.rarity.rawValue, info.rarity.rawValue),
         (AwardRuleKey.icon.rawValue, info.icon), (AwardRuleKey.points.rawValue, String(info.points)),
         (AwardRuleKey.hidden.rawValue, String(info.hidden)), (AwardRuleKey.repeatable.rawValue, String(info.repeatable)),
         (AwardRuleKey.meta.rawValue, RuleFingerprint.value(info.meta))]
    }

    static func ranks(_ rules: RuleSet) -> [RuleEntry] {
        rules.ranks.map { rank in
            RuleEntry(kind: .rank, id: rank.id, span: rank.span, fields: [
                (RankRuleKey.title.rawValue, RuleFingerprint.text(rank.localizedTitle)), (RankRuleKey.minPoints.rawValue, String(rank.minPoints)),
            ])
        }
    }

    static func catalogs(_ rules: RuleSet) -> [RuleEntry] {
        rules.catalogs.map { catalog in
            RuleEntry(kind: .catalog, id: catalog.id, span: catalog.span, fields: [(CatalogRuleKey.version.rawValue, String(catalog.version))])
        }
    }

    static func modules(_ rules: RuleSet) -> [RuleEntry] {
        rules.catalogs.flatMap { catalog in
            catalog.modules.map { module in
                RuleEntry(kind: .module, id: module.id, span: module.span ?? catalog.span, fields: [
                    ("catalog", catalog.id), (CatalogModuleRuleKey.title.rawValue, RuleFingerprint.text(module.localizedTitle)),
                    (CatalogModuleRuleKey.meta.rawValue, RuleFingerprint.value(module.meta)),
                ])
            }
        }
    }

    static func levels(_ rules: RuleSet) -> [RuleEntry] {
        rules.catalogs.flatMap { catalog in
            catalog.levels.map { level in
                RuleEntry(kind: .level, id: level.id, span: level.span, fields: [
                    ("catalog", catalog.id), (CatalogLevelRuleKey.module.rawValue, level.module), (CatalogLevelRuleKey.title.rawValue, RuleFingerprint.text(level.localizedTitle)),
                    (CatalogLevelRuleKey.asset.rawValue, level.asset), (CatalogLevelRuleKey.difficulties.rawValue, level.difficulties?.joined(separator: ",")),
                    (CatalogLevelRuleKey.counts.rawValue, String(level.counts)), (CatalogLevelRuleKey.release.rawValue, String(level.release)),
                    (CatalogLevelRuleKey.meta.rawValue, RuleFingerprint.value(level.meta)),
                ])
            }
        }
    }
}
