import Diagnostics
import RuleModel
import YAMLSource

/// Builds a `RuleFileIndex` from a file's YAML tree, section by section, as loosely as the
/// tree allows: a half-written entry gives what it has.
struct RuleFileIndexer {
    private(set) var index: RuleFileIndex

    init(file: String) {
        index = RuleFileIndex(file: file)
    }

    static func index(_ document: YAMLDocument) -> RuleFileIndex {
        var indexer = RuleFileIndexer(file: document.file)
        for pair in Self.pairs(document.root) {
            guard let key = RuleFileKey(rawValue: Self.text(pair.key)) else { continue }
            indexer.section(key, pair.value)
        }
        return indexer.index
    }

    private mutating func section(_ key: RuleFileKey, _ node: YAMLNode) {
        switch key {
        case .metrics:
            for pair in Self.pairs(node) {
                let id = Self.text(pair.key)
                define(.metric, id, at: pair.key.span, entry: SourceSpan(file: index.file, start: pair.key.span.start, end: pair.value.span.end))
                if Self.scalar(pair.value) != nil {
                    expression(pair.value, scope: .rule, owner: id)
                } else if let expr = Self.value(MetricRuleKey.expr, in: pair.value) {
                    expression(expr, scope: .rule, owner: id)
                }
            }
        case .streaks:
            for item in Self.items(node) { streak(item) }
        case .achievements:
            for item in Self.items(node) { award(item, kind: .achievement, parent: nil) }
        case .ranks: entries(node, kind: .rank, id: RankRuleKey.id)
        case .categories: entries(node, kind: .category, id: CategoryRuleKey.id)
        case .reminders:
            for item in Self.items(node) {
                let id = define(item, ReminderRuleKey.id, kind: .reminder)
                refer(.streak, Self.value(ReminderRuleKey.streak, in: item))
                if let when = Self.value(ReminderRuleKey.when, in: item) { expression(when, scope: .rule, owner: id) }
            }
        case .catalog: catalog(node)
        case .events:
            for pair in Self.pairs(node) {
                define(.eventType, Self.text(pair.key), at: pair.key.span,
                       entry: SourceSpan(file: index.file, start: pair.key.span.start, end: pair.value.span.end))
            }
        case .tests:
            for item in Self.items(node) { test(item) }
        case .schema, .calendar:
            break
        }
    }

    private mutating func streak(_ item: YAMLNode) {
        let id = define(item, StreakRuleKey.id, kind: .streak)
        if let counts = Self.value(StreakRuleKey.counts, in: item) { expression(counts, scope: .streakCounts, owner: id) }
        if let day = Self.value(StreakRuleKey.day, in: item) { expression(day, scope: .streakDay, owner: id) }
        for milestone in Self.items(Self.value(StreakRuleKey.milestones, in: item)) { award(milestone, kind: .milestone, parent: id) }
    }

    private mutating func award(_ item: YAMLNode, kind: RuleFileIndex.Kind, parent: String?) {
        let id = define(item, AwardRuleKey.id, kind: kind, parent: parent)
        // A milestone has no `when`, `progress`, `requires` or `complete_module`: nothing to find there.
        if let when = Self.value(AchievementRuleKey.when, in: item) { expression(when, scope: .rule, owner: id) }
        if let progress = Self.value(AchievementRuleKey.progress, in: item) {
            for key in ProgressRuleKey.allCases {
                if let node = Self.value(key, in: progress) { expression(node, scope: .rule, owner: id) }
            }
        }
        refer(.category, Self.value(AwardRuleKey.category, in: item))
        let requires = Self.value(AchievementRuleKey.requires, in: item)
        if let requires, Self.scalar(requires) != nil { refer(.achievement, requires) }
        for required in Self.items(requires) { refer(.achievement, required) }
        if let module = Self.value(AchievementRuleKey.completeModule, in: item) {
            refer(.catalog, Self.value(CompleteModuleRuleKey.catalog, in: module))
            refer(.module, Self.value(CompleteModuleRuleKey.module, in: module))
        }
    }

