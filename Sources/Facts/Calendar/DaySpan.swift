import JSON
/// The local days a history reaches — its events' days, the dates its plans, kill-time changes
/// and freezes name, and today — with where each extreme came from. Every per-day structure of
/// the replay (day records, streak runs, time checkpoints) costs the span, so a span longer than
/// `limit` (`now` in 9999, an event in 1900 among events in 2026) is rejected instead of replayed
/// for minutes (docs/evaluation.md, "Day span").
struct DaySpan {
    /// 100 years of days (docs/evaluation.md).
    static let limit = 36_600

    /// Where a day came from: `now`, or an event's `at` or `date` (paths made only for the error).
    enum Source: Equatable {
        case now
        case eventAt(Int)
        case eventDate(Int)

        var path: JSONPath {
            switch self {
            case .now: .root / "now"
            case .eventAt(let index): .root / "events" / index / "at"
            case .eventDate(let index): .root / "events" / index / "date"
            }
        }
    }

    private struct Point {
        var day: LocalDay
        var source: Source
    }

    private var earliest: Point?
    private var latest: Point?
    /// The nearest distinct days inside the extremes (to tell which extreme is the outlier).
    private var secondEarliest: LocalDay?
    private var secondLatest: LocalDay?

    mutating func note(_ day: LocalDay, from source: Source) {
        let point = Point(day: day, source: source)
        if let first = earliest, day < first.day {
            secondEarliest = first.day
            earliest = point
        } else if earliest == nil {
            earliest = point
        } else if let first = earliest, day > first.day, secondEarliest.map({ day < $0 }) ?? true {
            secondEarliest = day
        }
        if let last = latest, day > last.day {
            secondLatest = last.day
            latest = point
        } else if latest == nil {
            latest = point
        } else if let last = latest, day < last.day, secondLatest.map({ day > $0 }) ?? true {
            secondLatest = day
        }
    }

    /// Notes an event's day and the day its effect names (a plan's, kill time's or freeze's `date`).
    mutating func note(_ placed: TimelineEvent, of event: StateEvent) {
        note(placed.day, from: .eventAt(event.index))
        switch placed.effect {
        case .plan(let day, _), .killTime(let day, _), .freeze(let day, _):
            if day != placed.day { note(day, from: .eventDate(event.index)) }
        case .none, .taskCompleted, .level:
            break
        }
    }

    /// Whether the days noted so far span more than `limit` (`check` will throw).
    var isTooLong: Bool {
        guard let earliest, let latest else { return false }
        return latest.day.number - earliest.day.number > Self.limit
    }

    /// Throws when the span is longer than `limit`, naming the extreme farther from the rest.
    func check(file: String) throws(StateFileError) {
        guard isTooLong, let earliest, let latest else { return }
        // The outlier is the extreme with the larger gap to its nearest neighbour.
        let innerLate = secondLatest ?? earliest.day
        let innerEarly = secondEarliest ?? latest.day
        let blamed = latest.day.number - innerLate.number > innerEarly.number - earliest.day.number ? latest : earliest
        let span = latest.day.number - earliest.day.number
        let relation = blamed.day == latest.day ? "after \(earliest.day)" : "before \(latest.day)"
        throw StateFileError(file: file, path: blamed.source.path, message:
            "day \(blamed.day) is \(span) days \(relation): a history may span at most \(Self.limit) days "
            + "(100 years) from its first event's day to today")
    }
}
