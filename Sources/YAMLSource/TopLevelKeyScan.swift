import CYAML

/// The top-level keys of one YAML file, read from libyaml's events without building its tree:
/// enough for a loader to tell what kind of rule file it is (a file of rule tests, say) at a
/// third of the cost of loading it.
///
/// The scan answers only for a file that is one document whose root is a mapping of scalar keys
/// and that libyaml parses to its end, or up to the key it was asked to stop at; anything else
/// gives nil, so that the caller loads the file whole and the loader reports what is wrong.
struct TopLevelKeyScan {
    let bytes: [UInt8]
    /// Deeper nesting gives nil: the loader rejects it with its own bound.
    var maxDepth = DocumentBuilder.Limits().maxDepth

    /// The keys in order, up to and including the first for which `stop` is true (the rest of
    /// the file is then not read), or all of them.
    func keys(stoppingAt stop: (String) -> Bool) -> [String]? {
        guard !bytes.isEmpty else { return nil }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else { return nil }
        defer { yaml_parser_delete(parser) }

        // The same input the loader parses, so that both see the same structure.
        let shield = YAML11BreakShield(bytes: bytes)
        return shield.input.withUnsafeBufferPointer { buffer -> [String]? in
            guard let base = buffer.baseAddress else { return nil }
            yaml_parser_set_input_string(parser, base, buffer.count)
            var state = State()
            var keys: [String] = []
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(parser, &event) != 0 else { return nil }
                let step = state.take(event, maxDepth: maxDepth)
                yaml_event_delete(&event)
                switch step {
                case .next: continue
                case .key(let text):
                    let key = shield.restore(text) ?? text
                    keys.append(key)
                    if stop(key) { return keys }
                case .done: return state.documents == 1 ? keys : nil
                case .unsure: return nil
                }
            }
        }
    }

    private enum Step {
        case next, key(String), done, unsure
    }

    /// Where the scan is: collections open, and whether the root mapping's next node is a key.
    private struct State {
        var documents = 0
        var depth = 0
        var expectsKey = false

        mutating func take(_ event: yaml_event_t, maxDepth: Int) -> Step {
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return .done
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                return documents > 1 ? .unsure : .next
            case YAML_SCALAR_EVENT:
                guard depth > 0 else { return .unsure }
                guard depth == 1 else { return .next }
                let isKey = expectsKey
                expectsKey = !isKey
                guard isKey else { return .next }
                let scalar = event.data.scalar
                guard let value = scalar.value else { return .unsure }
                return .key(String(decoding: UnsafeBufferPointer(start: value, count: Int(scalar.length)), as: UTF8.self))
            case YAML_ALIAS_EVENT:
                return node(isCollection: false, maxDepth: maxDepth)
            case YAML_SEQUENCE_START_EVENT:
                guard depth > 0 else { return .unsure }
                return node(isCollection: true, maxDepth: maxDepth)
            case YAML_MAPPING_START_EVENT:
                if depth == 0 {
                    depth = 1
                    expectsKey = true
                    return .next
                }
                return node(isCollection: true, maxDepth: maxDepth)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                depth -= 1
                return .next
            default:
                return .next
            }
        }

        /// A node other than a scalar: never a key of the root mapping.
        private mutating func node(isCollection: Bool, maxDepth: Int) -> Step {
            guard depth > 0 else { return .unsure }
            if depth == 1 {
                guard !expectsKey else { return .unsure }
                expectsKey = true
            }
            if isCollection {
                depth += 1
                if depth > maxDepth { return .unsure }
            }
            return .next
        }
    }
}
