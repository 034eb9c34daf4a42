// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// A signed span of time with nanosecond precision (±10,000 years).
public struct CELDuration: Sendable, Hashable, Comparable {
    public var seconds: Int64
    public var nanos: Int32
    public init(seconds: Int64, nanos: Int32 = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }
    public static func < (a: CELDuration, b: CELDuration) -> Bool { (a.seconds, a.nanos) < (b.seconds, b.nanos) }
}
