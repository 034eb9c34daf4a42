/// Writes JSON text one piece at a time, byte for byte as `JSONWriter` writes the whole value
/// (same layout, escaping and numbers), without building the value first: for documents written
/// once per state, such as a decision, where building the tree costs more than writing it.
///
/// The caller keeps the structure: `key` only inside an object, and each `key` followed by one
/// value. Containers opened are closed in order.
package struct JSONStreamWriter {
    /// The text so far, UTF-8.
    package private(set) var bytes: [UInt8] = []
    private let layout: JSONWriter.Layout
    /// Per open container: whether it has no member yet (an empty one is written `{}` / `[]`).
    private var empty: [Bool] = []
    /// A key was just written: the next value is its value, not an array element.
    private var afterKey = false

    package init(layout: JSONWriter.Layout, capacity: Int = 4096) {
        self.layout = layout
        bytes.reserveCapacity(capacity)
        empty.reserveCapacity(8)
    }

    package mutating func beginObject() {
        beforeValue()
        bytes.append(UInt8(ascii: "{"))
        empty.append(true)
    }

    package mutating func endObject() { end(UInt8(ascii: "}")) }

    package mutating func beginArray() {
        beforeValue()
        bytes.append(UInt8(ascii: "["))
        empty.append(true)
    }

    package mutating func endArray() { end(UInt8(ascii: "]")) }

    /// The next member's key, a name from the data (escaped as needed); its value comes next.
    package mutating func key(named key: String) {
        startMember()
        JSONWriter.appendQuoted(key, into: &bytes)
        endKey()
    }

    /// The next member's key, a name of the format: plain ASCII that needs no escape, copied
    /// as it is (a decision has a hundred such keys; escaping each was a tenth of its writing).
    package mutating func key(_ key: StaticString) {
        startMember()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { name in
            assert(!name.contains { $0 < 0x20 || $0 >= 0x80 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
                   "a format key needs no escape")
            bytes.append(contentsOf: name)
        }
        bytes.append(UInt8(ascii: "\""))
        endKey()
    }

    private mutating func endKey() {
        bytes.append(UInt8(ascii: ":"))
        if layout != .compact { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    package mutating func string(_ text: String) {
        beforeValue()
        JSONWriter.appendQuoted(text, into: &bytes)
    }

    package mutating func int(_ number: Int64) {
        beforeValue()
        JSONWriter.appendInteger(number, to: &bytes)
    }

    package mutating func int(_ number: Int) { int(Int64(number)) }

    /// A double as `JSONWriter` writes one (shortest round trip; not finite as `null`).
    package mutating func double(_ number: Double) {
        beforeValue()
        bytes.append(contentsOf: JSONWriter.number(number).utf8)
    }

    package mutating func bool(_ flag: Bool) {
        beforeValue()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    package mutating func null() {
        beforeValue()
        bytes.append(contentsOf: "null".utf8)
    }

    /// A whole value, laid out as if written in place.
    package mutating func value(_ value: JSONValue) {
        beforeValue()
        JSONWriter.write(value, layout: layout, depth: empty.count, into: &bytes)
    }

    /// `key` and a string value whose UTF-8 `write` appends in place: bytes that need no
    /// escape (a time, a number), written without making a string first.
    package mutating func member(_ key: StaticString, unescaped write: (inout [UInt8]) -> Void) {
        self.key(key)
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        write(&bytes)
        assert(!bytes[start...].contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
               "unescaped text needs an escape")
        bytes.append(UInt8(ascii: "\""))
    }

    /// `key` and its string value.
    package mutating func member(_ key: StaticString, _ text: String) {
        self.key(key)
        string(text)
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

    /// A line feed after the document (NDJSON), whatever the layout.
    package mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
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
        if empty[empty.count - 1] {
            empty[empty.count - 1] = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        newline(depth: empty.count)
    }

    private mutating func end(_ bracket: UInt8) {
        let wasEmpty = empty.removeLast()
        if !wasEmpty { newline(depth: empty.count) }
        bytes.append(bracket)
    }

    private mutating func newline(depth: Int) {
        guard case .pretty(let indent) = layout else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
    }
}
