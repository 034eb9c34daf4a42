import RuleModel

/// The ways facts change between two checkpoints. An expression is re-evaluated only when a
/// channel it reads has moved on since its last evaluation.
struct FactChannels: OptionSet, Sendable, Hashable {
    let rawValue: Int
    init(rawValue: Int) { self.rawValue = rawValue }
    /// New events arrived (`events`).
    static let events = FactChannels(rawValue: 1)
    /// A level was completed or improved (`levels`).
    static let levels = FactChannels(rawValue: 2)
    /// Time passed (`now`, `today`): every checkpoint.
    static let clock = FactChannels(rawValue: 4)
    /// An achievement unlocked (`achievements`).
    static let achievements = FactChannels(rawValue: 8)
    /// A streak's state changed (`streaks`): judged by the facts, per streak read.
    static let streaks = FactChannels(rawValue: 16)

    /// A day record changed or the days' range moved (`days`): judged by the facts.
    static let days = FactChannels(rawValue: 32)

    static let all: FactChannels = [.events, .levels, .clock, .achievements, .streaks, .days]

    /// The channels of the fact variables an expression reads (`metrics` excluded).
    init(reading variables: FactVariableSet) {
        var channels: FactChannels = []
        for variable in variables.members {
            switch variable {
            case .now, .today: channels.insert(.clock)
            case .days: channels.insert(.days)
            case .streaks: channels.insert(.streaks)
            case .events: channels.insert(.events)
            case .levels: channels.insert(.levels)
            case .achievements: channels.insert(.achievements)
            // Constant for one replay.
            case .user, .catalogs, .counters, .metrics: break
            }
        }
        self = channels
    }
}
