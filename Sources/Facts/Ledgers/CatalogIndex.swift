import CEL
import RuleModel

/// The rule set's level catalogs, indexed for the questions facts ask: is this level known,
/// which levels make a module, how many arrived since a version (docs/rules.md, "achievements[]", "catalog").
package struct CatalogIndex: Sendable {
    package let catalogs: [CatalogRule]
    /// Every level in catalog order; its position is the level's ordinal.
    package let levels: [(catalog: Int, level: CatalogRule.Level)]
    private let ordinalByLevel: [String: Int]
    /// The `catalogs` CEL value; it never changes during an evaluation.
    package let celValue: CELValue

    /// Indexes the rule set's catalogs; a level id defined twice keeps its first definition.
    package init(catalogs: [CatalogRule]) {
        self.catalogs = catalogs
        var levels: [(catalog: Int, level: CatalogRule.Level)] = []
        var ordinals: [String: Int] = [:]
        for (catalogIndex, catalog) in catalogs.enumerated() {
            for level in catalog.levels where ordinals[level.id] == nil {
                ordinals[level.id] = levels.count
                levels.append((catalogIndex, level))
            }
        }
        self.levels = levels
        ordinalByLevel = ordinals
        celValue = .map(CELMap(strings: catalogs.map { (key: $0.id, value: CatalogIndex.celValue(of: $0)) }))
    }

    /// The ordinal of a level any catalog defines.
    package func ordinal(of level: String) -> Int? { ordinalByLevel[level] }

    /// The catalog with this id.
    package func catalog(_ id: String) -> CatalogRule? { catalogs.first { $0.id == id } }

    /// The levels a module criterion counts: released, and as its `release` and `levels` select.
    package func countedLevels(_ criterion: ModuleCriterion) -> [CatalogRule.Level] {
        guard let catalog = catalog(criterion.catalog) else { return [] }
        return criterion.levels(of: catalog)
    }

    /// Done and total of a module criterion given the user's levels (by ordinal).
    package func progress(_ criterion: ModuleCriterion, levels progress: [LevelProgress?]) -> ModuleProgress {
        let counted = countedLevels(criterion)
        let done = counted.filter { level in
            guard let ordinal = ordinal(of: level.id), ordinal < progress.count, let entry = progress[ordinal] else { return false }
            return entry.isDone(difficulty: criterion.difficulty)
        }.count
        return ModuleProgress(done: done, total: counted.count)
    }

    private static func celValue(of catalog: CatalogRule) -> CELValue {
        let levels: [CELValue] = catalog.levels.map { level in
            var entries: [(key: String, value: CELValue)] = [
                ("id", .string(level.id)), ("module", .string(level.module)), ("title", .string(level.title)),
            ]
            if let asset = level.asset { entries.append(("asset", .string(asset))) }
            if let difficulties = level.difficulties {
                entries.append(("difficulties", .list(CELList(difficulties.map { .string($0) }))))
            }
            entries.append(("counts", .bool(level.counts)))
            entries.append(("release", .int(Int64(level.release))))
            entries.append(("released", .bool(level.release <= catalog.version)))
            // Always present (empty when not written), so `has(l.meta.x)` works on every level.
            entries.append(("meta", level.meta ?? .map(CELMap(strings: []))))
            return .map(CELMap(strings: entries))
        }
        let modules: [CELValue] = catalog.modules.map {
            .map(CELMap(strings: [("id", .string($0.id)), ("title", .string($0.title)),
                                  ("meta", $0.meta ?? .map(CELMap(strings: [])))]))
        }
        return FactTypes.catalogRecord.record { field in
            switch field {
            case .id: .string(catalog.id)
            case .version: .int(Int64(catalog.version))
            case .levels: .list(CELList(levels))
            case .modules: .list(CELList(modules))
            }
        }
    }
}
