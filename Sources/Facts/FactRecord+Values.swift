import CEL
import RuleModel

// The builders live here, beside their only callers, and not in RuleModel: the compiler does not
// inline or specialize an `@inlinable package` function across modules (Swift 6.3, checked with
// a two-module package), and unspecialized, each field costs a generic iteration and a thunk call
// at every record of every event and day.
extension FactRecord where Field: FactField {
    /// A record of every declared field, each valued by `value` (which must not be `nil` for a
    /// field that is not optional; the schema test builds every record kind to check it).
    ///
    /// The values go straight into the record's storage in declared order, the order of the
    /// prepared `shape`, so no field name is looked at.
    @inline(__always)
    func record(_ value: (Field) -> CELValue?) -> CELValue {
        let fields = self.fields
        var complete = true
        let record = CELMap(shape: shape) { position in
            // After a missing value the rest are not asked for: the record is made sparse.
            guard complete, position < fields.count, let fieldValue = value(fields[position]) else {
                assert(!complete || position >= fields.count || fields[position].isOptional,
                       "fact field '\(fields[position].rawValue)' is declared but has no value")
                complete = false
                return .null
            }
            return fieldValue
        }
        return complete ? .map(record) : sparseRecord(value)
    }

    /// A record without the optional fields that have no value.
    private func sparseRecord(_ value: (Field) -> CELValue?) -> CELValue {
        .map(CELMap(strings: fields.compactMap { field in value(field).map { (key: field.rawValue, value: $0) } }))
    }
}
