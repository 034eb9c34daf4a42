import JSON
import RuleModel

/// Turns a parsed document into a `StateFile`, checking every rule of docs/state-file.md and naming the JSON
/// path of the first problem.
struct StateFileDecoder {
    var file: String
    /// What an event that cannot be read does to the file.
    var badEvents: BadEvents = .reject

    /// Events decoded while the parser reads them (`StateFile.parse`): the events in file order,
    /// or the first one's error, thrown where `decode` checks `events`.
    struct StreamedEvents {
        var events: [StateEvent] = []
        var forms = EventForms()
        var failure: StateFileError?
        /// The events left out under `BadEvents.skip`, in file order.
        var skipped: [SkippedEvent] = []

        /// Decodes `events[index]`; `false` after the first error (the rest are not decoded),
        /// unless bad events are skipped.
        mutating func take(_ element: JSONStreamedElement, index: Int, decoder: StateFileDecoder) -> Bool {
            do throws(StateFileError) {
                switch element {
                case .flat(let object):
                    if !decoder.appendUsualEvent(object, index: index, forms: &forms, to: &events) {
                        events.append(try decoder.event(object.value, index: index, forms: &forms))
                    }
                case .value(let raw):
                    events.append(try decoder.event(raw, index: index, forms: &forms))
                }
                return true
            } catch {
                guard decoder.badEvents == .skip else {
                    failure = error
                    return false
                }
                switch element {
                case .flat(let object): skipped.append(SkippedEvent(index: index, written: object.value, error: error))
                case .value(let raw): skipped.append(SkippedEvent(index: index, written: raw, error: error))
                }
                return true
            }
        }
    }

    /// Decodes `document`; its `events` were decoded already when `streamed` is given (the
    /// parser handed them out one by one and left an empty array in their place).
    func decode(_ document: JSONValue, streamed: StreamedEvents? = nil) throws(StateFileError) -> StateFile {
        let root = JSONPath.root
        guard case .object(let object) = document else {
            throw fail(root, "the state must be a JSON object, found \(document.kindName)")
        }
        guard let schema = object["schema"] else { throw fail(root / "schema", "missing required key 'schema' (write \"schema\": 1)") }
        guard schema.wholeNumberValue == 1 else { throw fail(root / "schema", "unsupported schema; expected 1") }

        guard let userValue = object["user"] else { throw fail(root / "user", "missing required key 'user'") }
        let user = try requireObject(userValue, root / "user")
        guard let idValue = user["id"] else { throw fail(root / "user" / "id", "missing required key 'id'") }
        let userID = try requireString(idValue, root / "user" / "id")
        var userTimeZone: String?
        if let zone = user["timezone"], zone != .null {
            userTimeZone = try requireString(zone, root / "user" / "timezone")
        }

        var now: Moment?
        if let nowValue = object["now"], nowValue != .null {
            now = try moment(nowValue, root / "now")
        }

        guard let eventsValue = object["events"] else {
            throw fail(root / "events", "missing required key 'events' (an empty list is fine)")
        }
        if let failure = streamed?.failure { throw failure }
        var (events, skipped) = streamed.map { ($0.events, $0.skipped) } ?? ([], [])
        if streamed == nil { (events, skipped) = try self.events(eventsValue) }
        // Stable: equal instants keep file order. Instants and positions are sorted, not the
        // events: moving an event retains and releases each of its fields.
        if !events.indices.dropFirst().allSatisfy({ events[$0 - 1].at.instant <= events[$0].at.instant }) {
            let order = EventOrder.positions(sorting: events.map(\.at.instant))
            events = order.map { events[$0] }
        }

        var levels: [LevelSnapshot] = []
        if let levelsValue = object["levels"], levelsValue != .null {
            let levelsObject = try requireObject(levelsValue, root / "levels")
            for (key, value) in levelsObject.entries {
                levels.append(try levelSnapshot(key, value, root / "levels" / key))
            }
        }

        var counters = JSONObject()
        if let countersValue = object["counters"], countersValue != .null {
            counters = try requireObject(countersValue, root / "counters")
        }

        let unlocked = try storedUnlocks(object["unlocked"], root / "unlocked")

        // The events are held once, as `events`; `StateFile.document` writes them back from there.
        var head = object
        head["events"] = .array([])
        var state = StateFile(file: file, documentHead: head, user: user, userID: userID, userTimeZone: userTimeZone,
                              now: now, events: events, levels: levels, counters: counters, unlocked: unlocked,
                              backfillAt: try backfillMoment(object["backfill"]))
        state.skippedEvents = skipped
        return state
    }

