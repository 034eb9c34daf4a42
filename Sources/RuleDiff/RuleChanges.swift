import RuleModel

/// The rule changes between two versions of a rule set (docs/diff.md, "Rule changes"): entries are
/// matched by kind and id and compared key by key (`RuleEntry`).
package enum RuleChanges {
    /// Every added, removed and changed entry, in `RuleChange.listOrder`.
    package static func between(old: RuleSet, new: RuleSet) -> [RuleChange] {
        between(old: RuleEntries.of(old), new: RuleEntries.of(new))
    }

    package static func between(old: [RuleEntry], new: [RuleEntry]) -> [RuleChange] {
        var oldByKey: [String: RuleEntry] = [:]
        for entry in old where oldByKey[key(entry)] == nil { oldByKey[key(entry)] = entry }
        var newKeys: Set<String> = []
        var changes: [RuleChange] = []
        for entry in new where newKeys.insert(key(entry)).inserted {
            guard let before = oldByKey[key(entry)] else {
                changes.append(change(.added, entry, keys: []))
                continue
            }
            let keys = entry.changedKeys(since: before)
            if !keys.isEmpty { changes.append(change(.changed, entry.span == nil ? before : entry, keys: keys)) }
        }
        var removedKeys: Set<String> = []
        for entry in old where !newKeys.contains(key(entry)) && removedKeys.insert(key(entry)).inserted {
            changes.append(change(.removed, entry, keys: []))
        }
        return changes.sorted(by: RuleChange.listOrder)
    }

    private static func key(_ entry: RuleEntry) -> String {
        entry.kind.rawValue + "\u{1F}" + entry.id
    }

    private static func change(_ change: RuleChange.Change, _ place: RuleEntry, keys: [String]) -> RuleChange {
        RuleChange(change: change, kind: place.kind, id: place.id, keys: keys,
                   file: place.span?.file ?? "", line: place.span?.start.line ?? 0)
    }
}
