/// Why `--write-state` could not write its file.
package struct StateWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    package var path: String
    package var message: String
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    package var description: String { "\(path): \(message)" }
}
