import Foundation

/// Lines of a file handle, read in blocks (without the newline; a last line may lack one).
struct LineReader {
    let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(handle: FileHandle) {
        self.handle = handle
    }

    mutating func next() -> [UInt8]? {
        // Bytes from `start` before `scanned` hold no newline (a long line is not scanned again
        // after each read); the scan is memchr's, several times faster than a loop over bytes.
        var scanned = start
        while true {
            if let newline = Self.newline(in: buffer, from: scanned) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            scanned = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            scanned -= start
            buffer.removeFirst(start)
            start = 0
            let data = handle.readData(ofLength: 1 << 20)
            if data.isEmpty { atEnd = true } else { buffer.append(contentsOf: data) }
        }
    }

    /// The index of the first newline in `bytes` at or after `from`.
    private static func newline(in bytes: [UInt8], from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress,
                  let found = memchr(base + from, Int32(UInt8(ascii: "\n")), buffer.count - from) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }
}
