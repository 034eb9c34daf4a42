import CEL
import RuleModel

/// The local days of a history (docs/rules.md, "calendar"; docs/facts.md): per day its events, plan, kill time and
/// completion, and the CEL `day` records. Records are cached and rebuilt only when the day
/// changes or when passing time can change its status (a planned day whose kill moment may
/// pass), so asking for `days` at each checkpoint costs the days that changed, not all days.
struct DayLedger: Sendable {
    struct Entry: Sendable {
        var onTime = 0
        var late = 0
        /// On-time events by type, in the order types first appear.
        var counts: [(type: String, count: Int)] = []
        var planned = 0
        var killTime: Int?
        var completed = false
        var tasksDone = 0
        /// Whether the kill moment had passed when the record was last built.
        var killPassed: Bool?
        /// The `count` map as last built (`nil` after a change).
        var countValue: CELValue?
        /// The shape of the `count` map (its type names in order; `nil` after a new type).
        var countShape: CELRecordShape?
    }

    private static let emptyCount: CELValue = .map(CELMap(strings: []))

    private var labels: DayLabels
    /// Shapes of `count` maps by their type names in order: days mostly repeat a few orders, and
    /// a shape spares hashing every name again at each record.
    private var countShapes = CELRecordShapeTable()
    private var clock = WallClockMemo()

    let calendar: LocalCalendar
    private(set) var entries = DayTable<Entry>()
    private(set) var firstEventDay: LocalDay?
    private(set) var lastEventDay: LocalDay?
    /// Records of `valuesStart ...`, one per day.
    private(set) var values: [CELValue] = []
    private(set) var valuesStart: LocalDay?
    /// Days whose record is to be rebuilt, each once (marked in `dirtyMarks`: a day's mark is an
    /// index, where a set hashed the day and regrew as days came).
    private var dirty: [LocalDay] = []
    private var dirtyMarks = DayTable<Bool>()
    /// Where `values` changed, for folds over `days` that keep one result per day: bumped when
    /// every record is rebuilt (the first day moved), then the offset of each record rebuilt or
    /// added, in order.
    private(set) var generation = 0
    private(set) var changedOffsets: [Int] = []
    /// How many times `values` changed (a record rebuilt or added, or all of them dropped):
    /// equal counts mean equal records.
    private(set) var changeCount = 0
    /// Planned, not completed days (their numbers): their status depends on the moment. Kept by
    /// number, a key type the process hashes anyway, so that the runtime need not look up how a
    /// day hashes.
    private var timeSensitive: Set<Int> = []
    /// The planned days not completed, in no order: the only ones whose status time alone can change.
    var openPlannedDays: [LocalDay] { timeSensitive.map(LocalDay.init(number:)) }
    /// Days changed since `drainUnjudged(into:)` last handed them out (for `day` predicates,
    /// which are judged apart from the records; kept only when `judging`). A day may repeat.
    private var unjudged: [LocalDay] = []
    /// Whether `day` predicates follow the changes (`unjudged` is kept).
    var judging = false
    /// The record fields the `day` predicates read: an event that changes none of them (a
    /// count, under a predicate over `status`) does not hand its day out to be judged again.
    var judgedFields: DayView.Fields = .all

    /// `labels`: day names already made (the timeline's), extended as records need more.
    init(calendar: LocalCalendar, labels: DayLabels = DayLabels()) {
        self.calendar = calendar
        self.labels = labels
    }

    // MARK: changes

