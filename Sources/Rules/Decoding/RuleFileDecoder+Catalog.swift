import Diagnostics
import RuleModel
import YAMLSource

extension RuleFileDecoder {
    static let catalogKeys = CatalogRuleKey.names
    static let levelKeys = CatalogLevelRuleKey.names
    static let moduleKeys = CatalogModuleRuleKey.names

    /// docs/rules.md, "catalog".
    mutating func decodeCatalog(_ node: YAMLNode) -> CatalogDraft? {
        guard let map = NodeReader(node, what: "catalog", diagnostics: &diagnostics) else {
            if !NodeReader.isNull(node) { unread.open(UnreadNames.kinds(ofSection: .catalog)) }
            return nil
        }
        map.rejectUnknownKeys(allowed: Self.catalogKeys, diagnostics: &diagnostics)
        let id = map.string(CatalogRuleKey.id, required: true, diagnostics: &diagnostics)
        let version = map.int(CatalogRuleKey.version, required: true, diagnostics: &diagnostics)
        if let version, version.value < 1 {
            diagnostics.append(.error(RuleCode.catalogVersion, "catalog version must be at least 1, found \(version.value)",
                                      at: version.span, fix: "the first released catalog is version 1"))
        }
        var modules: [Located<String>] = [], rules: [CatalogRule.Module] = []
        let moduleItems = map.list(CatalogRuleKey.modules, required: true, diagnostics: &diagnostics)
        if moduleItems == nil, let node = map.value(CatalogRuleKey.modules), !NodeReader.isNull(node) { unread.open(.module) }
        for item in moduleItems ?? [] {
            guard let m = NodeReader(item, what: "module", diagnostics: &diagnostics) else {
                unread.open(.module)
                continue
            }
            m.rejectUnknownKeys(allowed: Self.moduleKeys, diagnostics: &diagnostics)
            let moduleID = m.string(CatalogModuleRuleKey.id, required: true, diagnostics: &diagnostics)
            let title = localizedText(m, CatalogModuleRuleKey.title)
            let meta = meta(m, CatalogModuleRuleKey.meta)
            guard let moduleID else {
                unread.open(.module)
                continue
            }
            modules.append(moduleID)
            rules.append(CatalogRule.Module(id: moduleID.value, title: title?.defaultText ?? moduleID.value,
                                            localizedTitle: title, meta: meta, span: item.span))
        }
        var levels: [CatalogDraft.LevelDraft] = []
        let levelItems = map.list(CatalogRuleKey.levels, required: true, diagnostics: &diagnostics)
        if levelItems == nil, let node = map.value(CatalogRuleKey.levels), !NodeReader.isNull(node) { unread.open(.level) }
        for item in levelItems ?? [] {
            if let level = decodeLevel(item) { levels.append(level) }
        }
        guard let id, let version else {
            // What the catalog lists is still named by module achievements and `levels.x`.
            if let id { unread.add(id.value, .catalog) } else { unread.open(.catalog) }
            for module in modules { unread.add(module.value, .module) }
            for level in levels { unread.add(level.id.value, .level) }
            return nil
        }
        return CatalogDraft(id: id, version: version, modules: modules, moduleRules: rules, levels: levels,
                            span: node.span)
    }

    private mutating func decodeLevel(_ node: YAMLNode) -> CatalogDraft.LevelDraft? {
        guard let map = NodeReader(node, what: "level", diagnostics: &diagnostics) else {
            unread.open(.level)
            return nil
        }
        map.rejectUnknownKeys(allowed: Self.levelKeys, diagnostics: &diagnostics)
        typealias Key = CatalogLevelRuleKey
        let id = map.string(Key.id, required: true, diagnostics: &diagnostics)
        let module = map.string(Key.module, required: true, diagnostics: &diagnostics)
        let title = localizedText(map, Key.title)
        let meta = meta(map, Key.meta)
        let asset = map.string(Key.asset, diagnostics: &diagnostics)
        let difficulties = map.stringList(Key.difficulties, diagnostics: &diagnostics)
        let counts = map.bool(Key.counts, diagnostics: &diagnostics)
        var release = map.int(Key.release, diagnostics: &diagnostics)
        if let r = release, r.value < 1 {
            diagnostics.append(.error(RuleCode.levelRelease, "level release must be at least 1, found \(r.value)",
                                      at: r.span, fix: "'release' is the catalog version that released the level (default 1)"))
            release = nil
        }
        guard let id else {
            unread.open(.level)
            return nil
        }
        guard let module else {
            unread.add(id.value, .level)
            return nil
        }
        let releaseValue = release ?? Located(1, at: node.span)
        let rule = CatalogRule.Level(id: id.value, module: module.value, title: title?.defaultText ?? id.value,
                                     asset: asset?.value, difficulties: difficulties?.map(\.value),
                                     counts: counts?.value ?? true, release: releaseValue.value, span: node.span,
                                     localizedTitle: title, meta: meta)
        return CatalogDraft.LevelDraft(id: id, module: module, release: releaseValue, rule: rule)
    }
}
