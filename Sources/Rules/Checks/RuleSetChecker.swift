import Diagnostics
import RuleModel

/// The checks that need the whole rule set: id syntax and uniqueness across files, references
/// between rules and to catalogs, `requires` cycles, ordering of milestones and ranks, and
/// modules that can never unlock.
struct RuleSetChecker {
    let drafts: [RuleFileDraft]
    /// Names the drafts do not hold that the rule set may define: references to them are not unknown.
    let unread: UnreadNames
    private(set) var diagnostics: [Diagnostic] = []

    init(drafts: [RuleFileDraft], unread: UnreadNames = UnreadNames()) {
        self.drafts = drafts
        var all = unread
        for draft in drafts { all.merge(draft.unread) }
        self.unread = all
    }

    var awardIDs: [String] {
        drafts.flatMap { $0.streaks.flatMap { $0.milestones.map(\.id.value) } + $0.achievements.map(\.id.value) }
    }
    var catalogs: [CatalogDraft] { drafts.flatMap(\.catalogs) }

    /// The diagnostics of every check on `drafts`.
    static func check(_ drafts: [RuleFileDraft], unread: UnreadNames) -> [Diagnostic] {
        var checker = RuleSetChecker(drafts: drafts, unread: unread)
        checker.check()
        return checker.diagnostics
    }

    mutating func check() {
        checkIDs()
        checkCalendars()
        checkEventPlans()
        checkMilestones()
        checkRanks()
        checkCatalogs()
        checkAchievementReferences()
        checkCategories()
        checkRequiresCycles()
        checkReminderStreaks()
        diagnostics += localeDiagnostics()
    }

    // MARK: ids

    static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// A suggestion for an invalid id: lowercase, other characters as `_`.
    static func suggestedID(for id: String) -> String {
        var text = String(id.lowercased().unicodeScalars.map {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "_"
        })
        if let first = text.unicodeScalars.first, !("a"..."z").contains(first) { text = "x_" + text }
        return text
    }

    private mutating func checkIDs() {
        var kinds: [(kind: String, ids: [Located<String>])] = [
            ("achievement", drafts.flatMap { $0.streaks.flatMap { $0.milestones.map(\.id) } + $0.achievements.map(\.id) }
                .sorted { ($0.span.file, $0.span.start) < ($1.span.file, $1.span.start) }),
            ("streak", drafts.flatMap { $0.streaks.map(\.id) }),
            ("metric", drafts.flatMap { $0.metrics.map(\.id) }),
            ("rank", drafts.flatMap { $0.ranks.map(\.id) }),
            ("catalog", catalogs.map(\.id)),
            ("category", drafts.flatMap { $0.categories.map(\.id) }),
            ("reminder", drafts.flatMap { $0.reminders.map(\.id) }),
        ]
        // Unique across the rule set too (docs/rules.md, "Top level"): `levels.x` in CEL names a level without its catalog.
        kinds.append(("module", catalogs.flatMap(\.modules)))
        kinds.append(("level", catalogs.flatMap { $0.levels.map(\.id) }))
        let copies = copiedContents()
        for (kind, allIDs) in kinds {
            let ids = allIDs.filter { !copies.contains($0.span) }
            var first: [String: Located<String>] = [:]
            for id in ids {
                if !Self.isValidID(id.value) {
                    diagnostics.append(.error(
                        RuleCode.invalidID,
                        "invalid \(kind) id '\(id.value)'; ids use lowercase letters, digits and '_', starting with a letter",
                        at: id.span, fix: "write it as '\(Self.suggestedID(for: id.value))'"))
                }
                if let earlier = first[id.value] {
                    let shared = kind == "achievement" ? " (achievements and milestones share one namespace)" : ""
                    diagnostics.append(.error(
                        RuleCode.duplicateID, "duplicate \(kind) id '\(id.value)'\(shared)", at: id.span,
                        notes: [DiagnosticNote("'\(id.value)' is first defined here", at: earlier.span)],
                        fix: "rename one of them; ids are unique across all rule files"))
                } else {
                    first[id.value] = id
                }
            }
        }
    }

    /// Where the milestones of a second streak with the same id, and the modules and levels of a
    /// second catalog with the same id, are written: a copied streak or catalog is one E401 (at
    /// its id), not one more for each thing it holds.
    private func copiedContents() -> Set<SourceSpan> {
        var copies = Set<SourceSpan>()
        var streaks = Set<String>(), catalogIDs = Set<String>()
        for streak in drafts.flatMap(\.streaks) where !streaks.insert(streak.id.value).inserted {
            copies.formUnion(streak.milestones.map(\.id.span))
        }
        for catalog in catalogs where !catalogIDs.insert(catalog.id.value).inserted {
            copies.formUnion(catalog.modules.map(\.span))
            copies.formUnion(catalog.levels.map(\.id.span))
        }
        return copies
    }

