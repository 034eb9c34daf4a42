/// The value slots of one evaluation (variables first, then comprehension locals): the one place
/// where CEL values are copied bit by bit, without reference counting, because that saves two
/// atomic operations per variable per evaluation and per element per iteration (measured:
/// `rulecheck-bench cel` E1–E4 take 10–30 % longer with retained copies).
///
/// The ownership rule: a slot is **owned** (it holds a retained value, released when overwritten
/// or when the evaluation ends) or **borrowed** (it holds a bitwise copy of a value that something
/// else keeps alive while the slot holds it: the activation, for a variable; the list being
/// iterated, for a comprehension's element). A borrowed slot is only read (a read copies and
/// retains as usual) and is left by `forget`, which drops the copy without a release. Only
/// `borrow`, `lend` and `forget` make or leave borrowed slots. Debug builds keep the kind of
/// every slot and trap on a write into a borrowed slot, a slot borrowed twice, an index out of
/// range, or a borrowed slot still held when the evaluation ends (after swift-nio's `ByteBuffer`,
/// which fences its unsafe storage the same way).
struct CELSlots {
    private let base: UnsafeMutablePointer<CELValue>
    let count: Int
    #if DEBUG
    private let borrowed: UnsafeMutablePointer<Bool>
    #endif

    /// Runs `body` with `count` slots, all owned and null; releases what they own afterwards.
    static func withSlots<R>(count: Int, _ body: (CELSlots) -> R) -> R {
        withUnsafeTemporaryAllocation(of: CELValue.self, capacity: Swift.max(count, 1)) { buffer in
            // A temporary allocation always has an address; `count` 0 still allocates one.
            let base = buffer.baseAddress ?? UnsafeMutablePointer<CELValue>.allocate(capacity: 1)
            base.initialize(repeating: .null, count: count)
            defer { base.deinitialize(count: count) }
            #if DEBUG
            return withUnsafeTemporaryAllocation(of: Bool.self, capacity: Swift.max(count, 1)) { flags in
                let borrowed = flags.baseAddress ?? UnsafeMutablePointer<Bool>.allocate(capacity: 1)
                borrowed.initialize(repeating: false, count: count)
                let result = body(CELSlots(base: base, count: count, borrowed: borrowed))
                for i in 0..<count { assert(!borrowed[i], "CELSlots: slot \(i) is still borrowed at the end") }
                return result
            }
            #else
            return body(CELSlots(base: base, count: count))
            #endif
        }
    }

    /// Reads copy (and retain); writes go to owned slots only.
    subscript(i: Int) -> CELValue {
        unsafeAddress {
            assert(i >= 0 && i < count, "CELSlots: slot \(i) out of 0..<\(count)")
            return UnsafePointer(base + i)
        }
        nonmutating unsafeMutableAddress {
            assert(i >= 0 && i < count, "CELSlots: slot \(i) out of 0..<\(count)")
            #if DEBUG
            assert(!borrowed[i], "CELSlots: write into borrowed slot \(i)")
            #endif
            return base + i
        }
    }

    /// Where slot `i` is, for reads that borrow its value in place (`CELFieldAccess`).
    func address(_ i: Int) -> UnsafePointer<CELValue> {
        assert(i >= 0 && i < count, "CELSlots: slot \(i) out of 0..<\(count)")
        return UnsafePointer(base + i)
    }

    /// Makes owned slot `i` (null) borrow the value at `source`, which the caller keeps alive
    /// until `forget(i)`.
    func borrow(_ i: Int, from source: UnsafeRawPointer) {
        assert(i >= 0 && i < count, "CELSlots: slot \(i) out of 0..<\(count)")
        #if DEBUG
        assert(!borrowed[i], "CELSlots: slot \(i) borrowed twice")
        borrowed[i] = true
        #endif
        (base + i).deinitialize(count: 1)
        UnsafeMutableRawPointer(base + i).copyMemory(from: source, byteCount: MemoryLayout<CELValue>.size)
    }

    /// Leaves borrowed slot `i`: null and owned again, the borrowed copy dropped without a release.
    func forget(_ i: Int) {
        assert(i >= 0 && i < count, "CELSlots: slot \(i) out of 0..<\(count)")
        #if DEBUG
        assert(borrowed[i], "CELSlots: slot \(i) is not borrowed")
        borrowed[i] = false
        #endif
        UnsafeMutableRawPointer(base + i).initializeMemory(as: CELValue.self, to: .null)
    }

    /// Runs `body` once per element of `elements` with slot `i` borrowing it, until `body` returns
    /// false; the slot is owned and null afterwards. `elements` must stay alive meanwhile.
    func lend(_ elements: UnsafeBufferPointer<CELValue>, to i: Int, _ body: (Int) -> Bool) {
        guard let first = elements.baseAddress, !elements.isEmpty else { return }
        borrow(i, from: first)
        defer { forget(i) }
        let target = UnsafeMutableRawPointer(base + i)
        for index in elements.indices {
            if index > 0 { target.copyMemory(from: first + index, byteCount: MemoryLayout<CELValue>.size) }
            if !body(index) { break }
        }
    }
}
