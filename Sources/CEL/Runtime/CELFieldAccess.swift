/// Field reads on a record that stays in its frame slot. The record is borrowed, not
/// copied, so its storage is not retained and released around each access (most of the cost
/// of a field test inside a comprehension). The borrowed path makes no calls the optimizer
/// cannot see through, which is what lets it skip the copy; anything else (a large map with
/// a hash index, a long key that needs a string compare, a non-map) takes the slow path.
enum CELFieldAccess {
    enum Lookup {
        case found(CELValue)
        case missing
        /// Use the general (copying) path.
        case slow
    }

    @inline(__always)
    static func lookup(_ value: borrowing CELValue, _ key: CELFieldKey) -> Lookup {
        switch value {
        case .map(let map):
            return map.storage.withUnsafeMutablePointers { layout, values in
                guard layout.pointee.index == nil, key.isExact else { return .slow }
                let target = key.fingerprint
                var i = 0
                let n = layout.pointee.fingerprints.count
                while i < n {
                    if layout.pointee.fingerprints[i] == target { return .found(values[i]) }
                    i += 1
                }
                return .missing
            }
        default:
            return .slow
        }
    }

    /// Whether string field `key` of `value` equals `text`, compared where the field is (no copy
    /// of the field's value: copying and destroying it cost more than the comparison of short
    /// strings); `nil` when the field is missing or not a string, or takes the slow path.
    @inline(__always)
    static func stringField(_ value: borrowing CELValue, _ key: CELFieldKey, equals text: String) -> Bool? {
        switch value {
        case .map(let map):
            return map.storage.withUnsafeMutablePointers { layout, values in
                guard layout.pointee.index == nil, key.isExact else { return nil }
                let target = key.fingerprint
                var i = 0
                let n = layout.pointee.fingerprints.count
                while i < n {
                    if layout.pointee.fingerprints[i] == target {
                        guard case .string(let field) = values[i] else { return nil }
                        return CELText.equal(field, text)
                    }
                    i += 1
                }
                return nil
            }
        default:
            return nil
        }
    }

    /// The field's value, or `nil` when `value` is not a map or lacks the field.
    @inline(__always)
    static func value(_ pointer: UnsafePointer<CELValue>, _ key: CELFieldKey) -> CELValue? {
        switch lookup(pointer.pointee, key) {
        case .found(let value): return value
        case .missing: return nil
        case .slow:
            guard case .map(let map) = pointer.pointee else { return nil }
            return map.storage.value(for: key)
        }
    }
}
