import Facts
import JSON

/// The state file with the replay's unlocks persisted (`--write-state`, docs/state-file.md; README.md, "Command line"): every key of
/// the input kept in its place, `unlocked` holding every unlock — the stored entries as written,
/// then the new ones in decision order (with `catalog_version` for module achievements) — so that
/// evaluating the written state again unlocks nothing new. A state without `backfill` gets
/// `backfill: {"at": now}`, so that every later evaluation keeps the `backfill_days` cut-off of
/// this first one; an existing `backfill` is never changed.
package struct StateWriteBack: Sendable {
    package var document: JSONObject

    /// - Parameter now: the evaluation moment, recorded as `backfill.at` when the state has none.
    package init(state: StateFile, newUnlocks: [UnlockDecision], now: Moment? = nil) {
        var document = state.document
        if let now, document["backfill"] == nil || document["backfill"] == .null {
            document["backfill"] = .object(JSONObject([("at", .string(now.description))]))
        }
        var unlocked = document["unlocked"]?.arrayValue ?? []
        for unlock in newUnlocks {
            var entry = JSONObject([("id", .string(unlock.id)), ("at", .string(unlock.at.description))])
            if let version = unlock.catalogVersion { entry["catalog_version"] = .int(Int64(version)) }
            unlocked.append(.object(entry))
        }
        document["unlocked"] = .array(unlocked)
        self.document = document
    }

    /// The JSON text, pretty-printed, with a final newline.
    package var text: String { JSONWriter.write(.object(document), layout: .pretty(indent: 2)) + "\n" }

    /// Writes the text to `path` atomically, keeping the replaced file's mode and owner and
    /// following a symbolic link to the real file (`AtomicFileReplacement`). A device or any other
    /// non-regular file is refused; on failure the original is untouched and nothing is left.
    package func write(to path: String) throws(StateWriteError) {
        try AtomicFileReplacement(path: path).replace(with: Array(text.utf8))
    }
}
