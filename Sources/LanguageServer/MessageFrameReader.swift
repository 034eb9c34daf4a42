/// Cuts a byte stream into LSP messages: `Content-Length: N` headers, a blank line, N bytes.
///
/// Bytes are appended as they arrive; `next()` hands out each complete message's body. A header
/// block without a usable length is a malformed frame, reported once and skipped up to its blank
/// line, so one bad message never stalls the ones after it. A body over `maximumLength` is
/// skipped as it arrives, never held.
package struct MessageFrameReader: Sendable {
    /// What the next frame of the stream is.
    package enum Frame: Sendable, Equatable {
        case message([UInt8])
        /// A frame that cannot be read, with the reason; the stream goes on after it.
        case malformed(String)
    }

    /// Rule files are at most 10 MiB; a message carrying one, JSON-escaped, stays well under this.
    package static let defaultMaximumLength = 64 * 1024 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an oversized body still to be dropped as they arrive.
    private var skipping = 0
    private let maximumLength: Int

    package init(maximumLength: Int = defaultMaximumLength) {
        self.maximumLength = maximumLength
    }

    package mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Whether a complete frame may be waiting (bytes beyond what was handed out).
    package var hasBufferedBytes: Bool { start < buffer.count }

    /// The next complete frame, or nil when more bytes are needed.
    package mutating func next() -> Frame? {
        defer { compact() }
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            start += dropped
            skipping -= dropped
            if skipping > 0 { return nil }
        }
        guard let headerEnd = headerTerminator() else { return nil }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        let bodyStart = headerEnd + 4
        guard let length = Self.contentLength(header) else {
            start = bodyStart
            return .malformed("a message header without a valid Content-Length")
        }
        if length > maximumLength {
            let dropped = min(length, buffer.count - bodyStart)
            start = bodyStart + dropped
            skipping = length - dropped
            return .malformed("a message of \(length) bytes, over the limit of \(maximumLength)")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        return .message(body)
    }

    /// The offset of the `\r\n\r\n` that ends the header block at `start`.
    private func headerTerminator() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The value of the `Content-Length` header (names compare without case; other headers,
    /// such as `Content-Type`, are ignored).
    static func contentLength(_ header: String) -> Int? {
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingSpaces.lowercased()
            if name == "content-length" {
                guard let value = Int(line[line.index(after: colon)...].trimmingSpaces), value >= 0 else { return nil }
                length = value
            }
        }
        return length
    }

    /// Drops the bytes already handed out once they are most of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start > 4096, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
