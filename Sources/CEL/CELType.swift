// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// A CEL type (langdef "Types"), plus records with known fields declared by the host.
public indirect enum CELType: Sendable, Hashable, CustomStringConvertible {
    case dyn, null, bool, int, uint, double, string, bytes, timestamp, duration, error
    case list(CELType)
    case map(CELType, CELType)
    /// The type of a type value: `type(int)`.
    case type(CELType)
    case typeParam(String)
    /// An abstract (opaque) type with parameters, such as `optional_type(int)`.
    case opaque(String, [CELType])
    case record(CELRecordType)

    public var description: String { "\(self)" }
}
