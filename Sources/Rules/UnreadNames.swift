import YAMLSource

/// The names a rule set may define that its drafts do not hold (docs/rules.md, "Every problem in
/// one run"): ids of entries that were written but could not be decoded (a metric whose
/// expression YAML mangled, a milestone without `days`), and the kinds of names that a part
/// which could not be read at all may define (a file with a syntax error, a section of the wrong
/// type, an entry without a readable id). A reference to such a name is not reported as unknown:
/// the error that made it unreadable is the one to fix, and the reference may be right.
struct UnreadNames: Sendable {
    /// The kinds of names rules refer to each other by.
    enum Kind: Sendable, Hashable, CaseIterable {
        case metric, streak, award, catalog, module, level
        /// Event types and attributes of the tracking plan (`events`): an attribute is unread by
        /// its name alone, whatever type it was written under.
        case eventType, eventAttribute
    }

    /// Ids written in entries that could not be decoded, per kind.
    private(set) var names: [Kind: Set<String>] = [:]
    /// Kinds of which any name may have been defined where the rule set could not be read.
    private(set) var open: Set<Kind> = []

    mutating func add(_ name: String, _ kind: Kind) {
        names[kind, default: []].insert(name)
    }

    mutating func open(_ kinds: some Sequence<Kind>) {
        open.formUnion(kinds)
    }

    mutating func open(_ kind: Kind) {
        open.insert(kind)
    }

    mutating func merge(_ other: UnreadNames) {
        open.formUnion(other.open)
        for (kind, set) in other.names { names[kind, default: []].formUnion(set) }
    }

    /// Whether `name` of `kind` may be defined where the rule set could not be read.
    func covers(_ name: String, _ kind: Kind) -> Bool {
        open.contains(kind) || names[kind]?.contains(name) == true
    }

    /// Every name `draft` defines, and what it could not read.
    mutating func add(namesOf draft: RuleFileDraft) {
        merge(draft.unread)
        for metric in draft.metrics { add(metric.id.value, .metric) }
        for streak in draft.streaks { add(streak.id.value, .streak) }
        for award in draft.awardOrder { add(award, .award) }
        for catalog in draft.catalogs {
            add(catalog.id.value, .catalog)
            for module in catalog.modules { add(module.value, .module) }
            for level in catalog.levels { add(level.id.value, .level) }
        }
    }

    var isEmpty: Bool { open.isEmpty && names.values.allSatisfy(\.isEmpty) }

    /// The kinds of names a top-level section of a rule file defines.
    static func kinds(ofSection key: String) -> [Kind] {
        switch key {
        case "metrics": [.metric]
        case "streaks": [.streak, .award]
        case "achievements": [.award]
        case "catalog": [.catalog, .module, .level]
        case "events": [.eventType, .eventAttribute]
        default: []
        }
    }

    /// What a file that could not be read may define, told from the top-level keys a scan finds
    /// before the point where reading stopped: a file of rule tests defines no name, a catalog
    /// file only catalog names (each holds nothing else, E209); any other file may define any.
    static func ofUnreadFile(_ path: String) -> UnreadNames {
        var unread = UnreadNames()
        let keys = YAMLLoader.topLevelKeys(path: path, stoppingAt: { $0 == "tests" || $0 == "catalog" })
        switch keys?.last {
        case "tests"?: break
        case "catalog"?: unread.open(kinds(ofSection: "catalog"))
        default: unread.open(Kind.allCases)
        }
        return unread
    }
}
