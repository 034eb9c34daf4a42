/// The effects of a rule change on one award over every state: how many states each kind of
/// effect holds for, and the first five of them in input order.
package struct AwardEffects: Sendable, Hashable {
    /// How many samples each kind keeps.
    package static let sampleLimit = 5

    package var counts: [EffectKind: Int] = [:]
    package var samples: [EffectKind: [DiffSample]] = [:]

    package init() {}

    package func count(_ kind: EffectKind) -> Int { counts[kind] ?? 0 }

    /// Some kind has a count above 0.
    package var isEmpty: Bool { counts.values.allSatisfy { $0 == 0 } }

    /// Counts one more state with `kind`, kept as a sample while there are fewer than five.
    package mutating func add(_ kind: EffectKind, sample: DiffSample) {
        counts[kind, default: 0] += 1
        if samples[kind, default: []].count < Self.sampleLimit { samples[kind, default: []].append(sample) }
    }
}
