/// SplitMix64: a small, fast, seedable generator, so a failing random case is replayed from its seed.
/// The one generator of every randomized test and property test.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with the given probability.
    public mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

    /// One of `options`, which must not be empty.
    public mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &self)] }
}

/// `bytes` with one to four random edits (a byte replaced from `alphabet`, removed, or inserted):
/// the hostile-input and parser-equivalence tests mutate state lines alike.
public func mutated(_ bytes: [UInt8], alphabet: [UInt8], random: inout SeededGenerator) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<Int.random(in: 1...4, using: &random) {
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[position] = alphabet.randomElement(using: &random) ?? 0
        case 1: bytes.remove(at: position)
        default: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: position)
        }
    }
    return bytes
}
