import Foundation
import JSON
import LanguageServer
import Testing
import TestSupport

/// Conversations with the server, as files under Transcripts/: each step sends one message (or
/// raw bytes through the framing) and lists messages the server must send back, in order; an
/// expected message matches when every key it names has the value it gives (objects compared
/// key by key, arrays element by element, everything else exactly; `{"$contains": [...]}` is an
/// array that holds a match of each). `$ROOT` is the repository, `$FILE(path)` a file's text.
@Suite struct TranscriptTests {
    static let folder = Repository.root.appendingPathComponent("Tests/LanguageServerTests/Transcripts")

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func thereAreTranscripts() {
        #expect(Self.names.count >= 4)
    }

    @Test(arguments: names)
    func transcript(_ name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let steps = try #require(try JSONParser.parse(Self.substituted(text)).objectValue?["steps"]?.arrayValue)
        var server = LanguageServer()
        var reader = MessageFrameReader()
        for (index, step) in steps.enumerated() {
            let bytes: [UInt8]
            if let raw = step.objectValue?["raw"]?.stringValue {
                bytes = Array(raw.utf8)
            } else {
                bytes = MessageFrame.encode(try #require(step.objectValue?["send"]))
            }
            reader.append(bytes)
            var frames: [MessageFrameReader.Frame] = []
            while let frame = reader.next() { frames.append(frame) }
            var received = server.receive(frames)
            received += server.checkPending()
            let expected = step.objectValue?["receive"]?.arrayValue ?? []
            var next = 0
            for message in received where next < expected.count && Self.matches(message, expected[next]) { next += 1 }
            #expect(next == expected.count, "step \(index): no match for \(next < expected.count ? JSONWriter.write(expected[next], layout: .compact) : "")\nreceived: \(received.map { JSONWriter.write($0, layout: .compact) })")
            if let count = step.objectValue?["count"]?.wholeNumberValue { #expect(received.count == Int(count), "step \(index)") }
            if let status = step.objectValue?["exit"]?.wholeNumberValue { #expect(server.exitStatus == Int32(status)) }
        }
    }

    /// Whether `message` has every key of `expected` with its value (arrays element by element).
    static func matches(_ message: JSONValue, _ expected: JSONValue) -> Bool {
        if case .array(let want) = expected {
            guard case .array(let have) = message, have.count == want.count else { return false }
            return zip(have, want).allSatisfy { matches($0, $1) }
        }
        guard case .object(let want) = expected else { return message.resolved == expected.resolved }
        if let wanted = want["$contains"]?.arrayValue {
            guard case .array(let have) = message else { return false }
            return wanted.allSatisfy { item in have.contains { matches($0, item) } }
        }
        guard case .object(let have) = message else { return false }
        return want.entries.allSatisfy { entry in have[entry.key].map { matches($0, entry.value) } ?? false }
    }

    /// `$ROOT` and `$FILE(path)` replaced; the file's text as a JSON string's contents.
    static func substituted(_ text: String) throws -> String {
        var result = text.replacingOccurrences(of: "$ROOT", with: Repository.root.path)
        let pattern = try Regex(#"\$FILE\(([^)]+)\)"#)
        while let match = result.firstMatch(of: pattern), let path = match.output[1].substring {
            let contents = try String(contentsOfFile: String(path), encoding: .utf8)
            let quoted = JSONWriter.quoted(contents)
            result.replaceSubrange(match.range, with: quoted.dropFirst().dropLast())
        }
        return result
    }
}
