import CEL

/// The fields of one kind of fact record (docs/facts.md), each case a field: its name (the raw
/// value) and its CEL type. `FactRecord` makes both the checker's record type and the records the
/// facts layer builds from it, so adding a field is one case here plus its value where the record
/// is built (an exhaustive switch there does not compile without it).
package protocol FactField: RawRepresentable<String>, CaseIterable, Sendable, Hashable where AllCases == [Self] {
    /// The type expressions see.
    var celType: CELType { get }
    /// Present only when known (`unlocked_at` of a locked achievement): `has(x.f)` tells.
    var isOptional: Bool { get }
}

extension FactField {
    package var isOptional: Bool { false }
}