    private mutating func checkCalendars() {
        let calendars = drafts.compactMap(\.calendar)
        guard let first = calendars.first else { return }
        for extra in calendars.dropFirst() {
            diagnostics.append(.error(RuleCode.duplicateCalendar, "duplicate 'calendar'; a rule set has at most one",
                                      at: extra.span, notes: [DiagnosticNote("the first calendar is here", at: first.span)],
                                      fix: "keep one calendar for the whole rule set"))
        }
    }

    /// At most one `events` in a rule set: two plans would leave open which one the app follows.
    private mutating func checkEventPlans() {
        let plans = drafts.compactMap(\.events)
        guard let first = plans.first else { return }
        for extra in plans.dropFirst() {
            diagnostics.append(.error(RuleCode.duplicateEventPlan, "duplicate 'events'; a rule set has at most one tracking plan",
                                      at: extra.span, notes: [DiagnosticNote("the first 'events' is here", at: first.span)],
                                      fix: "move these event types into the first 'events' and remove this one"))
        }
    }

    // MARK: ordering

    private mutating func checkMilestones() {
        for streak in drafts.flatMap(\.streaks) {
            var previous: Located<Int>?
            for milestone in streak.milestones {
                let days = milestone.days
                if days.value < 1 {
                    diagnostics.append(.error(RuleCode.milestoneOrder, "milestone days must be at least 1, found \(days.value)",
                                              at: days.span))
                } else if let previous, days.value <= previous.value {
                    diagnostics.append(.error(
                        RuleCode.milestoneOrder,
                        "milestone days must be strictly ascending: \(days.value) after \(previous.value) in streak '\(streak.id.value)'",
                        at: days.span, notes: [DiagnosticNote("the previous milestone is here", at: previous.span)],
                        fix: "list the milestones from the fewest days to the most, each with different days"))
                }
                previous = days
            }
        }
    }

    private mutating func checkRanks() {
        var previous: Located<Int>?
        for rank in drafts.flatMap(\.ranks) {
            let points = rank.minPoints
            if previous == nil, points.value != 0 {
                diagnostics.append(.error(RuleCode.rankOrder, "the first rank must have min_points 0, found \(points.value)",
                                          at: points.span, fix: "start the rank table with min_points: 0"))
            } else if let previous, points.value <= previous.value {
                diagnostics.append(.error(
                    RuleCode.rankOrder, "rank min_points must be strictly ascending: \(points.value) after \(previous.value)",
                    at: points.span, notes: [DiagnosticNote("the previous rank is here", at: previous.span)]))
            }
            previous = points
        }
    }

    // MARK: catalogs and references

    private mutating func checkCatalogs() {
        for catalog in catalogs {
            let modules = catalog.modules.map(\.value)
            for level in catalog.levels where !modules.contains(level.module.value)
                && !unread.covers(level.module.value, .module) {
                diagnostics.append(unknown(RuleCode.unknownModule, "module", level.module,
                                           candidates: modules, context: " in catalog '\(catalog.id.value)'"))
            }
        }
    }

    private mutating func checkAchievementReferences() {
        let awardList = awardIDs, awards = Set(awardList)
        for achievement in drafts.flatMap(\.achievements) {
            for required in achievement.requires where !awards.contains(required.value)
                && !unread.covers(required.value, .award) {
                diagnostics.append(unknown(RuleCode.unknownAchievement, "achievement", required, candidates: awardList,
                                           context: " in 'requires'"))
            }
            guard case .completeModule(let reference)? = achievement.criterion else { continue }
            guard let catalog = catalogs.first(where: { $0.id.value == reference.catalog.value }) else {
                if unread.covers(reference.catalog.value, .catalog) { continue }
                diagnostics.append(unknown(RuleCode.unknownCatalog, "catalog", reference.catalog,
                                           candidates: catalogs.map(\.id.value), context: ""))
                continue
            }
            guard catalog.modules.contains(where: { $0.value == reference.module.value }) else {
                if unread.covers(reference.module.value, .module) { continue }
                diagnostics.append(unknown(RuleCode.unknownModule, "module", reference.module,
                                           candidates: catalog.modules.map(\.value),
                                           context: " in catalog '\(catalog.id.value)'"))
                continue
            }
            // Levels that could not be read may be this module's: what it has is not known.
            guard !unread.isOpen(.level), unread.names(.level).isEmpty else { continue }
            let levels = catalog.levels.filter { $0.module.value == reference.module.value }
            if let difficulty = reference.difficulty {
                let known = levels.flatMap { $0.rule.difficulties ?? [] }
                let listed = catalog.levels.contains { $0.rule.difficulties != nil }
                if listed, !known.contains(difficulty.value) {
                    var names: [String] = []
                    for name in known where !names.contains(name) { names.append(name) }
                    diagnostics.append(unknown(RuleCode.unknownDifficulty, "difficulty", difficulty, candidates: names,
                                               context: " in module '\(reference.module.value)'"))
                }
            }
            checkModuleLevels(reference, of: achievement.id.value, in: catalog)
        }
    }

