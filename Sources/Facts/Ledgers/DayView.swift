/// What a `day` predicate can see of one day, narrowed to the record fields it reads: when the
/// view is unchanged, so is the predicate's verdict, and the day need not be judged again.
struct DayView: Sendable, Hashable {
    /// The parts of the entry a set of record fields depends on.
    struct Fields: OptionSet, Sendable, Hashable {
        let rawValue: Int
        static let status = Fields(rawValue: 1 << 0)
        static let planned = Fields(rawValue: 1 << 1)
        static let killTime = Fields(rawValue: 1 << 2)
        static let expiredCount = Fields(rawValue: 1 << 3)
        /// `events` and `count` (both grow with each on-time event).
        static let onTime = Fields(rawValue: 1 << 4)
        static let late = Fields(rawValue: 1 << 5)
        static let all: Fields = [.status, .planned, .killTime, .expiredCount, .onTime, .late]

        /// The parts that `day` record fields (by name) depend on; `nil` (the record read
        /// whole or not known) is every part. `date`, `weekday` and `week` are fixed per day.
        init(recordFields names: Set<String>?) {
            guard let names else {
                self = .all
                return
            }
            var fields: Fields = []
            for name in names {
                switch name {
                case "date", "weekday", "week": break
                case "status": fields.insert(.status)
                case "planned": fields.insert(.planned)
                case "kill_time": fields.insert(.killTime)
                case "expired_count": fields.insert(.expiredCount)
                case "events", "count": fields.insert(.onTime)
                case "late": fields.insert(.late)
                default: fields = .all
                }
            }
            self = fields
        }

        init(rawValue: Int) { self.rawValue = rawValue }
    }

    var status: DayStatus
    var planned = 0
    var killTime: Int?
    var expiredCount = 0
    var onTime = 0
    var late = 0
}
