import Foundation
import JSON

/// A user's state file (docs/state-file.md), validated: every problem is a `StateFileError` naming the JSON
/// path. Events are in processing order: by time, equal times in file order; each keeps its
/// file index.
public struct StateFile: Sendable {
    /// The path it was read from (for messages).
    public var file: String
    /// The whole document as read, keys in written order (for `--write-state`, which must keep
    /// unknown keys).
    public var document: JSONObject
    /// The `user` mapping as written.
    public var user: JSONObject
    public var userID: String
    public var userTimeZone: String?
    /// The file's `now`, if it has one (the command line's `--now` wins).
    public var now: Moment?
    /// Sorted by instant, stable (file order for equal instants).
    public var events: [StateEvent]
    /// The `levels` snapshot in written order.
    public var levels: [LevelSnapshot]
    public var counters: JSONObject
    public var unlocked: [StoredUnlock]
    /// `backfill.at`: the moment of the state's first evaluation, which fixes every streak's
    /// `backfill_days` cut-off (`nil` until `--write-state` records one).
    public var backfillAt: Moment?

    /// Top-level keys this format defines; every other key is kept but ignored.
    public static let knownKeys: [String] = ["schema", "user", "now", "events", "levels", "counters", "unlocked", "backfill"]

    /// Top-level keys that rulecheck does not use, in written order.
    public var unknownKeys: [String] { document.keys.filter { !Self.knownKeys.contains($0) } }

    public init(file: String = "", document: JSONObject = JSONObject(), user: JSONObject = JSONObject(),
                userID: String, userTimeZone: String? = nil, now: Moment? = nil, events: [StateEvent] = [],
                levels: [LevelSnapshot] = [], counters: JSONObject = JSONObject(), unlocked: [StoredUnlock] = [],
                backfillAt: Moment? = nil) {
        self.file = file
        self.document = document
        self.user = user
        self.userID = userID
        self.userTimeZone = userTimeZone
        self.now = now
        self.events = events
        self.levels = levels
        self.counters = counters
        self.unlocked = unlocked
        self.backfillAt = backfillAt
    }

    /// Reads a JSON state file, whatever its name (module StateFileYAML's `load(path:)` also
    /// reads YAML, told by the name).
    public static func load(jsonPath path: String) throws(StateFileError) -> StateFile {
        try parse(json: try StateFileBytes.read(path: path), file: path)
    }

    /// Parses and validates JSON text.
    public static func parse(json bytes: [UInt8], file: String = "") throws(StateFileError) -> StateFile {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw StateFileError(file: file, path: error.path, message: error.message, line: error.line, column: error.column)
        }
        return try decode(document, file: file)
    }

    public static func parse(json text: String, file: String = "") throws(StateFileError) -> StateFile {
        try parse(json: Array(text.utf8), file: file)
    }

    /// One event object checked as `events[index]` of a state file would be (SPEC 4): for
    /// appending events one at a time without reading the whole file again.
    public static func event(_ object: JSONValue, index: Int, file: String = "") throws(StateFileError) -> StateEvent {
        try StateFileDecoder(file: file).event(object, index: index)
    }

    /// Validates an already parsed document.
    public static func decode(_ document: JSONValue, file: String = "") throws(StateFileError) -> StateFile {
        try StateFileDecoder(file: file).decode(document)
    }
}
