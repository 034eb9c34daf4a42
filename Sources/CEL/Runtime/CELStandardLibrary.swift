import Foundation

/// The implementations of langdef's standard functions that are not `CELValue` operations, and
/// the planner's entry to every library's implementations (declared in `CELLibrary`).
/// Receiver-style calls pass the receiver as the first argument.
enum CELStandardLibrary {
    /// The implementation of `name` in the standard library or one of the extension libraries
    /// (optional values, lists, strings, math), which every environment has.
    static func function(named name: String) -> CELFunction? {
        CELLibrary.implementations[name]
    }

    /// `text.matches(pattern)`: an RE2 pattern from data, compiled at each call.
    static func matches(_ s: CELValue, _ pattern: CELValue) -> CELValue {
        guard case .string(let text) = s, case .string(let p) = pattern else {
            return .error(.noOverload("matches", s, pattern))
        }
        switch CELRegex.compile(p) {
        case .success(let regex): return regex.matchesWithinDefaultLimit(text)
        case .failure(let error): return .error(error)
        }
    }

    static func index(_ container: CELValue, _ key: CELValue) -> CELValue {
        switch container {
        case .list(let list):
            let position: Int64
            switch key {
            case .int(let i): position = i
            case .uint(let u):
                guard let i = Int64(exactly: u) else { return .error(indexError(key)) }
                position = i
            case .double(let d):
                guard let i = Int64(exactly: d) else { return .error(CELError(.invalidArgument, "unsupported index value \(d)")) }
                position = i
            case .error: return key
            default: return .error(.noOverload("_[_]", container, key))
            }
            guard let element = list.element(at: Int(truncatingIfNeeded: position)), position <= Int64(Int.max) else {
                return .error(indexError(key))
            }
            return element
        case .map(let map):
            if case .error = key { return key }
            guard let value = map[key] else {
                switch key {
                case .bool, .int, .uint, .string, .double: break
                default: return .error(.noOverload("_[_]", container, key))
                }
                return .error(CELError(.noSuchKey, "no such key: \(CELValue.describeKey(key))", missingFrom: map))
            }
            return value
        case .optional(let wrapped):
            // Chaining: indexing an optional gives an optional (absent: `optional.none()`).
            guard let inner = wrapped else { return container }
            return CELOptionalLibrary.index(inner, key)
        case .error: return container
        default: return .error(.noOverload("_[_]", container, key))
        }
    }

    private static func indexError(_ key: CELValue) -> CELError {
        CELError(.invalidArgument, "index out of bounds: \(CELValue.describeKey(key))")
    }

    static func contains(_ element: CELValue, _ container: CELValue) -> CELValue {
        switch container {
        case .list(let list):
            for candidate in list where candidate.celEquals(element) { return .bool(true) }
            return .bool(false)
        case .map(let map):
            return .bool(map[element] != nil)
        default:
            return .error(.noOverload("@in", element, container))
        }
    }

    static func size(_ v: CELValue) -> CELValue {
        switch v {
        case .string(let s): .int(Int64(s.unicodeScalars.count))
        case .bytes(let b): .int(Int64(b.count))
        case .list(let l): .int(Int64(l.count))
        case .map(let m): .int(Int64(m.count))
        default: .error(.noOverload("size", v))
        }
    }

    static func stringFunction(_ name: String, _ test: @escaping @Sendable (String, String) -> Bool)
        -> @Sendable (CELValue, CELValue) -> CELValue {
        { a, b in
            guard case .string(let x) = a, case .string(let y) = b else { return .error(.noOverload(name, a, b)) }
            return .bool(test(x, y))
        }
    }

    /// `cel.@mapInsert(map, key, value)` and `cel.@mapInsert(map, otherMap)`, which the
    /// `transformMap` macros accumulate with.
    static func mapInsert(_ args: [CELValue]) -> CELValue {
        guard let first = args.first, case .map(let map) = first else {
            return .error(CELError(.noSuchOverload, "no such overload: cel.@mapInsert"))
        }
        var result = map
        if args.count == 3 {
            guard let key = CELMapKey(args[1]) else { return .error(.noOverload("cel.@mapInsert", args[1])) }
            guard let inserted = result.inserting(key: key, value: args[2]) else {
                return .error(CELError(.invalidArgument, "insert failed: key \(CELValue.describeKey(args[1])) already exists"))
            }
            return .map(inserted)
        }
        if args.count == 2, case .map(let other) = args[1] {
            for (key, value) in zip(other.storage.keys, other.storage.values) {
                guard let inserted = result.inserting(key: key, value: value) else {
                    return .error(CELError(.invalidArgument, "insert failed: key already exists"))
                }
                result = inserted
            }
            return .map(result)
        }
        return .error(CELError(.noSuchOverload, "no such overload: cel.@mapInsert"))
    }
}

extension CELValue {
    /// A short rendering of a key for error messages.
    static func describeKey(_ key: CELValue) -> String {
        switch key {
        case .string(let s): "'\(s)'"
        case .int(let i): String(i)
        case .uint(let u): "\(u)u"
        case .double(let d): CELNumberText.format(d)
        case .bool(let b): b ? "true" : "false"
        default: key.typeName
        }
    }
}
