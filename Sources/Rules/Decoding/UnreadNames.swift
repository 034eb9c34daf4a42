import Diagnostics
import RuleModel
import YAMLSource

/// The names a rule set may define that its drafts do not hold (docs/rules.md, "Every problem in
/// one run"): ids of entries that were written but could not be decoded (a metric whose
/// expression YAML mangled, a milestone without `days`), and the kinds of names that a part
/// which could not be read at all may define (a file with a syntax error, a section of the wrong
/// type, an entry without a readable id). A reference to such a name is not reported as unknown:
/// the error that made it unreadable is the one to fix, and the reference may be right.
struct UnreadNames: Sendable {
    /// The kinds of names rules refer to each other by.
    enum Kind: Int, Sendable, CaseIterable {
        case metric, streak, award, catalog, module, level
        /// Event types and attributes of the tracking plan (`events`): an attribute is unread by
        /// its name alone, whatever type it was written under.
        case eventType, eventAttribute
    }

    // Both by kind, at the kind's raw value: a dictionary or set keyed by kind would have the
    // runtime look up the kind's `Hashable` conformance, which it does by scanning every
    // conformance record of the binary.
    /// Ids written in entries that could not be decoded, per kind.
    private var namesByKind = [Set<String>](repeating: [], count: Kind.allCases.count)
    /// Kinds of which any name may have been defined where the rule set could not be read.
    private var openKinds = [Bool](repeating: false, count: Kind.allCases.count)
    /// Ids written on lines a block scalar took in (E127), with where that line is.
    private(set) var swallowed: [String: SourceSpan] = [:]

    /// The ids of `kind` written in entries that could not be decoded.
    func names(_ kind: Kind) -> Set<String> {
        namesByKind[kind.rawValue]
    }

    /// Whether any name of `kind` may have been defined where the rule set could not be read.
    func isOpen(_ kind: Kind) -> Bool {
        openKinds[kind.rawValue]
    }

    /// An id written on a line a block scalar took in: any kind of name, and why it is missing.
    mutating func addSwallowed(_ name: String, at span: SourceSpan) {
        for kind in Kind.allCases { add(name, kind) }
        if swallowed[name] == nil { swallowed[name] = span }
    }

    mutating func add(_ name: String, _ kind: Kind) {
        namesByKind[kind.rawValue].insert(name)
    }

    mutating func open(_ kinds: some Sequence<Kind>) {
        for kind in kinds { openKinds[kind.rawValue] = true }
    }

    mutating func open(_ kind: Kind) {
        openKinds[kind.rawValue] = true
    }

    mutating func merge(_ other: UnreadNames) {
        for position in openKinds.indices {
            openKinds[position] = openKinds[position] || other.openKinds[position]
            namesByKind[position].formUnion(other.namesByKind[position])
        }
        swallowed.merge(other.swallowed) { first, _ in first }
    }

    /// Whether `name` of `kind` may be defined where the rule set could not be read.
    func covers(_ name: String, _ kind: Kind) -> Bool {
        isOpen(kind) || names(kind).contains(name)
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

    var isEmpty: Bool { !openKinds.contains(true) && namesByKind.allSatisfy(\.isEmpty) }

    /// The kinds of names a top-level section of a rule file defines.
    static func kinds(ofSection key: RuleFileKey?) -> [Kind] {
        switch key {
        case .metrics?: [.metric]
        case .streaks?: [.streak, .award]
        case .achievements?: [.award]
        case .catalog?: [.catalog, .module, .level]
        case .events?: [.eventType, .eventAttribute]
        default: []
        }
    }

    /// What a file that could not be read may define, told from the top-level keys a scan finds
    /// before the point where reading stopped: a file of rule tests defines no name, a catalog
    /// file only catalog names (each holds nothing else, E209); any other file may define any.
    /// `text` is the file's text as the loader read it (an open editor buffer, a text held in
    /// memory), when it has it; else the file is read from `path`.
    static func ofUnreadFile(_ path: String, text: String? = nil) -> UnreadNames {
        var unread = UnreadNames()
        let stop: (String) -> Bool = { $0 == RuleFileKey.tests.rawValue || $0 == RuleFileKey.catalog.rawValue }
        let keys = text.map { YAMLLoader.topLevelKeys(text: $0, stoppingAt: stop) } ?? YAMLLoader.topLevelKeys(path: path, stoppingAt: stop)
        switch keys?.last.flatMap(RuleFileKey.init(rawValue:)) {
        case .tests?: break
        case .catalog?: unread.open(kinds(ofSection: .catalog))
        default: unread.open(Kind.allCases)
        }
        return unread
    }
}
