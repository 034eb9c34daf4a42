/// How far an achievement is: `current` of `target` (docs/rules.md, "achievements[]").
public struct AwardProgress: Sendable, Hashable {
    public var current: ProgressNumber
    public var target: ProgressNumber

    public init(current: ProgressNumber, target: ProgressNumber) {
        self.current = current
        self.target = target
    }

    /// The fraction done, clamped to 0…1 (0 for a target of 0 or less: nothing to show).
    public var fraction: Double {
        let c = current.doubleValue, t = target.doubleValue
        guard t > 0, c.isFinite, t.isFinite else { return 0 }
        return Swift.min(1, Swift.max(0, c / t))
    }
}
