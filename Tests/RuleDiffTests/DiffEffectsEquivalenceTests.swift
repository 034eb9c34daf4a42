import Evaluation
import Facts
import Foundation
import RuleDiff
import RuleModel
import Rules
import RulesTestSupport
import Testing
import TestSupport

/// `diff --states` equals two evaluations: over random pairs of rule sets (one mutated from the
/// other) and random states, every count and sample of `DiffEffectsRun` (on three workers) is
/// what deciding each state under both versions with the library and comparing the decisions by
/// docs/diff.md's definitions gives.
@Suite struct DiffEffectsEquivalenceTests {
    @Test(arguments: 1...24)
    func effectsEqualTwoEvaluations(seed: Int) throws {
        var g = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9)
        let oldVersion = RandomRuleChange.version(&g)
        let (newVersion, mutations) = RandomRuleChange.mutate(oldVersion, &g)
        let folder = try TemporaryFolder()
        let old = try RuleSetText.load(RandomRuleChange.files(oldVersion), in: "old")
        let new = try RuleSetText.load(RandomRuleChange.files(newVersion), in: "new")
        let ids = (oldVersion.awards + newVersion.awards).map(\.id)
        let lines = (1...80).map { RandomRuleChange.stateLine(&g, index: $0, awardIDs: ids) }
        let statesPath = try folder.write(lines.joined(separator: "\n") + "\n", to: "states.ndjson")

        let handle = try #require(FileHandle(forReadingAtPath: statesPath))
        let effects = DiffEffectsRun(old: old, new: new, now: nil, jobs: 3).run(input: handle)
        let expected = ReferenceDiff(old: old, new: new, lines: lines)
        #expect(effects.states == expected.states, "seed \(seed), \(mutations)")
        #expect(effects.errors == expected.errors)
        #expect(effects.errorLines == expected.errorLines)
        #expect(effects.changedStates == expected.changedStates)
        #expect([effects.pointsUp, effects.pointsDown, effects.ranksUp, effects.ranksDown] == expected.pointsAndRanks)
        let awards = effects.awards.filter { !$0.value.isEmpty }
        #expect(Set(awards.keys) == Set(expected.awards.keys), "seed \(seed), \(mutations)")
        for (id, reference) in expected.awards {
            for kind in EffectKind.allCases {
                #expect(awards[id]?.count(kind) ?? 0 == reference.counts[kind, default: 0], "seed \(seed) \(id) \(kind)")
                #expect(awards[id]?.samples[kind] ?? [] == reference.samples[kind, default: []], "seed \(seed) \(id) \(kind)")
            }
        }
        #expect(effects.warnings.mapValues { [$0.old, $0.new, $0.newOnly] } == expected.warnings)
    }

    @Test func theMutationsAreTheRuleChanges() throws {
        for seed in 1...24 {
            var g = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9)
            let oldVersion = RandomRuleChange.version(&g)
            let (newVersion, mutations) = RandomRuleChange.mutate(oldVersion, &g)
            let old = try RuleSetText.load(RandomRuleChange.files(oldVersion), in: "old")
            let new = try RuleSetText.load(RandomRuleChange.files(newVersion), in: "new")
            let changes = RuleChanges.between(old: old, new: new)
            let found = Set(changes.map { "\($0.change.rawValue) \($0.kind.rawValue) \($0.id) \($0.keys.joined(separator: ","))" })
            for mutation in mutations {
                switch mutation {
                case .added(let id): #expect(found.contains("added achievement \(id) "), "seed \(seed)")
                case .removed(let id) where !newVersion.awards.contains { $0.id == id }:
                    #expect(found.contains("removed achievement \(id) "), "seed \(seed)")
                case .catalogVersion where oldVersion.catalogVersion != newVersion.catalogVersion:
                    #expect(found.contains("changed catalog puzzle version"), "seed \(seed)")
                case .milestoneDays where oldVersion.milestoneDays != newVersion.milestoneDays:
                    #expect(found.contains("changed milestone daily_m days"), "seed \(seed)")
                case .rankPoints: #expect(found.contains("changed rank silver min_points"), "seed \(seed)")
                default: break
                }
            }
            // No change is reported where both versions agree.
            if oldVersion == newVersion { #expect(changes.isEmpty) }
            for change in changes where change.change == .changed { #expect(!change.keys.isEmpty) }
        }
    }
}