    /// The `events` list read element by element: the events, and those left out under
    /// `BadEvents.skip` (otherwise the first one that cannot be read is thrown).
    private func events(_ value: JSONValue) throws(StateFileError) -> ([StateEvent], [SkippedEvent]) {
        guard case .array(let rawEvents) = value else {
            throw fail(JSONPath.root / "events", "expected an array of events, found \(value.kindName)")
        }
        var events: [StateEvent] = []
        var skipped: [SkippedEvent] = []
        events.reserveCapacity(rawEvents.count)
        var forms = EventForms()
        for (index, raw) in rawEvents.enumerated() {
            do throws(StateFileError) {
                events.append(try event(raw, index: index, forms: &forms))
            } catch {
                guard badEvents == .skip else { throw error }
                skipped.append(SkippedEvent(index: index, written: raw, error: error))
            }
        }
        return (events, skipped)
    }

    /// `unlocked`: the awards stored as unlocked, each `{"id", "at"}` with an optional
    /// `catalog_version`, in file order.
    private func storedUnlocks(_ value: JSONValue?, _ listPath: JSONPath) throws(StateFileError) -> [StoredUnlock] {
        var unlocked: [StoredUnlock] = []
        if let unlockedValue = value, unlockedValue != .null {
            guard case .array(let entries) = unlockedValue else {
                throw fail(listPath, "expected an array of {\"id\", \"at\"}, found \(unlockedValue.kindName)")
            }
            for (index, entry) in entries.enumerated() {
                let path = listPath / index
                let entryObject = try requireObject(entry, path)
                guard let id = entryObject["id"] else { throw fail(path / "id", "missing required key 'id'") }
                guard let at = entryObject["at"] else { throw fail(path / "at", "missing required key 'at'") }
                var version: Int?
                if let versionValue = entryObject["catalog_version"], versionValue != .null {
                    guard let whole = versionValue.wholeNumberValue, let small = Int(exactly: whole) else {
                        throw fail(path / "catalog_version", "expected a whole number, found \(versionValue.kindName)")
                    }
                    version = small
                }
                unlocked.append(StoredUnlock(id: try requireString(id, path / "id"), at: try moment(at, path / "at"),
                                             catalogVersion: version, index: index))
            }
        }
        return unlocked
    }

    /// `backfill.at`: the moment of the state's first evaluation (`nil` when there is none yet).
    private func backfillMoment(_ value: JSONValue?) throws(StateFileError) -> Moment? {
        guard let value, value != .null else { return nil }
        let path = JSONPath.root / "backfill"
        let backfill = try requireObject(value, path)
        guard let at = backfill["at"] else {
            throw fail(path / "at", "missing required key 'at' (the moment of the first evaluation)")
        }
        return try moment(at, path / "at")
    }

    // MARK: events

    /// One event object (an app's `EngineSession.record`, say) checked as the file's `events[index]`.
    func event(_ raw: JSONValue, index: Int) throws(StateFileError) -> StateEvent {
        var forms = EventForms()
        return try event(raw, index: index, forms: &forms)
    }

    /// The event `event(_:index:)` makes of the object `{"type": type, "at": at, attributes…}`
    /// (attributes named `type` or `at` left out), made from the parts: `at` is not written out
    /// and read back, and no key list is studied (an app's `EngineSession.record` makes one
    /// event per step). An `at` its text would not give back goes through the object.
    func event(type: String, at: Moment, attributes: JSONObject, index: Int) throws(StateFileError) -> StateEvent {
        var own = attributes
        if own.keys.contains(where: { $0 == "type" || $0 == "at" }) {
            own["type"] = nil
            own["at"] = nil
        }
        guard at.readsBackFromDescription else {
            var object = JSONObject([("type", .string(type)), ("at", .string(at.description))])
            for (key, value) in own.entries { object.appendUnchecked(key: key, value: value) }
            return try event(.object(object), index: index)
        }
        var path: JSONPath { JSONPath.root / "events" / index }
        // The checks of `event(_:index:forms:)`, in its order (`type` and `at` are given as such).
        guard !type.isEmpty else { throw fail(path / "type", "the event type is empty") }
        if let key = own.keys.first(where: StateEvent.computedNames.contains) {
            throw computedAttribute(key, path)
        }
        return StateEvent(index: index, type: type, at: at, attributes: own, kind: try kind(type, own, path))
    }

