import Diagnostics

/// The raw UTF-8 bytes of one file with the byte offset where each line starts.
///
/// Line breaks are YAML 1.2's (`\n`, `\r\n`, `\r`), the ones editors show. NEL, LS and PS are
/// ordinary characters; libyaml (YAML 1.1) would count them as breaks, so it never sees them
/// (`YAML11BreakShield`) and its marks agree with these lines. Columns count Unicode scalars,
/// like libyaml's.
struct SourceLines: Sendable {
    let bytes: [UInt8]
    /// `lineStarts[i]` is the byte offset of line i (0-based). A leading BOM is skipped, as libyaml does.
    let lineStarts: [Int]
    /// When every byte is ASCII, a column is a byte count and no decoding is needed.
    let isASCII: Bool

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count / 24 + 1)
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        starts.append(bom ? 3 : 0)
        var ascii = true
        bytes.withUnsafeBufferPointer { bytes in
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b < 0x80 {
                    if b == 0x0A {
                        starts.append(i + 1)
                    } else if b == 0x0D {
                        if i + 1 < n && bytes[i + 1] == 0x0A { i += 1 }
                        starts.append(i + 1)
                    }
                    i += 1
                    continue
                }
                ascii = false
                i += 1
            }
        }
        self.lineStarts = starts
        self.isASCII = ascii
    }

    /// Width in bytes of the line break at `i`, or 0 when there is none. CRLF counts as one break.
    static func breakWidth(_ bytes: [UInt8], at i: Int) -> Int {
        guard i < bytes.count else { return 0 }
        switch bytes[i] {
        case 0x0A: return 1
        case 0x0D: return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        default: return 0
        }
    }

    var lineCount: Int { lineStarts.count }

    /// Byte offset just past the content of 0-based line `index` (before its line break).
    func contentEnd(ofLine index: Int) -> Int {
        guard index + 1 < lineStarts.count else { return bytes.count }
        let end = lineStarts[index + 1]
        // Step back over the break that ends this line.
        if end >= 2 && bytes[end - 2] == 0x0D && bytes[end - 1] == 0x0A { return end - 2 }
        return end - 1
    }

    /// The text of 1-based line `number`, without its line break.
    func line(_ number: Int) -> String? {
        let index = number - 1
        guard index >= 0 && index < lineStarts.count else { return nil }
        let start = lineStarts[index], end = contentEnd(ofLine: index)
        guard start <= end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Byte offset of a 0-based (line, column) mark, the column counted in Unicode scalars.
    /// Clamped to the line's content so a bad mark never indexes out of range.
    func offset(line: Int, column: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let start = lineStarts[line]
        let end = contentEnd(ofLine: line)
        if isASCII { return min(start + max(column, 0), max(end, start)) }
        var i = start, remaining = column
        while remaining > 0 && i < end {
            i += SourceLines.scalarWidth(bytes[i])
            remaining -= 1
        }
        return min(i, bytes.count)
    }

    /// Byte length of the UTF-8 sequence whose lead byte is `lead` (1 for stray continuation bytes).
    static func scalarWidth(_ lead: UInt8) -> Int {
        if lead < 0xC0 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }

    /// 1-based position of byte offset `offset` (which should start a scalar).
    func position(ofOffset offset: Int) -> SourcePosition {
        let target = min(max(offset, 0), bytes.count)
        // Binary search for the last line starting at or before `target`.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= target { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        var column = 0
        if isASCII {
            column = max(target - start, 0)
        } else {
            var i = start
            while i < target {
                i += SourceLines.scalarWidth(bytes[i])
                column += 1
            }
        }
        return SourcePosition(line: low + 1, column: column + 1)
    }
}

extension SourceLines {
    /// The position just past the last byte.
    var endPosition: SourcePosition { position(ofOffset: bytes.count) }

    /// The 1-based position of a libyaml mark. libyaml puts the end of a stream that lacks a
    /// final line break on a line of its own; such marks become the end of the file.
    func position(line: Int, column: Int) -> SourcePosition {
        guard line >= 0, line < lineStarts.count else { return endPosition }
        return SourcePosition(line: line + 1, column: max(column, 0) + 1)
    }
}
