/// A growable run of bytes with one owner (not copyable), appended to without the checks an
/// `Array` makes at every append (a shared buffer, its growth policy): what `JSONStreamWriter`
/// writes into, a few bytes at a time, thousands of times per decision.
struct ByteRun: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes so far, as an array (a copy).
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    var isEmpty: Bool { count == 0 }

    /// The last byte; the run must not be empty (a writer that closes more than it opened:
    /// a trap, as `Array` traps, never a read outside the buffer).
    var last: UInt8 {
        get {
            precondition(count > 0, "ByteRun: no last byte")
            return base[count - 1]
        }
        set {
            precondition(count > 0, "ByteRun: no last byte")
            base[count - 1] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    mutating func append(repeating byte: UInt8, count extra: Int) {
        guard extra > 0 else { return }
        if count + extra > capacity { grow(toHold: count + extra) }
        (base + count).update(repeating: byte, count: extra)
        count += extra
    }

    /// Removes and returns the last byte; the run must not be empty.
    mutating func removeLast() -> UInt8 {
        precondition(count > 0, "ByteRun: nothing to remove")
        count -= 1
        return base[count]
    }

    private mutating func grow(toHold needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
