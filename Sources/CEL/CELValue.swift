// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// A CEL run-time value. Errors are values (`.error`) so `&&`/`||` can absorb them.
public enum CELValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case bytes([UInt8])
    case list(CELList)
    case map(CELMap)
    case timestamp(CELTimestamp)
    case duration(CELDuration)
    case type(CELType)
    case error(CELError)
}
