#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry names of one folder as raw bytes (a name need not be UTF-8), sorted bytewise, or
/// the reason the folder cannot be read.
struct FolderListing {
    var names: [[UInt8]] = []
    var failure: String?

    static func names(in folder: String) -> FolderListing {
        guard let directory = opendir(folder) else {
            return FolderListing(failure: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var listing = FolderListing()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            listing.names.append(name)
        }
        listing.names.sort { $0.lexicographicallyPrecedes($1) }
        return listing
    }

    /// A name for messages: printable ASCII and valid UTF-8 as is, every other byte as `\xNN`.
    static func escaped(_ name: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < name.count {
            let width = SequenceWidth.of(name, at: index)
            if width > 0, let piece = String(validating: name[index..<index + width], as: UTF8.self) {
                text += piece
                index += width
            } else {
                let hex = String(name[index], radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                index += 1
            }
        }
        return text
    }

    /// The length of the UTF-8 sequence whose lead byte is at `index` (0 for a stray byte).
    private enum SequenceWidth {
        static func of(_ bytes: [UInt8], at index: Int) -> Int {
            let lead = bytes[index]
            let width = lead < 0x80 ? 1 : lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0
            return index + width <= bytes.count ? width : 0
        }
    }
}
