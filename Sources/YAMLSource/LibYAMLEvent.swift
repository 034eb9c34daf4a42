import CYAML

/// One libyaml parser event, copied out of C memory. Marks are libyaml's: 0-based line and
/// column (the column counted in Unicode characters).
struct LibYAMLEvent {
    struct Mark: Equatable {
        /// Characters from the start of the stream.
        var index: Int
        var line: Int
        var column: Int
    }

    enum Kind {
        case streamStart, streamEnd
        case documentStart, documentEnd
        case alias(name: String)
        case scalar(text: String, style: ScalarStyle)
        case sequenceStart(flow: Bool), sequenceEnd
        case mappingStart(flow: Bool), mappingEnd
    }

    var kind: Kind
    var anchor: String?
    var tag: String?
    var start: Mark
    var end: Mark

    /// Copies a C event; the caller still owns and deletes it.
    init(_ event: yaml_event_t) {
        start = Mark(index: Int(event.start_mark.index), line: Int(event.start_mark.line), column: Int(event.start_mark.column))
        end = Mark(index: Int(event.end_mark.index), line: Int(event.end_mark.line), column: Int(event.end_mark.column))
        switch event.type {
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_DOCUMENT_START_EVENT: kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_ALIAS_EVENT:
            kind = .alias(name: LibYAMLEvent.string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text = s.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(s.length)), as: UTF8.self)
            } ?? ""
            kind = .scalar(text: text, style: LibYAMLEvent.style(s.style))
            anchor = LibYAMLEvent.string(s.anchor)
            tag = LibYAMLEvent.shorthand(LibYAMLEvent.string(s.tag))
        case YAML_SEQUENCE_START_EVENT:
            let s = event.data.sequence_start
            kind = .sequenceStart(flow: s.style == YAML_FLOW_SEQUENCE_STYLE)
            anchor = LibYAMLEvent.string(s.anchor)
            tag = LibYAMLEvent.shorthand(LibYAMLEvent.string(s.tag))
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let m = event.data.mapping_start
            kind = .mappingStart(flow: m.style == YAML_FLOW_MAPPING_STYLE)
            anchor = LibYAMLEvent.string(m.anchor)
            tag = LibYAMLEvent.shorthand(LibYAMLEvent.string(m.tag))
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd
        default: kind = .streamEnd
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    /// libyaml expands `!!x` to `tag:yaml.org,2002:x`; people wrote `!!x`, so show that.
    private static func shorthand(_ tag: String?) -> String? {
        guard let tag else { return nil }
        let prefix = "tag:yaml.org,2002:"
        if tag.hasPrefix(prefix) { return "!!" + tag.dropFirst(prefix.count) }
        return tag
    }
}