    private mutating func catalog(_ node: YAMLNode) {
        define(node, CatalogRuleKey.id, kind: .catalog)
        entries(Self.value(CatalogRuleKey.modules, in: node), kind: .module, id: CatalogModuleRuleKey.id)
        for level in Self.items(Self.value(CatalogRuleKey.levels, in: node)) {
            define(level, CatalogLevelRuleKey.id, kind: .level)
            refer(.module, Self.value(CatalogLevelRuleKey.module, in: level))
        }
    }

    private mutating func test(_ item: YAMLNode) {
        if let name = Self.value(RuleTestKey.name, in: item), let text = Self.scalar(name) {
            define(.test, text, at: name.span, entry: item.span)
        }
        guard let expect = Self.value(RuleTestKey.expect, in: item) else { return }
        for pair in Self.pairs(expect) {
            switch RuleTestExpectKey(rawValue: Self.text(pair.key)) {
            case .unlocks?, .unlocked?, .locked?:
                for id in Self.items(pair.value) { refer(.achievement, id) }
            case .progress?, .unlockedAt?:
                for entry in Self.pairs(pair.value) { refer(.achievement, entry.key) }
            case .streaks?:
                for entry in Self.pairs(pair.value) { refer(.streak, entry.key) }
            case .metrics?:
                for entry in Self.pairs(pair.value) { refer(.metric, entry.key) }
            case .categories?:
                for entry in Self.pairs(pair.value) {
                    refer(.category, entry.key)
                    for id in Self.items(entry.value) { refer(.achievement, id) }
                }
            case .rank?:
                refer(.rank, pair.value)
            case .holds?:
                for condition in Self.items(pair.value) { expression(condition, scope: .rule, owner: nil) }
            default:
                break
            }
        }
    }

    // MARK: - Recording

    private mutating func entries<Key: RuleKey>(_ node: YAMLNode?, kind: RuleFileIndex.Kind, id key: Key) {
        for item in Self.items(node) { define(item, key, kind: kind) }
    }

    /// Records the definition of an entry by its id (`key`, the kind's `id`); the id, or nil when it has none.
    @discardableResult
    private mutating func define<Key: RuleKey>(_ item: YAMLNode, _ key: Key, kind: RuleFileIndex.Kind,
                                               parent: String? = nil) -> String? {
        guard let node = Self.value(key, in: item), let id = Self.scalar(node) else { return nil }
        define(kind, id, at: node.span, entry: item.span, parent: parent)
        return id
    }

    private mutating func define(_ kind: RuleFileIndex.Kind, _ id: String, at span: SourceSpan, entry: SourceSpan,
                                 parent: String? = nil) {
        index.symbols.append(.init(kind: kind, id: id, span: span, entry: entry, parent: parent))
    }

    private mutating func refer(_ kind: RuleFileIndex.Kind, _ node: YAMLNode?) {
        guard let node, let id = Self.scalar(node), !id.isEmpty else { return }
        index.references.append(.init(kind: kind, id: id, span: node.span))
    }

    private mutating func expression(_ node: YAMLNode, scope: FactTypes.Scope, owner: String?) {
        guard let source = Self.scalar(node) else { return }
        index.expressions.append(.init(source: source, span: node.span, map: node.scalarMap, scope: scope, owner: owner))
    }

    // MARK: - Reading the tree

    static func pairs(_ node: YAMLNode?) -> [YAMLPair] {
        guard let node, case .mapping(let pairs) = node.kind else { return [] }
        return pairs
    }

    static func items(_ node: YAMLNode?) -> [YAMLNode] {
        guard let node, case .sequence(let items) = node.kind else { return [] }
        return items
    }

    static func value<Key: RuleKey>(_ key: Key, in node: YAMLNode?) -> YAMLNode? {
        let name = key.rawValue
        return pairs(node).last { text($0.key) == name }?.value
    }

    static func scalar(_ node: YAMLNode) -> String? {
        guard case .scalar(let text, _) = node.kind else { return nil }
        return text
    }

    static func text(_ node: YAMLNode) -> String { scalar(node) ?? "" }
}
