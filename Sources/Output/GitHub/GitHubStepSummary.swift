#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The job summary of GitHub Actions: markdown appended to the file named by
/// `$GITHUB_STEP_SUMMARY`, which the run's page shows. Every `--format github` run appends one
/// section (`validate`, `test`, `diff`); the markdown of each comes from the extensions beside
/// this file. Appending, not writing: the steps of a job share the file.
package struct GitHubStepSummary: Sendable {
    package static let variable = "GITHUB_STEP_SUMMARY"

    /// The file to append to.
    package var path: String

    /// The summary file of this run, or `nil` outside GitHub Actions (the variable unset or empty).
    package init?(environment: [String: String]) {
        guard let path = environment[Self.variable], !path.isEmpty else { return nil }
        self.path = path
    }

    package init(path: String) {
        self.path = path
    }

    /// A summary file that cannot be opened or written.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot append the job summary to \(path) ($\(GitHubStepSummary.variable)): \(reason)" }
    }

    /// Appends `markdown`, ending it with an empty line so the next step's section stands apart.
    /// One `write` of the whole section where the system allows, so no step interleaves with it.
    package func append(_ markdown: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let bytes = Array((markdown.hasSuffix("\n") ? markdown : markdown + "\n").utf8) + [UInt8(ascii: "\n")]
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
            written += result
        }
    }

    /// `text` made safe inside a markdown table cell or list item: no line breaks, no cell
    /// separators, no HTML.
    package static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r", "\r\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` as inline code, with a fence longer than any run of backticks inside it.
    package static func code(_ text: String) -> String {
        var flat = "", longest = 0, run = 0
        for character in text {
            switch character {
            case "\n", "\r", "\r\n": flat += " "
            case "|": flat += "\\|"
            default: flat.append(character)
            }
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        return fence + (longest > 0 ? " \(flat) " : flat) + fence
    }
}
