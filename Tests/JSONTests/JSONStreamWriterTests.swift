import JSON
import Testing
import TestSupport

/// `JSONStreamWriter` writes what `JSONWriter` writes for the same value, piece by piece.
struct JSONStreamWriterTests {
    @Test("same bytes as the whole-value writer", arguments: [
        #"{"b":1,"a":[true,false,null],"c":"x"}"#,
        #"{"a":{"x":[1,2]},"b":[],"c":{},"d":[[],{},[{}]]}"#,
        #"[]"#,
        #"{}"#,
        #""only a string""#,
        #"{"s":"tab\there \"q\" \\ é \u0001 😀","n":-9223372036854775808,"d":[0.1,-0.0,1e100,73.2]}"#,
        #"[{"id":"a","at":"2026-01-01T08:00:00+08:00","points":50},{"id":"b","meta":{"k":[1,{"x":null}]}}]"#,
    ])
    func sameBytes(text: String) throws {
        let value = try JSONParser.parse(text)
        for layout in [JSONWriter.Layout.compact, .pretty(indent: 2), .pretty(indent: 4)] {
            var pieces = JSONStreamWriter(layout: layout)
            Self.write(value, piecewise: true, to: &pieces)
            #expect(String(decoding: pieces.bytes, as: UTF8.self) == JSONWriter.write(value, layout: layout))
            // A whole value written in place lays out as the pieces do.
            var nested = JSONStreamWriter(layout: layout)
            Self.write(value, piecewise: false, to: &nested)
            #expect(nested.bytes == pieces.bytes)
        }
    }

    @Test("format keys are written as the whole-value writer writes them")
    func formatKeys() {
        for layout in [JSONWriter.Layout.compact, .pretty(indent: 2)] {
            var writer = JSONStreamWriter(layout: layout)
            writer.beginObject()
            writer.member("state", "unlocked")
            writer.key("progress")
            writer.beginObject()
            writer.member("current", 3)
            writer.endObject()
            writer.array("waiting_for", ["a\"b"]) { $1.string($0) }
            writer.endObject()
            let expected = JSONValue.object(JSONObject([
                (key: "state", value: .string("unlocked")),
                (key: "progress", value: .object(JSONObject([(key: "current", value: .int(3))]))),
                (key: "waiting_for", value: .array([.string("a\"b")])),
            ]))
            #expect(String(decoding: writer.bytes, as: UTF8.self) == JSONWriter.write(expected, layout: layout))
        }
    }

    /// A writer started small grows its buffer many times, nesting deeper than its first
    /// room for open containers, and still writes what the whole-value writer writes.
    @Test("grows past the room it started with", arguments: [JSONWriter.Layout.compact, .pretty(indent: 2)])
    func growsPastItsCapacity(layout: JSONWriter.Layout) {
        var nested = JSONValue.array((0..<500).map { .string("element \($0) with \"quotes\" and é") })
        for depth in 0..<40 { nested = .object(JSONObject([(key: "level \(depth)", value: nested), (key: "n", value: .int(Int64(depth)))])) }
        var writer = JSONStreamWriter(layout: layout, capacity: 1)
        Self.write(nested, piecewise: true, to: &writer)
        let written = String(decoding: writer.bytes, as: UTF8.self)
        #expect(written == JSONWriter.write(nested, layout: layout))
        #expect(written.utf8.count > 10_000)
    }

    @Test func randomValuesMatch() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, &generator)
            for layout in [JSONWriter.Layout.compact, .pretty(indent: 2)] {
                var writer = JSONStreamWriter(layout: layout)
                Self.write(value, piecewise: true, to: &writer)
                #expect(String(decoding: writer.bytes, as: UTF8.self) == JSONWriter.write(value, layout: layout))
            }
        }
    }

    /// Writes `value` with the stream writer's pieces; `piecewise: false` hands nested
    /// containers over whole (`value(_:)`) below the top level.
    static func write(_ value: JSONValue, piecewise: Bool, top: Bool = true, to writer: inout JSONStreamWriter) {
        switch value {
        case .object(let object) where piecewise || top:
            writer.beginObject()
            for index in 0..<object.count {
                writer.key(named: object.keys[index])
                write(object.values[index], piecewise: piecewise, top: false, to: &writer)
            }
            writer.endObject()
        case .array(let elements) where piecewise || top:
            writer.beginArray()
            for element in elements { write(element, piecewise: piecewise, top: false, to: &writer) }
            writer.endArray()
        case .string(let text) where piecewise: writer.string(text)
        case .int(let number) where piecewise: writer.int(number)
        case .double(let number) where piecewise: writer.double(number)
        case .bool(let flag) where piecewise: writer.bool(flag)
        case .null where piecewise: writer.null()
        default: writer.value(value)
        }
    }

    static func randomValue(depth: Int, _ generator: inout SeededGenerator) -> JSONValue {
        let pick = generator.next() % (depth > 3 ? 5 : 7)
        switch pick {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2: return .int(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 60))
        case 3: return .double(Double(Int64(generator.next() % 20_000) - 10_000) / 8)
        case 4:
            let alphabet = ["a", "é", "\"", "\\", "\n", "\u{1}", "😀", " ", "z"]
            return .string((0..<Int(generator.next() % 6)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined())
        case 5:
            return .array((0..<Int(generator.next() % 4)).map { _ in randomValue(depth: depth + 1, &generator) })
        default:
            let count = Int(generator.next() % 4)
            return .object(JSONObject((0..<count).map { (key: "k\($0)", value: randomValue(depth: depth + 1, &generator)) }))
        }
    }
}
