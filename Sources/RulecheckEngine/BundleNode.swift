import Facts
import JSON

/// One value of a rule bundle with its JSON path: typed reads that fail with a
/// `RuleBundleError` naming the path.
struct BundleNode {
    let value: JSONValue
    let path: JSONPath
    let file: String

    func error(_ message: String) -> RuleBundleError {
        RuleBundleError(file: file, path: path, message: message)
    }

    /// A required key of an object.
    func field(_ key: String) throws(RuleBundleError) -> BundleNode {
        guard let node = try optional(key) else { throw error("missing '\(key)'") }
        return node
    }

    /// An optional key of an object (absent or `null`: `nil`).
    func optional(_ key: String) throws(RuleBundleError) -> BundleNode? {
        guard case .object(let object) = value else { throw error("expected an object") }
        guard let child = object[key], child != .null else { return nil }
        return BundleNode(value: child, path: path / key, file: file)
    }

    func string() throws(RuleBundleError) -> String {
        guard case .string(let text) = value else { throw error("expected a string") }
        return text
    }

    func int() throws(RuleBundleError) -> Int {
        guard case .int(let number) = value.resolved, let int = Int(exactly: number) else { throw error("expected an integer") }
        return int
    }

    func number() throws(RuleBundleError) -> Double {
        guard let number = value.numberValue else { throw error("expected a number") }
        return number
    }

    func bool() throws(RuleBundleError) -> Bool {
        guard case .bool(let flag) = value else { throw error("expected true or false") }
        return flag
    }

    func array() throws(RuleBundleError) -> [BundleNode] {
        guard case .array(let elements) = value else { throw error("expected an array") }
        return elements.enumerated().map { BundleNode(value: $1, path: path / $0, file: file) }
    }

    func strings() throws(RuleBundleError) -> [String] {
        var strings: [String] = []
        for element in try array() { strings.append(try element.string()) }
        return strings
    }

    /// An array of objects decoded one by one.
    func map<T>(_ body: (BundleNode) throws(RuleBundleError) -> T) throws(RuleBundleError) -> [T] {
        var results: [T] = []
        for element in try array() { results.append(try body(element)) }
        return results
    }
}
