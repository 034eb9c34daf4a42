/// libyaml follows YAML 1.1, where NEL (U+0085), LS (U+2028) and PS (U+2029) end a line; in YAML
/// 1.2 and in editors they are ordinary characters. A comment holding one would otherwise end
/// there and the rest of its line be read as YAML, and every line number after it be off by one.
///
/// The shield hands libyaml the file with each such character replaced by a stand-in of the same
/// UTF-8 length that the file does not contain (so byte offsets and columns stay the same), and
/// puts the original characters back into the scalars, anchors and tags libyaml returns.
struct YAML11BreakShield: Sendable {
    /// The bytes to give libyaml.
    let input: [UInt8]
    /// Stand-in → original, only for the characters the file holds.
    private let restorations: [Unicode.Scalar: Unicode.Scalar]

    init(bytes: [UInt8]) {
        guard Self.holdsYAML11Break(bytes) else {
            input = bytes
            restorations = [:]
            return
        }
        var text = String(decoding: bytes, as: UTF8.self)
        var restorations: [Unicode.Scalar: Unicode.Scalar] = [:]
        var taken = Set<Unicode.Scalar>()
        for original in ["\u{85}", "\u{2028}", "\u{2029}"] as [Unicode.Scalar] where text.unicodeScalars.contains(original) {
            guard let standIn = Self.standIn(sameLengthAs: original, absentFrom: text, avoiding: taken) else { continue }
            taken.insert(standIn)
            text = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == original ? standIn : $0 }))
            restorations[standIn] = original
        }
        input = Array(text.utf8)
        self.restorations = restorations
    }

    /// `text` from libyaml with the original characters back in place.
    func restore(_ text: String?) -> String? {
        guard let text, !restorations.isEmpty, text.unicodeScalars.contains(where: { restorations[$0] != nil }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { restorations[$0] ?? $0 }))
    }

    /// `event` with the original characters back in its text, anchor or alias name, and tag.
    func restore(_ event: LibYAMLEvent) -> LibYAMLEvent {
        guard !restorations.isEmpty else { return event }
        var event = event
        switch event.kind {
        case .scalar(let text, let style): event.kind = .scalar(text: restore(text) ?? text, style: style)
        case .alias(let name): event.kind = .alias(name: restore(name) ?? name)
        default: break
        }
        event.anchor = restore(event.anchor)
        event.tag = restore(event.tag)
        return event
    }

    /// The byte patterns of NEL (C2 85), LS (E2 80 A8) and PS (E2 80 A9).
    private static func holdsYAML11Break(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { holdsYAML11Break(in: $0) }
    }

    private static func holdsYAML11Break(in bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        while i + 1 < bytes.count {
            // Each pattern starts with a byte outside ASCII.
            i = ASCIIRun.end(in: bytes, from: i)
            guard i + 1 < bytes.count else { break }
            if bytes[i] == 0xC2 && bytes[i + 1] == 0x85 { return true }
            if bytes[i] == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) {
                return true
            }
            i += 1
        }
        return false
    }

    /// A printable character (for libyaml) of the same UTF-8 length, not in `text`: from the end
    /// of the two-byte range for NEL, from the private use area for LS and PS.
    private static func standIn(sameLengthAs original: Unicode.Scalar, absentFrom text: String,
                                avoiding taken: Set<Unicode.Scalar>) -> Unicode.Scalar? {
        let candidates: StrideThrough<UInt32> = original.value == 0x85 ? stride(from: 0x7FF, through: 0x100, by: -1)
                                                                       : stride(from: 0xF8FF, through: 0xE000, by: -1)
        let present = Set(text.unicodeScalars)
        for value in candidates {
            if let scalar = Unicode.Scalar(value), !present.contains(scalar), !taken.contains(scalar) { return scalar }
        }
        return nil
    }
}
