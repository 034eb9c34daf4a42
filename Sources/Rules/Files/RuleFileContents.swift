import YAMLSource

/// Where the rule loader reads a file's text: the disk, or an editor's open buffers over it.
/// An open buffer replaces the file at its path, saved or not (`rulecheck lsp`); every other
/// file is read from the disk as `validate` reads it, so both go through one code path.
package struct RuleFileContents: Sendable {
    /// Path (as the collector writes it) → the text that stands for the file.
    package var buffers: [String: String]

    package init(buffers: [String: String] = [:]) {
        self.buffers = buffers
    }

    /// The files on the disk, nothing over them.
    package static let disk = RuleFileContents()

    /// The file at `path`, from its buffer when one is open, else from the disk.
    func load(path: String) -> YAMLLoadResult {
        guard let text = buffers[path] else { return YAMLLoader.load(path: path) }
        return YAMLLoader.load(text: text, file: path)
    }

    /// As `YAMLLoader.load(path:skippingWhen:scanningUntil:)`, from the buffer when one is open.
    func load(path: String, skippingWhen skip: ([String]) -> Bool,
              scanningUntil stop: (String) -> Bool) -> YAMLLoadResult? {
        guard let text = buffers[path] else {
            return YAMLLoader.load(path: path, skippingWhen: skip, scanningUntil: stop)
        }
        if let keys = YAMLLoader.topLevelKeys(text: text, stoppingAt: stop), skip(keys) { return nil }
        return YAMLLoader.load(text: text, file: path)
    }
}
