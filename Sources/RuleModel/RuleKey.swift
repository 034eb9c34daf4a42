/// A key of one kind of rule file entry (`RankRuleKey`, `StreakRuleKey`, …). Each kind's keys are
/// spelled once, in its enum; the decoder, the editor schema, the compiled bundle and rule diffs
/// name a key through it, and the agreement test holds the schema and docs/rules.md to it.
package protocol RuleKey: RawRepresentable, CaseIterable, Sendable where RawValue == String {}
