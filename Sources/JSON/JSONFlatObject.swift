/// An object of a streamed array (`JSONParser.parse(_:streaming:element:)`) read straight from
/// the document's bytes, because it is of the plain kind a state file's events are: at most
/// `maximumMembers` members with distinct ASCII keys, strings without escapes, every value a
/// string, a number, `true`, `false` or `null`. Nothing is built for it
/// until asked, so a reader that needs only some members as values (an event's `type` and `at`
/// are not kept as JSON) makes no string for the others.
///
/// The byte buffers point into the document: a flat object is valid only while the `element`
/// closure that receives it runs.
package struct JSONFlatObject {
    /// The most members an object may have to be read this way (an event has a handful).
    package static let maximumMembers = 16

    package struct Member {
        /// The key's bytes.
        package let key: UnsafeBufferPointer<UInt8>
        /// The value's bytes between its quotes, when it is an ASCII string.
        package let string: UnsafeBufferPointer<UInt8>?
        /// The value, when it is not an ASCII string.
        let scalar: JSONValue

        /// The value, as the parser would have built it.
        package var value: JSONValue {
            if let string { return .string(String(decoding: string, as: UTF8.self)) }
            return scalar
        }

        /// The key as a string.
        package var keyText: String { String(decoding: key, as: UTF8.self) }
    }

    /// The members in written order.
    package internal(set) var members: [Member] = []

    /// The object as the parser would have built it.
    package var value: JSONValue {
        .object(JSONObject(members.map { (key: $0.keyText, value: $0.value) }))
    }

    /// Whether `a` and `b` hold the same bytes.
    package static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }  // both empty
        // Words, not bytes: keys and event types are compared at every event. The last word
        // overlaps the one before it where the count is not a multiple of its size.
        let count = a.count
        func word<Word: FixedWidthInteger>(_ offset: Int, _: Word.Type) -> Bool {
            UnsafeRawPointer(left + offset).loadUnaligned(as: Word.self) == UnsafeRawPointer(right + offset).loadUnaligned(as: Word.self)
        }
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                guard word(offset, UInt64.self) else { return false }
                offset += 8
            }
            return word(count - 8, UInt64.self)
        }
        if count >= 4 { return word(0, UInt32.self) && word(count - 4, UInt32.self) }
        for index in 0..<count where left[index] != right[index] { return false }
        return true
    }
}

/// An element of a streamed array: a plain object read straight from the bytes, or any other
/// value as the parser builds it.
package enum JSONStreamedElement {
    case flat(JSONFlatObject)
    case value(JSONValue)
}
