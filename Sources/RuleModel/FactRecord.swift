import CEL

/// One kind of fact record, from its declared fields: the `CELRecordType` the checker knows and the
/// shape the facts layer builds every such record with (`FactRecord+Values.swift` in Facts): exactly
/// the declared fields, in declared order (an optional one only when it has a value). A class:
/// records are built at every event and day, and a shared reference costs one retain where a
/// struct of three references would cost three.
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

    /// The shape of records with the declared fields followed by `names` (an open record's own
    /// fields, such as an event's attributes).
    package func shape(adding names: [String]) -> CELRecordShape {
        CELRecordShape(fields: fields.map(\.rawValue) + names)
    }
}
