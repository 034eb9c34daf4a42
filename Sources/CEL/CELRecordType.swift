// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// A host-declared record (like a proto message without protobuf): known fields with types.
/// Selecting an unknown field is a checker error ("no such field 'minuts'; did you mean
/// 'minutes'?") unless the record is open, in which case unknown fields are `dyn`.
/// At run time a record value is a `CELValue.map` with string keys.
public final class CELRecordType: Sendable, Hashable {
    public let name: String
    public let fields: [(name: String, type: CELType)]
    public let isOpen: Bool

    public init(name: String, fields: [(name: String, type: CELType)], isOpen: Bool = false) {
        self.name = name
        self.fields = fields
        self.isOpen = isOpen
    }

    public func fieldType(_ name: String) -> CELType? { fields.first { $0.name == name }?.type }

    public static func == (a: CELRecordType, b: CELRecordType) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
