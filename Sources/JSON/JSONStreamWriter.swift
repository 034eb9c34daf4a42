/// Writes JSON text one piece at a time, byte for byte as `JSONWriter` writes the whole value
/// (same layout, escaping and numbers), without building the value first: for documents written
/// once per state, such as a decision, where building the tree costs more than writing it.
///
/// The caller keeps the structure: `key` only inside an object, and each `key` followed by one
/// value. Containers opened are closed in order.
package struct JSONStreamWriter: ~Copyable {
    private var text: ByteRun
    private let layout: JSONWriter.Layout
    /// Per open container: 1 while it has no member yet (an empty one is written `{}` / `[]`).
    private var empty = ByteRun(capacity: 16)
    /// A key was just written: the next value is its value, not an array element.
    private var afterKey = false
    /// Where `member(_:unescaped:)` has its value written, reused.
    private var scratch: [UInt8] = []

    package init(layout: JSONWriter.Layout, capacity: Int = 4096) {
        self.layout = layout
        text = ByteRun(capacity: capacity)
    }

    /// The text so far, UTF-8.
    package var bytes: [UInt8] { text.array }

    package mutating func beginObject() {
        beforeValue()
        text.append(UInt8(ascii: "{"))
        empty.append(1)
    }

    package mutating func endObject() { end(UInt8(ascii: "}")) }

    package mutating func beginArray() {
        beforeValue()
        text.append(UInt8(ascii: "["))
        empty.append(1)
    }

    package mutating func endArray() { end(UInt8(ascii: "]")) }

    /// The next member's key, a name from the data (escaped as needed); its value comes next.
    package mutating func key(named key: String) {
        startMember()
        quoted(key)
        endKey()
    }

    /// The next member's key, a name of the format: plain ASCII that needs no escape, copied
    /// as it is (a decision has a hundred such keys, and escaping each would cost more than copying it).
    package mutating func key(_ key: StaticString) {
        startMember()
        text.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { name in
            assert(!name.contains { $0 < 0x20 || $0 >= 0x80 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
                   "a format key needs no escape")
            text.append(name)
        }
        text.append(UInt8(ascii: "\""))
        endKey()
    }

    private mutating func endKey() {
        text.append(UInt8(ascii: ":"))
        if layout != .compact { text.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    package mutating func string(_ value: String) {
        beforeValue()
        quoted(value)
    }

    package mutating func int(_ number: Int64) {
        beforeValue()
        var magnitude = number.magnitude
        // Digits from the right, in a buffer on the stack; the sign first.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 { text.append(UInt8(ascii: "-")) }
            text.append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    package mutating func int(_ number: Int) { int(Int64(number)) }

    /// A double as `JSONWriter` writes one (shortest round trip; not finite as `null`).
    package mutating func double(_ number: Double) {
        beforeValue()
        var written = JSONWriter.number(number)
        written.withUTF8 { text.append($0) }
    }

    package mutating func bool(_ flag: Bool) {
        beforeValue()
        text.append(flag ? "true" : "false")
    }

    package mutating func null() {
        beforeValue()
        text.append("null")
    }

    /// A whole value, laid out as if written in place.
    package mutating func value(_ value: JSONValue) {
        beforeValue()
        scratch.removeAll(keepingCapacity: true)
        JSONWriter.write(value, layout: layout, depth: empty.count, into: &scratch)
        text.append(scratch)
    }

    /// `key` and a string value whose UTF-8 `write` appends in place: bytes that need no
    /// escape (a time, a number), written without making a string first.
    package mutating func member(_ key: StaticString, unescaped write: (inout [UInt8]) -> Void) {
        self.key(key)
        scratch.removeAll(keepingCapacity: true)
        write(&scratch)
        assert(!scratch.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
               "unescaped text needs an escape")
        text.append(UInt8(ascii: "\""))
        text.append(scratch)
        text.append(UInt8(ascii: "\""))
    }

    /// `key` and its string value.
    package mutating func member(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    /// `key` and its integer value.
    package mutating func member(_ key: StaticString, _ number: Int) {
        self.key(key)
        int(Int64(number))
    }

    /// `key` and an array with an element per item, each written by `element`.
    package mutating func array<Items: Sequence>(_ key: StaticString, _ items: Items,
                                                 _ element: (Items.Element, inout JSONStreamWriter) -> Void) {
        self.key(key)
        beginArray()
        for item in items { element(item, &self) }
        endArray()
    }

    /// `key` and an object with a member per item, named by `name` (unique), written by `value`.
    package mutating func object<Items: Sequence>(_ key: StaticString, _ items: Items, name: (Items.Element) -> String,
                                                  _ value: (Items.Element, inout JSONStreamWriter) -> Void) {
        self.key(key)
        beginObject()
        for item in items {
            self.key(named: name(item))
            value(item, &self)
        }
        endObject()
    }

    /// `value` in quotes, escaped as `JSONWriter` escapes it. Most texts (ids, times, states)
    /// need no escape: one scan tells, and they go in whole.
    private mutating func quoted(_ value: String) {
        let plain: Bool? = value.utf8.withContiguousStorageIfAvailable { bytes in
            guard JSONWriter.isPlain(bytes) else { return false }
            text.append(UInt8(ascii: "\""))
            text.append(bytes)
            text.append(UInt8(ascii: "\""))
            return true
        }
        guard plain != true else { return }
        scratch.removeAll(keepingCapacity: true)
        JSONWriter.appendQuoted(value, into: &scratch)
        text.append(scratch)
    }

    /// A line feed after the document (NDJSON), whatever the layout.
    package mutating func newline() {
        text.append(UInt8(ascii: "\n"))
    }

    // MARK: layout

    /// Before a value: nothing after a key or at the top; a separator before an array element.
    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
        } else if !empty.isEmpty {
            startMember()
        }
    }

    /// The comma before every member but the first, then its line.
    private mutating func startMember() {
        if empty.last == 1 {
            empty.last = 0
        } else {
            text.append(UInt8(ascii: ","))
        }
        newline(depth: empty.count)
    }

    private mutating func end(_ bracket: UInt8) {
        let wasEmpty = empty.removeLast() == 1
        if !wasEmpty { newline(depth: empty.count) }
        text.append(bracket)
    }

    private mutating func newline(depth: Int) {
        guard case .pretty(let indent) = layout else { return }
        text.append(UInt8(ascii: "\n"))
        text.append(repeating: UInt8(ascii: " "), count: indent * depth)
    }
}