/// docs/diff.md's effects computed the plain way: each state decided under both versions with
/// `UserEvaluation`, the two decisions compared award by award.
private struct ReferenceDiff {
    struct Award {
        var counts: [EffectKind: Int] = [:]
        var samples: [EffectKind: [DiffSample]] = [:]
    }

    var states = 0, errors = 0, changedStates = 0
    var errorLines: [Int] = []
    var pointsAndRanks = [0, 0, 0, 0]
    var awards: [String: Award] = [:]
    var warnings: [String: [Int]] = [:]

    init(old: RuleSet, new: RuleSet, lines: [String]) {
        let rankPoints = { (rules: RuleSet, id: String?) in id.flatMap { id in rules.ranks.first { $0.id == id }?.minPoints } }
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            states += 1
            guard let state = try? StateFile.parse(json: Array(line.utf8)), let now = state.now,
                  let before = try? UserEvaluation(rules: old, state: state, now: now).decision,
                  let after = try? UserEvaluation(rules: new, state: state, now: now).decision else {
                errors += 1
                if errorLines.count < 10 { errorLines.append(number) }
                continue
            }
            let sample: DiffSample = state.userID.isEmpty ? .line(number) : .user(state.userID)
            let stored = Set(state.unlocked.map(\.id))
            var changed = false
            for id in Set(before.achievements.map(\.id)).union(after.achievements.map(\.id)) {
                let a = before.achievement(id), b = after.achievement(id)
                let wasUnlocked = a?.state == .unlocked, isUnlocked = b?.state == .unlocked
                let timesA = a?.times ?? (wasUnlocked ? 1 : 0), timesB = b?.times ?? (isUnlocked ? 1 : 0)
                if wasUnlocked != isUnlocked || a?.unlockedAt?.instant != b?.unlockedAt?.instant || timesA != timesB { changed = true }
                var kinds: [EffectKind] = []
                if isUnlocked && !wasUnlocked { kinds.append(.gained) }
                if wasUnlocked && !isUnlocked && !stored.contains(id) { kinds.append(.lost) }
                if wasUnlocked && isUnlocked, let x = a?.unlockedAt?.instant, let y = b?.unlockedAt?.instant {
                    if y < x { kinds.append(.earlier) }
                    if y > x { kinds.append(.later) }
                }
                if wasUnlocked && isUnlocked && (a?.times != nil || b?.times != nil) && timesA != timesB { kinds.append(.timesChanged) }
                for kind in kinds {
                    awards[id, default: Award()].counts[kind, default: 0] += 1
                    if awards[id]?.samples[kind, default: []].count ?? 0 < 5 { awards[id]?.samples[kind, default: []].append(sample) }
                }
            }
            if after.points > before.points { pointsAndRanks[0] += 1 }
            if after.points < before.points { pointsAndRanks[1] += 1 }
            let rankA = rankPoints(old, before.rank?.id) ?? -1, rankB = rankPoints(new, after.rank?.id) ?? -1
            if before.rank?.id != after.rank?.id, rankB > rankA { pointsAndRanks[2] += 1 }
            if before.rank?.id != after.rank?.id, rankB < rankA { pointsAndRanks[3] += 1 }
            if changed || before.points != after.points || before.rank?.id != after.rank?.id { changedStates += 1 }
            let codesA = Set(before.warnings.map(\.code)), codesB = Set(after.warnings.map(\.code))
            for code in codesA { warnings[code, default: [0, 0, 0]][0] += 1 }
            for code in codesB {
                warnings[code, default: [0, 0, 0]][1] += 1
                if !codesA.contains(code) { warnings[code, default: [0, 0, 0]][2] += 1 }
            }
        }
    }
}
