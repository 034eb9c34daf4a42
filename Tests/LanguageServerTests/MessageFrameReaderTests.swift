import LanguageServer
import Testing

@Suite struct MessageFrameReaderTests {
    static func frame(_ body: String, header: String? = nil) -> [UInt8] {
        Array((header ?? "Content-Length: \(body.utf8.count)\r\n\r\n").utf8) + Array(body.utf8)
    }

    @Test func aMessageSplitAcrossReadsComesOutWhole() {
        var reader = MessageFrameReader()
        let bytes = Self.frame(#"{"a":"专注"}"#)
        for byte in bytes.dropLast() {
            reader.append([byte])
            #expect(reader.next() == nil)
        }
        reader.append([bytes.last ?? 0])
        #expect(reader.next() == .message(Array(#"{"a":"专注"}"#.utf8)))
        #expect(reader.next() == nil)
    }

    @Test func twoMessagesInOneReadComeOutInOrder() {
        var reader = MessageFrameReader()
        reader.append(Self.frame("[1]") + Self.frame("[2]", header: "content-length: 3\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"))
        #expect(reader.next() == .message(Array("[1]".utf8)))
        #expect(reader.next() == .message(Array("[2]".utf8)))
        #expect(reader.next() == nil)
    }

    @Test(arguments: ["Content-Length: x\r\n\r\n", "Content-Type: text\r\n\r\n", "no colon\r\n\r\n", "Content-Length: -4\r\n\r\n"])
    func aHeaderWithoutALengthIsMalformedAndTheNextMessageStillComes(header: String) {
        var reader = MessageFrameReader()
        reader.append(Array(header.utf8) + Self.frame("{}"))
        guard case .malformed? = reader.next() else {
            Issue.record("expected a malformed frame")
            return
        }
        #expect(reader.next() == .message(Array("{}".utf8)))
    }

    @Test func aBodyOverTheLimitIsSkippedAsItArrives() {
        var reader = MessageFrameReader(maximumLength: 10)
        let big = String(repeating: "x", count: 25)
        reader.append(Array("Content-Length: 25\r\n\r\n".utf8) + Array(big.utf8.prefix(5)))
        guard case .malformed? = reader.next() else {
            Issue.record("expected a malformed frame")
            return
        }
        reader.append(Array(big.utf8.dropFirst(5)) + Self.frame("[3]"))
        #expect(reader.next() == .message(Array("[3]".utf8)))
    }
}
