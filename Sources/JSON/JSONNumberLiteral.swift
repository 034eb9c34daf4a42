/// A JSON number kept as written, for numbers that `JSONWriter` would write differently: a
/// whole number beyond `Int64`, more digits than a `Double` holds, an exponent, `-0`. Writing the
/// state back gives the same text (docs/evaluation.md, "--write-state").
public struct JSONNumberLiteral: Sendable, Hashable {
    /// The number's text in the file, valid JSON.
    public let text: String
    /// The integer it stands for, when written without fraction or exponent and within `Int64`.
    public let integer: Int64?
    /// The nearest double otherwise.
    public let double: Double

    public init(text: String, integer: Int64?, double: Double) {
        self.text = text
        self.integer = integer
        self.double = double
    }

    /// What it stands for: `.int` or `.double`.
    public var value: JSONValue {
        if let integer { return .int(integer) }
        return .double(double)
    }
}
