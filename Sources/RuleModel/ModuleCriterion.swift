/// `complete_module`: which levels of a catalog module an achievement asks the user to finish
/// (docs/rules.md, "achievements[]"). The levels it selects are the module's released levels
/// (`release` ≤ the catalog's `version`) that count (`counts: true`, or every one with
/// `levels: all`), only those of one release with `release: N`.
package struct ModuleCriterion: Sendable, Hashable {
    /// `levels:` — which of the module's levels make its total.
    package enum Levels: String, Sendable, Hashable, CaseIterable {
        /// Only levels with `counts: true` (the default).
        case counted
        /// Every level, `counts: false` included: the full collection.
        case all
    }
    package var catalog: String
    package var module: String
    /// A difficulty the levels must be done at; `nil` for any.
    package var difficulty: String?
    /// Only the levels released in this catalog version (an expansion pack's badge).
    package var release: Int?
    package var levels: Levels

    package init(catalog: String, module: String, difficulty: String? = nil, release: Int? = nil,
                 levels: Levels = .counted) {
        self.catalog = catalog
        self.module = module
        self.difficulty = difficulty
        self.release = release
        self.levels = levels
    }

    /// Whether `level` belongs to what this criterion asks for, released or not yet.
    package func selects(_ level: CatalogRule.Level) -> Bool {
        level.module == module && (levels == .all || level.counts) && (release.map { level.release == $0 } ?? true)
    }

    /// The levels of `catalog` that make the total now: selected and released.
    package func levels(of catalog: CatalogRule) -> [CatalogRule.Level] {
        catalog.levels.filter { selects($0) && $0.release <= catalog.version }
    }

    /// How many of the total arrived after catalog version `version` (`new_levels`).
    package func levelsReleased(after version: Int, in catalog: CatalogRule) -> Int {
        levels(of: catalog).filter { $0.release > version }.count
    }
}
