import JSON

/// An event left out under `BadEvents.skip`: its place in the file's `events`, the value as
/// written (written back by `--write-state`), and why it could not be read.
public struct SkippedEvent: Sendable, Hashable {
    /// Index in the file's `events` array.
    public var index: Int
    public var written: JSONValue
    public var error: StateFileError

    public init(index: Int, written: JSONValue, error: StateFileError) {
        self.index = index
        self.written = written
        self.error = error
    }
}