    mutating func add(_ placed: TimelineEvent, type: String) {
        let day = placed.day
        // The count it adds to, and with a completed task the status and expired count — only on
        // a day with an open plan: on any other day the status stays `empty` or `completed` and
        // no task expires, so the day is not handed out to be judged again (its view would be
        // rebuilt and compared for every task done).
        let completesPlanned = placed.effect == .taskCompleted && (entries.read(day) { $0.planned > 0 && !$0.completed } ?? false)
        let judged = completesPlanned || judgedFields.contains(placed.onTime ? .onTime : .late)
        change(day, judged: judged) { entry in
            if placed.onTime {
                entry.onTime += 1
                if let index = entry.counts.firstIndex(where: { $0.type == type }) {
                    entry.counts[index].count += 1
                } else {
                    // Room for a few types at once: a day's list grew one type at a time.
                    if entry.counts.isEmpty { entry.counts.reserveCapacity(4) }
                    entry.counts.append((type, 1))
                    entry.countShape = nil
                }
                if placed.effect == .taskCompleted { entry.tasksDone += 1 }
                entry.countValue = nil
            } else {
                entry.late += 1
            }
        }
        noteEventDay(day)
    }

    /// Widens the days `days` shows to an event's day, without counting the event: what `add`
    /// does when nothing reads the day records (`FactBuilder` counts events only once asked).
    mutating func noteEventDay(_ day: LocalDay) {
        firstEventDay = min(firstEventDay ?? day, day)
        lastEventDay = max(lastEventDay ?? day, day)
    }

    mutating func plan(_ day: LocalDay, tasks: Int) {
        change(day) { $0.planned = tasks }
    }

    mutating func setKillTime(_ day: LocalDay, minutes: Int) {
        change(day) { $0.killTime = minutes }
    }

    /// Changes `day`'s entry in place (a copy taken out would copy its `counts` on every
    /// append) and marks its record for rebuilding.
    /// `judged`: whether the change can change what `day` predicates read.
    private mutating func change(_ day: LocalDay, judged: Bool = true, _ body: (inout Entry) -> Void) {
        let waitsForCompletion = Self.settle(&entries[day, default: Entry()], body)
        markDirty(day)
        if judging, judged, unjudged.last != day { unjudged.append(day) }
        if waitsForCompletion {
            timeSensitive.insert(day.number)
        } else if !timeSensitive.isEmpty {
            timeSensitive.remove(day.number)
        }
    }

    private mutating func markDirty(_ day: LocalDay) {
        guard dirtyMarks[day] == nil else { return }
        dirtyMarks[day] = true
        dirty.append(day)
    }

    /// Applies `body`, then completion; returns whether the day's status can still change with time.
    private static func settle(_ entry: inout Entry, _ body: (inout Entry) -> Void) -> Bool {
        body(&entry)
        // Completion is terminal: a later, larger plan does not reopen the day.
        if !entry.completed, entry.planned > 0, entry.tasksDone >= entry.planned { entry.completed = true }
        return entry.planned > 0 && !entry.completed
    }

    // MARK: questions

    /// The kill time in force for `day`.
    func killTime(of day: LocalDay) -> LocalTime? {
        entries.read(day, \.killTime)?.map(LocalTime.init(minutes:)) ?? calendar.killTime
    }

    /// Whether `day`'s kill moment (its end without a kill time) is at or before `now`.
    mutating func killPassed(_ day: LocalDay, now: Moment) -> Bool {
        clock.isAtOrAfter(now, calendar.killDateTime(of: day, killTime: killTime(of: day)), in: calendar)
    }

    /// The local day `now` belongs to: its calendar day, or the next one once the kill moment
    /// has passed under `late: next_day`.
    mutating func today(at now: Moment) -> LocalDay {
        let day = calendar.calendarDay(of: now)
        guard calendar.late == .nextDay, let kill = killTime(of: day),
              clock.isAtOrAfter(now, calendar.killDateTime(of: day, killTime: kill), in: calendar) else { return day }
        return day + 1
    }

    /// The days `days` shows: from the earliest event's day to the later of today and the
    /// latest event's day.
    func range(today: LocalDay) -> ClosedRange<LocalDay>? {
        guard let first = firstEventDay, let last = lastEventDay else { return nil }
        return first...max(today, last)
    }

    /// How many days `range(today:)` holds (`days`' length).
    func count(today: LocalDay) -> Int {
        range(today: today).map { $0.upperBound.number - $0.lowerBound.number + 1 } ?? 0
    }

