import CEL

/// One kind of fact record, from its declared fields: the `CELRecordType` the checker knows and the
/// shape the facts layer builds every such record with. A record built here has exactly the
/// declared fields, in declared order (an optional one only when it has a value). A class: records
/// are built at every event and day, and a shared reference costs one retain where a struct of
/// three references would cost three.
package final class FactRecord<Field: FactField>: Sendable {
    package let type: CELRecordType
    package let fields: [Field]
    /// The shape of a record with every field (optional ones included).
    package let shape: CELRecordShape

    /// `isOpen`: expressions may read other fields as `dyn` (an event's own attributes).
    package init(name: String, isOpen: Bool = false) {
        fields = Field.allCases
        type = CELRecordType(name: name, fields: fields.map { ($0.rawValue, $0.celType) }, isOpen: isOpen)
        shape = CELRecordShape(fields: fields.map(\.rawValue))
    }

    /// A record of every declared field, each valued by `value` (which must not be `nil` for a
    /// field that is not optional; the schema test builds every record kind to check it).
    @inlinable
    package func record(_ value: (Field) -> CELValue?) -> CELValue {
        var values: [CELValue] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            guard let fieldValue = value(field) else {
                assert(field.isOptional, "fact field '\(field.rawValue)' is declared but has no value")
                return sparseRecord(value)
            }
            values.append(fieldValue)
        }
        return .map(CELMap(shape: shape, values: values))
    }

    /// The values of every declared field in declared order, with room for `extra` more: an open
    /// record's own fields follow, in a shape from `shape(adding:)`.
    @inlinable
    package func values(reserving extra: Int = 0, _ value: (Field) -> CELValue) -> [CELValue] {
        var values: [CELValue] = []
        values.reserveCapacity(fields.count + extra)
        for field in fields { values.append(value(field)) }
        return values
    }

    /// The shape of records with the declared fields followed by `names` (an open record's own
    /// fields, such as an event's attributes).
    package func shape(adding names: [String]) -> CELRecordShape {
        CELRecordShape(fields: fields.map(\.rawValue) + names)
    }

    /// A record without the optional fields that have no value.
    @usableFromInline
    func sparseRecord(_ value: (Field) -> CELValue?) -> CELValue {
        .map(CELMap(strings: fields.compactMap { field in value(field).map { (key: field.rawValue, value: $0) } }))
    }
}
