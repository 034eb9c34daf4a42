import JSON

/// What the decoder learns once per distinct key list of event objects (events of one kind
/// repeat their keys, and the parser shares one key array among them): where `type` and `at`
/// stand, the attribute keys (one shared array), and a computed name used as a key. Also one
/// shared copy of each long event type, so a million events do not hold a million copies.
struct EventForms {
    /// A class: an event takes its form with one retain, not one per array.
    final class Form {
        let keys: [String]
        /// The keys' UTF-8 bytes one after another, and where each key's bytes end: a flat
        /// object's keys are told by comparing bytes, without making strings of them.
        let keyBytes: [UInt8]
        let keyEnds: [Int]
        let typePosition: Int?
        let atPosition: Int?
        let attributeKeys: [String]
        /// The first key that is a computed attribute name (`day`, `hour`, …), if any.
        let computedKey: String?

        init(keys: [String], typePosition: Int?, atPosition: Int?, attributeKeys: [String], computedKey: String?) {
            self.keys = keys
            keyBytes = keys.flatMap(\.utf8)
            var end = 0
            keyEnds = keys.map { key in
                end += key.utf8.count
                return end
            }
            self.typePosition = typePosition
            self.atPosition = atPosition
            self.attributeKeys = attributeKeys
            self.computedKey = computedKey
        }
    }

    private var recent: [Form] = []
    /// Where in `recent` the last form was found: events of one kind often come in runs.
    private var last = 0
    private var types: [String: String] = [:]
    /// Recent types with their first sixteen bytes packed (`packed(_:)`): a type is found by
    /// comparing words, without reading an array (each read retains and releases it).
    private var recentTypes: [(count: Int, words: (UInt64, UInt64), bytes: [UInt8], type: String)] = []

    mutating func form(of keys: [String]) -> Form {
        // Shared arrays compare by identity first, so this is a pointer check for most events.
        if last < recent.count, recent[last].keys == keys { return recent[last] }
        if let index = recent.firstIndex(where: { $0.keys == keys }) {
            last = index
            return recent[index]
        }
        let typePosition = keys.firstIndex(of: "type")
        let atPosition = keys.firstIndex(of: "at")
        let form = Form(keys: keys, typePosition: typePosition, atPosition: atPosition,
                        attributeKeys: keys.enumerated().filter { $0.offset != typePosition && $0.offset != atPosition }.map(\.element),
                        computedKey: keys.first(where: StateEvent.computedNames.contains))
        if recent.count == 8 { recent.removeFirst() }
        recent.append(form)
        last = recent.count - 1
        return form
    }

    /// The form of a flat object's keys, told by their bytes (no key string is made for a known
    /// form).
    mutating func form(matching object: JSONFlatObject) -> Form {
        // Members and key bytes read in place: taking a member or a key array as a value
        // retains and releases it, several times per event.
        func matches(_ form: Form) -> Bool {
            guard form.keyEnds.count == object.members.count else { return false }
            return form.keyBytes.withUnsafeBufferPointer { bytes in
                object.members.withUnsafeBufferPointer { members in
                    var start = 0
                    for index in members.indices {
                        let end = form.keyEnds[index]
                        guard JSONFlatObject.equal(members[index].key, UnsafeBufferPointer(rebasing: bytes[start..<end])) else {
                            return false
                        }
                        start = end
                    }
                    return true
                }
            }
        }
        if last < recent.count, matches(recent[last]) { return recent[last] }
        if let index = recent.firstIndex(where: matches) {
            last = index
            return recent[index]
        }
        return form(of: object.members.map(\.keyText))
    }

    /// The event type written as `bytes` (checked ASCII): a recent type's string when the bytes
    /// are its own. A string made of the bytes is validated each time it is made, and most
    /// events repeat a few types.
    mutating func type(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        let words = Self.packed(bytes)
        for index in recentTypes.indices
        where recentTypes[index].count == bytes.count && recentTypes[index].words == words
            && (bytes.count <= 16 || recentTypes[index].bytes.withUnsafeBufferPointer({ JSONFlatObject.equal($0, bytes) })) {
            return recentTypes[index].type
        }
        let type = shared(String(decoding: bytes, as: UTF8.self))
        if recentTypes.count == 8 { recentTypes.removeFirst() }
        recentTypes.append((bytes.count, words, Array(bytes), type))
        return type
    }

    /// The first sixteen bytes (fewer: zeros after them) as two words, the first byte lowest.
    /// Read a byte at a time through the buffer's bounds-checked subscript: no raw loads.
    private static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        for index in 0..<Swift.min(bytes.count, 16) {
            let byte = UInt64(bytes[index]) << UInt64((index % 8) * 8)
            if index < 8 { words.0 |= byte } else { words.1 |= byte }
        }
        return words
    }

    /// `type`, or the copy of it seen before (short strings are stored inline and need none).
    mutating func shared(_ type: String) -> String {
        guard type.utf8.count > 15 else { return type }
        if let known = types[type] { return known }
        if types.count < 1_000 { types[type] = type }
        return type
    }
}