    /// Drops the cached record of `day`, to be rebuilt at the next refresh: it holds the day's
    /// event lists, which an appended event then grows in place rather than copying them.
    mutating func releaseRecord(of day: LocalDay) {
        guard let start = valuesStart, day >= start, day.number - start.number < values.count else { return }
        values[day.number - start.number] = .null
        markDirty(day)
    }

    /// The cached record of a day inside the built range.
    func cachedValue(of day: LocalDay) -> CELValue? {
        guard let start = valuesStart else { return nil }
        let offset = day.number - start.number
        return offset >= 0 && offset < values.count ? values[offset] : nil
    }

    // MARK: records

    /// Brings every record of `range(today:)` up to date for `now`; returns the days rebuilt.
    @discardableResult
    mutating func refresh(now: Moment, today: LocalDay, lists: DayEventLists) -> [LocalDay] {
        guard let range = range(today: today) else { return [] }
        var rebuilt: [LocalDay] = []
        if valuesStart != range.lowerBound {
            values.removeAll(keepingCapacity: true)
            valuesStart = range.lowerBound
            generation += 1
            changedOffsets.removeAll(keepingCapacity: true)
            changeCount += 1
        }
        let start = range.lowerBound
        for day in dirty where day >= start && day.number - start.number < values.count {
            values[day.number - start.number] = record(of: day, now: now, lists: lists)
            changedOffsets.append(day.number - start.number)
            changeCount += 1
            rebuilt.append(day)
        }
        for day in dirty { dirtyMarks[day] = nil }
        dirty.removeAll(keepingCapacity: true)
        for number in timeSensitive where number >= start.number && number - start.number < values.count {
            let day = LocalDay(number: number)
            let passed = killPassed(day, now: now)
            let recorded: Bool? = entries.read(day, \.killPassed) ?? nil
            if recorded != passed {
                values[day.number - start.number] = record(of: day, now: now, lists: lists)
                changedOffsets.append(day.number - start.number)
                changeCount += 1
                rebuilt.append(day)
            }
        }
        while values.count < range.upperBound.number - start.number + 1 {
            let day = start + values.count
            changedOffsets.append(values.count)
            changeCount += 1
            values.append(record(of: day, now: now, lists: lists))
            rebuilt.append(day)
        }
        // Planned days long past cannot un-expire (wall clocks differ by at most ~26 hours
        // between offsets); stop watching them.
        let watchedFrom = (today - 2).number
        if timeSensitive.contains(where: { $0 < watchedFrom && entries.read(LocalDay(number: $0), \.killPassed) == true }) {
            timeSensitive = timeSensitive.filter { $0 >= watchedFrom || entries.read(LocalDay(number: $0), \.killPassed) != true }
        }
        return rebuilt
    }

    /// Replaces `buffer` with the days changed since the last call (their `view`s may differ
    /// from the last ones seen); both arrays keep their storage.
    mutating func drainUnjudged(into buffer: inout [LocalDay]) {
        // Most checkpoints change no day: nothing to move.
        if unjudged.isEmpty {
            if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
            return
        }
        // The two lists trade storage: nothing is copied, and each keeps a capacity.
        swap(&buffer, &unjudged)
        unjudged.removeAll(keepingCapacity: true)
    }

