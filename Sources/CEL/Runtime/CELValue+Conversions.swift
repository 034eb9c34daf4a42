import Foundation

/// The conversion functions of langdef (`int`, `uint`, `double`, `string`, `bytes`, `bool`,
/// `timestamp`, `duration`, `type`, `dyn`) with their range errors.
extension CELValue {
    static func toInt(_ v: CELValue) -> CELValue {
        switch v {
        case .int: return v
        case .uint(let u):
            guard let i = Int64(exactly: u) else { return .error(CELError(.range, "int range error")) }
            return .int(i)
        case .double(let d):
            // langdef: limited to (minInt, maxInt), both ends excluded.
            guard d.isFinite, d > -9_223_372_036_854_775_808.0, d < 9_223_372_036_854_775_808.0 else {
                return .error(CELError(.range, "int range error"))
            }
            let i = Int64(d.rounded(.towardZero))
            if i == .min { return .error(CELError(.range, "int range error")) }
            return .int(i)
        case .string(let s):
            guard let i = Int64(s, radix: 10) else {
                return .error(CELError(.invalidArgument, "cannot convert '\(s)' to int (not an int, or out of range)"))
            }
            return .int(i)
        case .timestamp(let t): return .int(t.seconds)
        case .error: return v
        default: return .error(.noOverload("int", v))
        }
    }

    static func toUint(_ v: CELValue) -> CELValue {
        switch v {
        case .uint: return v
        case .int(let i):
            guard i >= 0 else { return .error(CELError(.range, "uint range error")) }
            return .uint(UInt64(i))
        case .double(let d):
            guard d.isFinite, d >= 0, d < 18_446_744_073_709_551_616.0 else {
                return .error(CELError(.range, "uint range error"))
            }
            return .uint(UInt64(d.rounded(.towardZero)))
        case .string(let s):
            guard let u = UInt64(s, radix: 10) else {
                return .error(CELError(.invalidArgument, "cannot convert '\(s)' to uint (not a uint, or out of range)"))
            }
            return .uint(u)
        case .error: return v
        default: return .error(.noOverload("uint", v))
        }
    }

    static func toDouble(_ v: CELValue) -> CELValue {
        switch v {
        case .double: return v
        case .int(let i): return .double(Double(i))
        case .uint(let u): return .double(Double(u))
        case .string(let s):
            guard let d = CELNumberText.parseDouble(s) else {
                return .error(CELError(.invalidArgument, "cannot convert '\(s)' to double (not a number, or out of range)"))
            }
            return .double(d)
        case .error: return v
        default: return .error(.noOverload("double", v))
        }
    }

    static func toStringValue(_ v: CELValue) -> CELValue {
        switch v {
        case .string: return v
        case .int(let i): return .string(String(i))
        case .uint(let u): return .string(String(u))
        case .double(let d): return .string(CELNumberText.format(d))
        case .bool(let b): return .string(b ? "true" : "false")
        case .bytes(let b):
            guard let s = String(validating: b, as: UTF8.self) else {
                return .error(CELError(.invalidArgument, "invalid UTF-8 in bytes"))
            }
            return .string(s)
        case .timestamp(let t): return .string(t.rfc3339(offsetSeconds: 0))
        case .duration(let d): return .string(d.celString)
        case .type(let t): return .string(t.runtimeName)
        case .error: return v
        default: return .error(.noOverload("string", v))
        }
    }

    static func toBytes(_ v: CELValue) -> CELValue {
        switch v {
        case .bytes: return v
        case .string(let s): return .bytes(Array(s.utf8))
        case .error: return v
        default: return .error(.noOverload("bytes", v))
        }
    }

    static func toBool(_ v: CELValue) -> CELValue {
        switch v {
        case .bool: return v
        case .string(let s):
            switch s {
            case "1", "t", "T", "true", "TRUE", "True": return .bool(true)
            case "0", "f", "F", "false", "FALSE", "False": return .bool(false)
            default: return .error(CELError(.invalidArgument, "cannot convert '\(s)' to bool"))
            }
        case .error: return v
        default: return .error(.noOverload("bool", v))
        }
    }

    static func toTimestamp(_ v: CELValue) -> CELValue {
        switch v {
        case .timestamp: return v
        case .string(let s):
            guard let parsed = CELTimestamp.parseRFC3339(s) else {
                return .error(CELError(.invalidArgument, "cannot parse timestamp '\(s)'"))
            }
            return parsed.timestamp.isInRange ? .timestamp(parsed.timestamp) : .error(timestampRange)
        case .int(let i):
            let t = CELTimestamp(seconds: i)
            return t.isInRange ? .timestamp(t) : .error(timestampRange)
        case .error: return v
        default: return .error(.noOverload("timestamp", v))
        }
    }

    static func toDuration(_ v: CELValue) -> CELValue {
        switch v {
        case .duration: return v
        case .string(let s):
            guard let d = CELDuration.parse(s) else {
                return .error(CELError(.range, "cannot parse duration '\(s)' (or out of range)"))
            }
            return .duration(d)
        case .int(let i):
            let duration = CELDuration(seconds: i)
            return duration.totalNanoseconds == nil ? .error(durationRange) : .duration(duration)
        case .error: return v
        default: return .error(.noOverload("duration", v))
        }
    }

    static func typeOf(_ v: CELValue) -> CELValue {
        if case .error = v { return v }
        return .type(v.runtimeType)
    }
}
