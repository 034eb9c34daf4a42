import Foundation

/// `file:` URIs and the paths they name. Other schemes (`untitled:`, …) name no file: such a
/// document is in no rule set.
package enum DocumentURI {
    /// The absolute, standardized path of a `file:` URI (percent escapes decoded), or nil.
    package static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        // `file://host/path`: only the local host (empty or `localhost`) names a file here.
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/"), let decoded = String(rest).removingPercentEncoding else { return nil }
        return standardized(decoded)
    }

    /// The `file:` URI of an absolute path, escaping what a URI path cannot hold.
    package static func uri(of path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";?#[]@!$&'()*+,=")
        return "file://" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }

    /// `/a/./b/../c` → `/a/c`, so that a file has one path however it was reached.
    package static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