    /// What `day`'s record shows at `now` of the fields in `fields` (equal views, equal values
    /// of those fields), and whether its status can still change with time alone (planned,
    /// not completed).
    mutating func view(of day: LocalDay, now: Moment, fields: DayView.Fields) -> (view: DayView, waitsForTime: Bool) {
        // Only the counts, read in place: a copy of the entry would retain its arrays (at every event).
        guard let entry = entries.read(day, { (planned: $0.planned, completed: $0.completed, killTime: $0.killTime,
                                               tasksDone: $0.tasksDone, onTime: $0.onTime, late: $0.late) })
        else { return (DayView(status: .empty), false) }
        let waits = entry.planned > 0 && !entry.completed
        let timed = waits && (fields.contains(.status) || fields.contains(.expiredCount))
        let status = DayLedger.status(completed: entry.completed, planned: entry.planned,
                                      killPassed: timed ? killPassed(day, now: now) : false)
        let view = DayView(
            status: fields.contains(.status) ? status : .empty,
            planned: fields.contains(.planned) ? entry.planned : 0,
            killTime: fields.contains(.killTime) ? entry.killTime : nil,
            expiredCount: fields.contains(.expiredCount) && status == .expired ? max(0, entry.planned - entry.tasksDone) : 0,
            onTime: fields.contains(.onTime) ? entry.onTime : 0,
            late: fields.contains(.late) ? entry.late : 0)
        return (view, waits)
    }

    /// The CEL `day` record of `day` at `now` for judging alone: the records' own bookkeeping
    /// (when each was last built) is left as it is.
    mutating func judgedRecord(of day: LocalDay, now: Moment, lists: DayEventLists) -> CELValue {
        record(of: day, now: now, lists: lists, remember: false)
    }

    /// The CEL `day` record of `day` at `now` (docs/facts.md); `remember`: note the kill moment's
    /// state the record was built with (false when judging alone: the cached record is older).
    mutating func record(of day: LocalDay, now: Moment, lists: DayEventLists, remember: Bool = true) -> CELValue {
        let known = entries[day] != nil
        var entry = entries[day] ?? Entry()
        let killTime = entry.killTime.map(LocalTime.init(minutes:)) ?? calendar.killTime
        let passed = clock.isAtOrAfter(now, calendar.killDateTime(of: day, killTime: killTime), in: calendar)
        let count: CELValue
        if let known = entry.countValue {
            count = known
        } else if entry.counts.isEmpty {
            count = Self.emptyCount
        } else {
            let shape = entry.countShape ?? countShape(of: entry.counts.map(\.type))
            entry.countShape = shape
            count = .map(CELMap(shape: shape, values: entry.counts.map { .int(Int64($0.count)) }))
        }
        if known {
            if remember { entry.killPassed = passed }
            entry.countValue = count
            entries[day] = entry
        }
        let status = DayLedger.status(completed: entry.completed, planned: entry.planned, killPassed: passed)
        let expiredCount = status == .expired ? max(0, entry.planned - entry.tasksDone) : 0
        let onTime = lists.onTime[day] ?? []
        let late = lists.late[day] ?? []
        labels.select(day)
        return FactTypes.dayRecord.record { field in
            switch field {
            case .date: labels.date
            case .weekday: labels.weekday
            case .week: labels.week
            case .events: .list(CELList(prefixOf: onTime, count: min(entry.onTime, onTime.count)))
            case .late: .list(CELList(prefixOf: late, count: min(entry.late, late.count)))
            case .count: count
            case .planned: .int(Int64(entry.planned))
            case .killTime: killTime.map { .string($0.description) } ?? .null
            case .status: .string(status.rawValue)
            case .expiredCount: .int(Int64(expiredCount))
            }
        }
    }

    /// The shape of a `count` map with these type names, in this order.
    private mutating func countShape(of types: [String]) -> CELRecordShape {
        if let shape = countShapes[types] { return shape }
        let shape = CELRecordShape(fields: types)
        countShapes[types] = shape
        return shape
    }

    /// A day's status at `now` without building its record.
    mutating func status(of day: LocalDay, now: Moment) -> DayStatus {
        let (completed, planned) = entries.read(day) { ($0.completed, $0.planned) } ?? (false, 0)
        return DayLedger.status(completed: completed, planned: planned, killPassed: killPassed(day, now: now))
    }

    private static func status(completed: Bool, planned: Int, killPassed: Bool) -> DayStatus {
        if completed { return .completed }
        if planned == 0 { return .empty }
        return killPassed ? .expired : .open
    }
}
