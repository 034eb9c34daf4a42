/// A set of code points: sorted ranges plus Unicode general categories (`\pL`), possibly
/// negated; under `(?i)` a code point also matches through its simple case variants.
struct CELRegexCharacterClass: Sendable {
    /// Sorted, non-overlapping ranges of scalar values.
    private(set) var ranges: [ClosedRange<UInt32>] = []
    /// General categories, each possibly negated (`\PL` inside brackets).
    private(set) var categories: [(set: Set<Unicode.GeneralCategory>, negated: Bool)] = []
    var negated = false
    var foldsCase = false

    static let maxScalar: UInt32 = 0x10FFFF

    mutating func add(_ range: ClosedRange<UInt32>) {
        ranges.append(range)
    }

    mutating func add(_ other: CELRegexCharacterClass) {
        if other.negated {
            var complement = other
            complement.negated = false
            complement.normalize()
            ranges += complement.complementRanges
            categories += complement.categories.map { ($0.set, !$0.negated) }
        } else {
            ranges += other.ranges
            categories += other.categories
        }
    }

    mutating func add(categories set: Set<Unicode.GeneralCategory>, negated: Bool) {
        categories.append((set, negated))
    }

    /// Sorts and merges the ranges (call once the class is complete).
    mutating func normalize() {
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
    }

    /// The ranges of code points not in `ranges` (which must be normalized).
    private var complementRanges: [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound == Self.maxScalar ? Self.maxScalar + 1 : range.upperBound + 1
        }
        if next <= Self.maxScalar { result.append(next...Self.maxScalar) }
        return result
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        var found = directlyContains(scalar)
        if !found, foldsCase {
            found = CELRegexCaseFolding.variants(of: scalar).contains { $0 != scalar && directlyContains($0) }
        }
        return found != negated
    }

    private func directlyContains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        guard !categories.isEmpty else { return false }
        let category = scalar.properties.generalCategory
        return categories.contains { $0.set.contains(category) != $0.negated }
    }
}
