import Facts

extension StateFile {
    /// Reads JSON, or YAML when the name ends in `.yaml` / `.yml`.
    package static func load(path: String, badEvents: BadEvents = .reject) throws(StateFileError) -> StateFile {
        let bytes = try StateFileBytes.read(path: path)
        let lowered = path.lowercased()
        if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") {
            return try decode(try StateFileYAML.document(bytes: bytes, file: path), file: path, badEvents: badEvents)
        }
        return try parse(json: bytes, file: path, badEvents: badEvents)
    }

    /// Parses and validates YAML text (same structure as JSON).
    package static func parse(yaml text: String, file: String = "", badEvents: BadEvents = .reject) throws(StateFileError) -> StateFile {
        try decode(try StateFileYAML.document(bytes: Array(text.utf8), file: file), file: file, badEvents: badEvents)
    }
}
