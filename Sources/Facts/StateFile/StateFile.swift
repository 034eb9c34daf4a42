import Foundation
import JSON

/// A user's state file (docs/state-file.md), validated: every problem is a `StateFileError` naming the JSON
/// path. Events are in processing order: by time, equal times in file order; each keeps its
/// file index.
public struct StateFile: Sendable {
    /// The path it was read from (for messages).
    public var file: String
    /// The document as read, keys in written order, except that `events` holds nothing: the
    /// events are held once, in `events` (a million of them are most of a state's memory).
    var documentHead: JSONObject
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
    /// The events left out because they could not be read (read with `BadEvents.skip`), in file
    /// order: warned about as `bad_event`, written back as they were.
    public var skippedEvents: [SkippedEvent] = []

    /// Top-level keys this format defines; every other key is kept but ignored.
    public static let knownKeys: [String] = ["schema", "user", "now", "events", "levels", "counters", "unlocked", "backfill"]

    /// Top-level keys that rulecheck does not use, in written order.
    public var unknownKeys: [String] { documentHead.keys.filter { !Self.knownKeys.contains($0) } }

    /// The whole document as read, keys in written order (for `--write-state`, which must keep
    /// unknown keys): `events` written back from `events`, in file order, each as it was written.
    public var document: JSONObject {
        guard documentHead["events"] != nil else { return documentHead }
        var document = documentHead
        var written = [JSONValue](repeating: .null, count: events.count + skippedEvents.count)
        for event in events where written.indices.contains(event.index) {
            written[event.index] = .object(event.writtenObject)
        }
        for skipped in skippedEvents where written.indices.contains(skipped.index) {
            written[skipped.index] = skipped.written
        }
        document["events"] = .array(written)
        return document
    }

    /// A top-level value of the document as read (`events` reads empty: they are in `events`).
    public func documentValue(forKey key: String) -> JSONValue? { documentHead[key] }

    /// Sets a top-level value of the document, kept in written order (an app's session records
    /// `unlocked` and `backfill` so); `events` are always written from `events`.
    public mutating func setDocumentValue(_ value: JSONValue, forKey key: String) {
        guard key != "events" else { return }
        documentHead[key] = value
    }

    /// `document`: the document as read; its `events` are not kept (`events` are written back).
    public init(file: String = "", document: JSONObject = JSONObject(), user: JSONObject = JSONObject(),
                userID: String, userTimeZone: String? = nil, now: Moment? = nil, events: [StateEvent] = [],
                levels: [LevelSnapshot] = [], counters: JSONObject = JSONObject(), unlocked: [StoredUnlock] = [],
                backfillAt: Moment? = nil) {
        self.file = file
        documentHead = document
        if documentHead["events"] != nil { documentHead["events"] = .array([]) }
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

    init(file: String, documentHead: JSONObject, user: JSONObject, userID: String, userTimeZone: String?, now: Moment?,
         events: [StateEvent], levels: [LevelSnapshot], counters: JSONObject, unlocked: [StoredUnlock], backfillAt: Moment?) {
        self.init(file: file, user: user, userID: userID, userTimeZone: userTimeZone, now: now, events: events, levels: levels,
                  counters: counters, unlocked: unlocked, backfillAt: backfillAt)
        self.documentHead = documentHead
    }

    /// Reads a JSON state file, whatever its name (module StateFileYAML's `load(path:)` also
    /// reads YAML, told by the name).
    public static func load(jsonPath path: String, badEvents: BadEvents = .reject) throws(StateFileError) -> StateFile {
        try parse(json: try StateFileBytes.read(path: path), file: path, badEvents: badEvents)
    }

    /// Parses and validates JSON text. `badEvents`: whether an event that cannot be read fails
    /// the file (`reject`) or is left out and listed (`skip`, `skippedEvents`).
    public static func parse(json bytes: [UInt8], file: String = "", badEvents: BadEvents = .reject) throws(StateFileError) -> StateFile {
        // Each event is decoded as soon as it is read; a syntax error anywhere still comes first.
        let decoder = StateFileDecoder(file: file, badEvents: badEvents)
        var events = StateFileDecoder.StreamedEvents()
        let parsed: (document: JSONValue, streamed: Bool)
        do {
            parsed = try JSONParser.parse(bytes, streaming: "events") { element, index in
                events.take(element, index: index, decoder: decoder)
            }
        } catch {
            throw StateFileError(file: file, path: error.path, message: error.message, line: error.line, column: error.column)
        }
        return try decoder.decode(parsed.document, streamed: parsed.streamed ? events : nil)
    }

    public static func parse(json text: String, file: String = "", badEvents: BadEvents = .reject) throws(StateFileError) -> StateFile {
        try parse(json: Array(text.utf8), file: file, badEvents: badEvents)
    }

    /// One event object checked as `events[index]` of a state file would be (docs/state-file.md): for
    /// appending events one at a time without reading the whole file again.
    public static func event(_ object: JSONValue, index: Int, file: String = "") throws(StateFileError) -> StateEvent {
        try StateFileDecoder(file: file).event(object, index: index)
    }

    /// The event `event(_:index:file:)` makes of `{"type": type, "at": at, attributes…}`, checked
    /// the same way, made from the parts (for a session recording one event at a time).
    package static func event(type: String, at: Moment, attributes: JSONObject, index: Int,
                              file: String = "") throws(StateFileError) -> StateEvent {
        try StateFileDecoder(file: file).event(type: type, at: at, attributes: attributes, index: index)
    }

    /// Validates an already parsed document.
    public static func decode(_ document: JSONValue, file: String = "", badEvents: BadEvents = .reject) throws(StateFileError) -> StateFile {
        try StateFileDecoder(file: file, badEvents: badEvents).decode(document)
    }
}
