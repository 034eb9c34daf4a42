/// A host-declared record (like a proto message without protobuf): known fields with types.
/// Selecting an unknown field is a checker error ("no such field 'minuts'; did you mean
/// 'minutes'?") unless the record is open, in which case unknown fields are `dyn`.
/// At run time a record value is a `CELValue.map` with string keys.
package final class CELRecordType: Sendable, Hashable {
    package let name: String
    package let fields: [(name: String, type: CELType)]
    package let isOpen: Bool

    /// Field types by name, for constant-time lookup while checking.
    private let fieldTypes: [String: CELType]

    /// Declares a record; when a field name repeats, the first declaration wins.
    package init(name: String, fields: [(name: String, type: CELType)], isOpen: Bool = false) {
        self.name = name
        self.fields = fields
        self.isOpen = isOpen
        self.fieldTypes = Dictionary(fields.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
    }

    /// The declared type of a field, or `nil` when the record has no such field.
    package func fieldType(_ name: String) -> CELType? { fieldTypes[name] }

    /// Records are identified by name (like message types).
    package static func == (a: CELRecordType, b: CELRecordType) -> Bool { a.name == b.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
