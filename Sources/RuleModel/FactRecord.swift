import CEL

/// One kind of fact record, from its declared fields: the `CELRecordType` the checker knows and the
/// shape the facts layer builds every such record with (`FactRecord+Values.swift` in Facts): exactly
/// the declared fields, in declared order (an optional one only when it has a value). A class:
/// records are built at every event and day, and a shared reference costs one retain where a
/// struct of three references would cost three.
///
/// `Field` is constrained in the extensions, not here: the runtime checks a generic type's
/// constraints when it makes the type's metadata from its mangled name, and the first check
/// of a conformance scans every conformance record of the binary; `Sendable` is checked only by
/// the compiler.
package final class FactRecord<Field: Sendable>: Sendable {
    package let type: CELRecordType
    package let fields: [Field]
    /// The shape of a record with every field (optional ones included).
    package let shape: CELRecordShape

    private init(type: CELRecordType, fields: [Field], shape: CELRecordShape) {
        self.type = type
        self.fields = fields
        self.shape = shape
    }
}

extension FactRecord where Field: FactField {
    /// `isOpen`: expressions may read other fields as `dyn` (an event's own attributes).
    package convenience init(name: String, isOpen: Bool = false) {
        let fields = Field.allCases
        self.init(type: CELRecordType(name: name, fields: fields.map { ($0.rawValue, $0.celType) }, isOpen: isOpen),
                  fields: fields, shape: CELRecordShape(fields: fields.map(\.rawValue)))
    }

    /// The shape of records with the declared fields followed by `names` (an open record's own
    /// fields, such as an event's attributes).
    package func shape(adding names: [String]) -> CELRecordShape {
        CELRecordShape(fields: fields.map(\.rawValue) + names)
    }
}