    /// The error of an event attribute named like a computed field (`day`, `hour`, …).
    private func computedAttribute(_ key: String, _ path: JSONPath) -> StateFileError {
        fail(path / key, "'\(key)' is computed by rulecheck and cannot be an event attribute; rename it")
    }

    fileprivate func event(_ raw: JSONValue, index: Int, forms: inout EventForms) throws(StateFileError) -> StateEvent {
        // Built only for a message: a million events would build a million paths.
        var path: JSONPath { JSONPath.root / "events" / index }
        let object = try requireObject(raw, path)
        let form = forms.form(of: object.keys)
        guard let typePosition = form.typePosition else { throw fail(path / "type", "missing required key 'type'") }
        let type = forms.shared(try requireString(object.values[typePosition], path / "type"))
        guard !type.isEmpty else { throw fail(path / "type", "the event type is empty") }
        guard let atPosition = form.atPosition else { throw fail(path / "at", "missing required key 'at'") }
        let atValue = object.values[atPosition]
        let at = try moment(atValue, path / "at")
        if let key = form.computedKey {
            throw computedAttribute(key, path)
        }
        // Exactly the attributes' values, and no array at all when there are none.
        var values: [JSONValue] = []
        if !form.attributeKeys.isEmpty {
            values.reserveCapacity(form.attributeKeys.count)
            for position in object.values.indices where position != typePosition && position != atPosition {
                values.append(object.values[position])
            }
        }
        let attributes = JSONObject(sharedKeys: form.attributeKeys, values: values)
        return StateEvent(index: index, type: type, at: at, attributes: attributes, kind: try kind(type, attributes, path),
                          typePosition: typePosition, atPosition: atPosition, atText: atValue.stringValue ?? "")
    }

    /// Appends the event of a plain object (docs/state-file.md) whose `type` and `at` are valid strings, whose
    /// keys name no computed attribute and whose reserved type (if any) has valid attributes:
    /// decoded from the object's bytes, without building the object first. `false` for any other
    /// object, which `event` decodes (and whose problems it names); both give the same event.
    /// Appended in place: an event returned and then appended would be copied and destroyed once more.
    fileprivate func appendUsualEvent(_ object: JSONFlatObject, index: Int, forms: inout EventForms,
                                      to events: inout [StateEvent]) -> Bool {
        let form = forms.form(matching: object)
        guard let typePosition = form.typePosition, let atPosition = form.atPosition, form.computedKey == nil,
              let typeBytes = object.members[typePosition].string, !typeBytes.isEmpty,
              let atBytes = object.members[atPosition].string,
              case .success(let at) = Moment.parse(bytes: atBytes) else { return false }
        let type = forms.type(of: typeBytes)
        var values: [JSONValue] = []
        if !form.attributeKeys.isEmpty {
            values.reserveCapacity(form.attributeKeys.count)
            for position in object.members.indices where position != typePosition && position != atPosition {
                values.append(object.members[position].value)
            }
        }
        let attributes = JSONObject(sharedKeys: form.attributeKeys, values: values)
        guard let kind = try? kind(type, attributes, JSONPath.root) else { return false }
        events.append(StateEvent(index: index, type: type, at: at, attributes: attributes, kind: kind,
                                 typePosition: typePosition, atPosition: atPosition, atBytes: atBytes))
        return true
    }

    /// Bit `n` is set when a reserved type (`EventPlan.reservedTypeNames`, the one list; each is a
    /// case of `kind` but `.other`) is `n` bytes long: a type of any other length is `.other`
    /// without comparing it with each reserved name (most events are of other types).
    private static let reservedLengths: UInt64 = EventPlan.reservedTypeNames.reduce(0) {
        $0 | 1 << UInt64(min($1.utf8.count, 63))
    }