    /// W401: a module achievement whose levels (as `release` and `levels` select them) hold no
    /// released one can never unlock.
    private mutating func checkModuleLevels(_ reference: AchievementDraft.ModuleReference, of achievement: String,
                                            in catalog: CatalogDraft) {
        let criterion = ModuleCriterion(catalog: reference.catalog.value, module: reference.module.value,
                                        release: reference.release?.value, levels: reference.levels)
        guard criterion.levels(of: catalog.rule).isEmpty else { return }
        let counted = reference.levels == .all ? "" : " counted"
        if let release = reference.release, release.value > catalog.version.value {
            diagnostics.append(.warning(
                RuleCode.moduleNeverUnlocks,
                "release \(release.value) of catalog '\(catalog.id.value)' is not out yet (the catalog is at version \(catalog.version.value)); '\(achievement)' cannot unlock until it is",
                at: release.span,
                fix: "raise the catalog's version when release \(release.value) ships"))
            return
        }
        if let release = reference.release {
            diagnostics.append(.warning(
                RuleCode.moduleNeverUnlocks,
                "release \(release.value) of catalog '\(catalog.id.value)' added no\(counted) level of module '\(reference.module.value)'; '\(achievement)' can never unlock",
                at: release.span,
                fix: "name the release that adds the module's levels, or add levels with 'release: \(release.value)'"))
            return
        }
        diagnostics.append(.warning(
            RuleCode.moduleNeverUnlocks,
            "module '\(reference.module.value)' of catalog '\(catalog.id.value)' has no\(counted) released level; '\(achievement)' can never unlock",
            at: reference.module.span,
            fix: "release a level of this module with 'counts: true' (release ≤ the catalog version)"))
    }

    /// E312: once a rule set has `categories`, every award's `category` names one of them (a
    /// milestone's default `streak` too).
    private mutating func checkCategories() {
        let categories = drafts.flatMap(\.categories)
        guard !categories.isEmpty else { return }
        let ids = categories.map(\.id.value)
        var awards: [(id: Located<String>, category: String, span: SourceSpan?)] = []
        for draft in drafts {
            for streak in draft.streaks {
                awards += streak.milestones.map { ($0.id, $0.info.category, $0.categorySpan) }
            }
            awards += draft.achievements.map { ($0.id, $0.info.category, $0.categorySpan) }
        }
        for award in awards where !ids.contains(award.category) {
            let suggestion = Suggestion.closest(to: award.category, in: ids).map { "; did you mean '\($0)'?" } ?? ""
            let list = ids.map { "'\($0)'" }.joined(separator: ", ")
            if let span = award.span {
                diagnostics.append(.error(
                    RuleCode.unknownCategory, "unknown category '\(award.category)' of '\(award.id.value)'\(suggestion)",
                    at: span, fix: "use one of the rule set's categories: \(list)"))
            } else {
                diagnostics.append(.error(
                    RuleCode.unknownCategory,
                    "'\(award.id.value)' has no 'category', and its default '\(award.category)' is not one of the rule set's categories",
                    at: award.id.span, fix: "add 'category:' with one of \(list)"))
            }
        }
    }

    private mutating func checkRequiresCycles() {
        var graph = DependencyGraph()
        var requires: [String: [Located<String>]] = [:]
        // A duplicate id is E401's: its `requires` would join the first's into a cycle neither has.
        for achievement in drafts.flatMap(\.achievements) where requires[achievement.id.value] == nil {
            graph.add(achievement.id.value, uses: achievement.requires.map(\.value))
            requires[achievement.id.value] = achievement.requires
        }
        for cycle in graph.cycles() where cycle.count >= 2 {
            // Point at the entry that closes the first step of the cycle.
            let entry = requires[cycle[0]]?.first { $0.value == cycle[1] }
            diagnostics.append(.error(RuleCode.requiresCycle,
                                      "cycle in requires: \(cycle.joined(separator: " → "))",
                                      at: entry?.span, fix: "remove one of these 'requires' entries"))
        }
    }

    /// "unknown module 'x' in catalog 'y'; did you mean 'z'?"
    func unknown(_ code: String, _ kind: String, _ name: Located<String>, candidates: [String],
                 context: String) -> Diagnostic {
        let suggestion = Suggestion.closest(to: name.value, in: candidates)
        return .error(code, "unknown \(kind) '\(name.value)'\(context)\(suggestion.map { "; did you mean '\($0)'?" } ?? "")",
                      at: name.span)
    }

    /// A reminder's `streak` must name a streak of the rule set (E303).
    private mutating func checkReminderStreaks() {
        let streaks = drafts.flatMap { $0.streaks.map(\.id.value) }
        for reminder in drafts.flatMap(\.reminders) {
            guard let streak = reminder.streak, !streaks.contains(streak.value) else { continue }
            let suggestion = Suggestion.closest(to: streak.value, in: streaks)
            diagnostics.append(.error(
                RuleCode.unknownStreak,
                "reminder '\(reminder.id.value)' names streak '\(streak.value)', which the rule set does not define"
                    + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                at: streak.span, fix: suggestion.map { "write '\($0)'" } ?? "name one of the rule set's streaks, or remove 'streak'"))
        }
    }
}
