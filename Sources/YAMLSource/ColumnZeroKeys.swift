/// The top-level keys of a YAML file read from the starts of its lines alone, for a file whose
/// every line that starts at column 0 is blank, a comment, or a plain `key:` whose key the
/// caller accepts: in such a file the root is a block mapping and those lines are its keys.
///
/// It answers a loader that only needs to know whether a file holds nothing but keys it skips
/// (rule tests, say) without having libyaml parse the whole file: the lines are read up to the
/// first key the caller stops at (a key such a file cannot have); anything else on a line at
/// column 0 before it (a quoted or complex key, a document marker, a directive, a flow
/// collection, a tab) gives nil, and the caller scans with libyaml.
package struct ColumnZeroKeys {
    let bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The keys in order, up to and including the first for which `stop` is true, or all of
    /// them; nil when a line at column 0 before that is anything but a plain key, a comment or
    /// blank, or when there is no key.
    package func keys(stoppingAt stop: (String) -> Bool) -> [String]? {
        bytes.withUnsafeBufferPointer { buffer -> [String]? in
            var keys: [String] = []
            var start = 0
            let end = buffer.count
            while start < end {
                var lineEnd = start
                while lineEnd < end, buffer[lineEnd] != UInt8(ascii: "\n"), buffer[lineEnd] != UInt8(ascii: "\r") {
                    lineEnd += 1
                }
                switch Self.line(buffer, from: start, to: lineEnd) {
                case .nothing: break
                case .indented:
                    // Content before the first key would make the root something else.
                    guard !keys.isEmpty else { return nil }
                case .key(let key):
                    keys.append(key)
                    if stop(key) { return keys }
                case .other: return nil
                }
                start = lineEnd + 1
            }
            return keys.isEmpty ? nil : keys
        }
    }

    private enum Line {
        case nothing, indented, key(String), other
    }

    /// What one line (without its break) says at column 0.
    private static func line(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Line {
        guard start < end else { return .nothing }
        switch buffer[start] {
        case UInt8(ascii: "#"):
            return .nothing
        case UInt8(ascii: " "):
            // Part of the value above (or blank): only what starts at column 0 is a root key.
            return .indented
        default:
            break
        }
        var index = start
        while index < end, isKeyByte(buffer[index]) { index += 1 }
        guard index > start, index < end, buffer[index] == UInt8(ascii: ":") else { return .other }
        let after = index + 1
        guard after == end || buffer[after] == UInt8(ascii: " ") else { return .other }
        return .key(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self))
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
