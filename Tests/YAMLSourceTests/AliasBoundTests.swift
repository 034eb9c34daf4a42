import Testing
@testable import YAMLSource

/// The alias bound (docs/diagnostics-yaml.md, E108): nodes added by aliases may not exceed the
/// larger of 100,000 and 10× the nodes written; nodes written out never count against it.
@Suite struct AliasBoundTests {
    struct BoundCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var text: String
        var rejected: Bool
    }

    /// A list of `count` written scalars under `key`.
    static func filler(_ key: String, _ count: Int) -> String {
        "\(key): [" + Array(repeating: "x", count: count).joined(separator: ", ") + "]\n"
    }

    /// `a` anchors a list of `width` scalars (width + 1 nodes); `b` uses it `uses` times.
    static func aliased(width: Int, uses: Int) -> String {
        "a: &a [" + Array(repeating: "x", count: width).joined(separator: ", ") + "]\n"
            + "b: [" + Array(repeating: "*a", count: uses).joined(separator: ", ") + "]\n"
    }

    static let cases: [BoundCase] = [
        BoundCase(testDescription: "15,000 achievements in one file without any alias",
                  text: "schema: 1\nachievements:\n" + (0..<15_000).map {
                      "  - {id: a\($0), title: A \($0), points: 5, when: \"events.size() > \($0)\"}\n"
                  }.joined(),
                  rejected: false),
        BoundCase(testDescription: "aliases adding 99,099 nodes to a small file (under the 100,000 floor)",
                  text: aliased(width: 1_000, uses: 99), rejected: false),
        BoundCase(testDescription: "aliases adding 101,101 nodes to a small file",
                  text: aliased(width: 1_000, uses: 101), rejected: true),
        BoundCase(testDescription: "aliases adding 150,150 nodes to 15,200 written nodes (under 10×)",
                  text: aliased(width: 1_000, uses: 150) + filler("c", 14_000), rejected: false),
        BoundCase(testDescription: "aliases adding 200,200 nodes to 15,200 written nodes (over 10×)",
                  text: aliased(width: 1_000, uses: 200) + filler("c", 14_000), rejected: true),
    ]

    @Test(arguments: cases)
    func aliasBound(_ bound: BoundCase) {
        let result = YAMLLoader.load(text: bound.text, file: "bound.yaml")
        #expect(result.diagnostics.map(\.code) == (bound.rejected ? ["E108"] : []),
                "\(result.diagnostics.map(\.message))")
        #expect((result.document == nil) == bound.rejected)
    }
}
