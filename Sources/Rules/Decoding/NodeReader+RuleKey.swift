import Diagnostics
import RuleModel
import YAMLSource

/// The reads of a rule file entry by its key enum (`map.int(RankRuleKey.minPoints, …)`), so a
/// decoder never spells a key itself; each reads the key's text as the string-keyed read does.
extension NodeReader {

    func has<Key: RuleKey>(_ key: Key) -> Bool { has(key.rawValue) }

    func value<Key: RuleKey>(_ key: Key) -> YAMLNode? { value(key.rawValue) }

    func keySpan<Key: RuleKey>(_ key: Key) -> SourceSpan? { keySpan(key.rawValue) }

    func require<Key: RuleKey>(_ key: Key, diagnostics: inout [Diagnostic]) -> YAMLNode? {
        require(key.rawValue, diagnostics: &diagnostics)
    }

    func string<Key: RuleKey>(_ key: Key, required: Bool = false, diagnostics: inout [Diagnostic]) -> Located<String>? {
        string(key.rawValue, required: required, diagnostics: &diagnostics)
    }

    func int<Key: RuleKey>(_ key: Key, required: Bool = false, diagnostics: inout [Diagnostic]) -> Located<Int>? {
        int(key.rawValue, required: required, diagnostics: &diagnostics)
    }

    func bool<Key: RuleKey>(_ key: Key, diagnostics: inout [Diagnostic]) -> Located<Bool>? {
        bool(key.rawValue, diagnostics: &diagnostics)
    }

    func choice<Key: RuleKey>(_ key: Key, from allowed: [String], diagnostics: inout [Diagnostic]) -> Located<String>? {
        choice(key.rawValue, from: allowed, diagnostics: &diagnostics)
    }

    func list<Key: RuleKey>(_ key: Key, required: Bool = false, diagnostics: inout [Diagnostic]) -> [YAMLNode]? {
        list(key.rawValue, required: required, diagnostics: &diagnostics)
    }

    func stringList<Key: RuleKey>(_ key: Key, diagnostics: inout [Diagnostic]) -> [Located<String>]? {
        stringList(key.rawValue, diagnostics: &diagnostics)
    }
}