    private func kind(_ type: String, _ attributes: JSONObject, _ path: @autoclosure () -> JSONPath) throws(StateFileError) -> StateEvent.Kind {
        guard Self.reservedLengths & (1 << UInt64(min(type.utf8.count, 63))) != 0 else { return .other }
        switch type {
        case "task_completed":
            return .taskCompleted
        case "level_completed":
            guard let level = attributes["level"] else { throw fail(path(), "a level_completed event needs 'level'") }
            var time: Double?
            if let value = attributes["time"], value != .null {
                guard let number = value.numberValue, number >= 0 else {
                    throw fail(path() / "time", "expected a number of seconds ≥ 0, found \(value.kindName)")
                }
                time = number
            }
            var moves: Int64?
            if let value = attributes["moves"], value != .null {
                guard let whole = value.wholeNumberValue, whole >= 0 else {
                    throw fail(path() / "moves", "expected a whole number ≥ 0, found \(value.kindName)")
                }
                moves = whole
            }
            return .levelCompleted(level: try requireString(level, path() / "level"),
                                   difficulty: try optionalString(attributes["difficulty"], path() / "difficulty"),
                                   time: time, moves: moves)
        case "day_planned":
            guard let tasks = attributes["tasks"] else { throw fail(path(), "a day_planned event needs 'tasks'") }
            guard let whole = tasks.wholeNumberValue, whole >= 0, let count = Int(exactly: whole) else {
                throw fail(path() / "tasks", "expected a whole number of tasks ≥ 0")
            }
            return .dayPlanned(date: try optionalDate(attributes["date"], path() / "date"), tasks: count)
        case "kill_time_changed":
            guard let to = attributes["to"] else { throw fail(path(), "a kill_time_changed event needs 'to' (\"HH:MM\")") }
            let value: StateEvent.KillTimeValue
            if case .string(let text) = to, let time = LocalTime(text)?.minutes {
                value = .time(time)
            } else {
                value = .invalid(to.stringValue ?? JSONWriter.write(to, layout: .compact))
            }
            return .killTimeChanged(date: try optionalDate(attributes["date"], path() / "date"), to: value)
        case "freeze_used":
            return .freezeUsed(date: try optionalDate(attributes["date"], path() / "date"),
                               streak: try optionalString(attributes["streak"], path() / "streak"))
        default:
            return .other
        }
    }

    // MARK: levels

    private func levelSnapshot(_ level: String, _ value: JSONValue, _ path: JSONPath) throws(StateFileError) -> LevelSnapshot {
        let object = try requireObject(value, path)
        var snapshot = LevelSnapshot(level: level, completed: true)
        if let completed = object["completed"], completed != .null {
            guard case .bool(let flag) = completed else {
                throw fail(path / "completed", "expected true or false, found \(completed.kindName)")
            }
            snapshot.completed = flag
        }
        if let at = object["completed_at"], at != .null { snapshot.completedAt = try moment(at, path / "completed_at") }
        if let time = object["best_time"], time != .null {
            guard let number = time.numberValue else { throw fail(path / "best_time", "expected a number, found \(time.kindName)") }
            snapshot.bestTime = number
        }
        if let moves = object["best_moves"], moves != .null {
            guard let whole = moves.wholeNumberValue else {
                throw fail(path / "best_moves", "expected a whole number, found \(moves.kindName)")
            }
            snapshot.bestMoves = whole
        }
        if let difficulties = object["difficulties"], difficulties != .null {
            guard case .array(let names) = difficulties else {
                throw fail(path / "difficulties", "expected a list of strings, found \(difficulties.kindName)")
            }
            for (index, name) in names.enumerated() {
                snapshot.difficulties.append(try requireString(name, path / "difficulties" / index))
            }
        }
        return snapshot
    }

    // MARK: typed access

    private func requireObject(_ value: JSONValue, _ path: @autoclosure () -> JSONPath) throws(StateFileError) -> JSONObject {
        guard case .object(let object) = value else { throw fail(path(), "expected an object, found \(value.kindName)") }
        return object
    }

    private func requireString(_ value: JSONValue, _ path: @autoclosure () -> JSONPath) throws(StateFileError) -> String {
        guard case .string(let text) = value else { throw fail(path(), "expected a string, found \(value.kindName)") }
        return text
    }

    private func optionalString(_ value: JSONValue?, _ path: @autoclosure () -> JSONPath) throws(StateFileError) -> String? {
        guard let value, value != .null else { return nil }
        return try requireString(value, path())
    }

    private func optionalDate(_ value: JSONValue?, _ path: @autoclosure () -> JSONPath) throws(StateFileError) -> LocalDay? {
        guard let value, value != .null else { return nil }
        let text = try requireString(value, path())
        guard let day = LocalDay(text) else { throw fail(path(), "'\(text)' is not a date like 2026-01-07") }
        return day
    }

    private func moment(_ value: JSONValue, _ path: @autoclosure () -> JSONPath) throws(StateFileError) -> Moment {
        let text = try requireString(value, path())
        switch Moment.parse(text) {
        case .success(let moment): return moment
        case .failure(let problem): throw fail(path(), problem == .missingOffset ? "timestamp has no UTC offset" : problem.description)
        }
    }

    private func fail(_ path: JSONPath, _ message: String) -> StateFileError {
        StateFileError(file: file, path: path, message: message)
    }
}
