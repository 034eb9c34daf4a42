/// Where a run of ASCII bytes ends, read eight bytes at a time: rule and state files are mostly
/// ASCII, and the byte scans that look for something outside it (UTF-8 validation, YAML 1.1
/// line breaks) skip such runs at a fraction of the cost of a byte loop.
enum ASCIIRun {
    /// The offset of the first byte at or after `start` with its high bit set, or `bytes.count`.
    static func end(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var offset = start
        while offset + 8 <= bytes.count,
              bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            offset += 8
        }
        while offset < bytes.count, bytes[offset] < 0x80 { offset += 1 }
        return offset
    }
}
