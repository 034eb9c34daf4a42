import CEL
import RuleModel

// The builders live here, beside their only callers, and not in RuleModel: the compiler does not
// inline or specialize an `@inlinable package` function across modules (Swift 6.3, checked with
// a two-module package), and unspecialized, each field cost a generic iteration and a thunk call
// (callgrind: building the TaskMate long-time user's day records took a quarter more instructions
// than from an array literal).
extension FactRecord {
    /// A record of every declared field, each valued by `value` (which must not be `nil` for a
    /// field that is not optional; the schema test builds every record kind to check it).
    ///
    /// The values go straight into the record's storage in declared order, the order of the
    /// prepared `shape`, so no field name is looked at.
    @inline(__always)
    func record(_ value: (Field) -> CELValue?) -> CELValue {
        let fields = self.fields
        var complete = true
        let values = [CELValue](unsafeUninitializedCapacity: fields.count) { buffer, initialized in
            for field in fields {
                guard let fieldValue = value(field) else {
                    assert(field.isOptional, "fact field '\(field.rawValue)' is declared but has no value")
                    complete = false
                    return
                }
                buffer.initializeElement(at: initialized, to: fieldValue)
                initialized += 1
            }
        }
        return complete ? .map(CELMap(shape: shape, values: values)) : sparseRecord(value)
    }

    /// The values of every declared field in declared order, with room for `extra` more: an open
    /// record's own fields follow, in a shape from `shape(adding:)`.
    @inline(__always)
    func values(reserving extra: Int = 0, _ value: (Field) -> CELValue) -> [CELValue] {
        let fields = self.fields
        var values: [CELValue] = []
        values.reserveCapacity(fields.count + extra)
        for field in fields { values.append(value(field)) }
        return values
    }

    /// A record without the optional fields that have no value.
    private func sparseRecord(_ value: (Field) -> CELValue?) -> CELValue {
        .map(CELMap(strings: fields.compactMap { field in value(field).map { (key: field.rawValue, value: $0) } }))
    }
}
