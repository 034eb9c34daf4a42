/// The value slots of one evaluation (variables first, then comprehension locals): the one place
/// where CEL values are copied bit by bit, without reference counting, because that saves two
/// atomic operations per variable per evaluation and per element per iteration, on the path
/// every evaluation takes (`rulecheck-bench cel` shows the difference).
///
/// The ownership rule: a slot is **owned** (it holds a retained value, released when overwritten
/// or when the evaluation ends) or **borrowed** (it holds a bitwise copy of a value that something
/// else keeps alive while the slot holds it: the activation, for a variable; the list being
/// iterated, for a comprehension's element). A borrowed slot is only read (a read copies and
/// retains as usual) and is left by `forget` (or, for a variable, `finish`), which drops the copy
/// without a release. Only `bindVariable`, `borrow`, `reborrow`, `forget` and `finish` make, move
/// or leave borrowed slots. Debug builds keep the kind of every slot and trap on a write into a
/// borrowed slot, a slot borrowed twice, an index out of range, or a borrowed slot other than a
/// variable still held when the evaluation ends (after swift-nio's `ByteBuffer`, which fences
/// its unsafe storage the same way).
struct CELSlots {
    private let base: UnsafeMutablePointer<CELValue>
    let count: Int
    /// Slots `0..<variables` hold the program's variables.
    let variables: Int
    #if DEBUG
    private let borrowed: UnsafeMutablePointer<Bool>
    #endif

    /// `count` slots at `base` (uninitialized memory the caller allocated). The first
    /// `variables` are for the program's variables: each must be bound with `bindVariable` before
    /// anything reads it, and stays borrowed until `finish()`. The others start owned and null.
    @inline(__always)
    init(base: UnsafeMutablePointer<CELValue>, count: Int, variables: Int) {
        self.base = base
        self.count = count
        self.variables = variables
        // Most programs have no comprehension, hence no locals: skip the runtime calls then.
        if count > variables { (base + variables).initialize(repeating: .null, count: count - variables) }
        #if DEBUG
        borrowed = .allocate(capacity: Swift.max(count, 1))
        borrowed.initialize(repeating: false, count: count)
        #endif
    }

    /// Binds variable slot `i` (not yet initialized) to a bitwise copy of the value at `source`,
    /// which the caller keeps alive until `finish()`.
    @inline(__always)
    func bindVariable(_ i: Int, from source: UnsafeRawPointer) {
        assert(i >= 0 && i < variables, "CELSlots: slot \(i) is not a variable slot")
        #if DEBUG
        assert(!borrowed[i], "CELSlots: variable slot \(i) bound twice")
        borrowed[i] = true
        #endif
        UnsafeMutableRawPointer(base + i).copyMemory(from: source, byteCount: MemoryLayout<CELValue>.size)
    }

    /// Ends the evaluation: the variable slots' copies are dropped without a release, the other
    /// slots release what they own; none of those may still be borrowed.
    @inline(__always)
    func finish() {
        #if DEBUG
        for i in variables..<count { assert(!borrowed[i], "CELSlots: slot \(i) is still borrowed at the end") }
        borrowed.deallocate()
        #endif
        if count > variables { (base + variables).deinitialize(count: count - variables) }
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
    @inline(__always)
    func address(_ i: Int) -> UnsafePointer<CELValue> {
        assert(i >= 0 && i < count, "CELSlots: slot \(i) out of 0..<\(count)")
        return UnsafePointer(base + i)
    }

    /// Makes owned slot `i` borrow the value at `source` (releasing what it owned), which the
    /// caller keeps alive until `forget(i)`.
    @inline(__always)
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
    @inline(__always)
    func forget(_ i: Int) {
        assert(i >= 0 && i < count, "CELSlots: slot \(i) out of 0..<\(count)")
        #if DEBUG
        assert(borrowed[i], "CELSlots: slot \(i) is not borrowed")
        borrowed[i] = false
        #endif
        UnsafeMutableRawPointer(base + i).initializeMemory(as: CELValue.self, to: .null)
    }

    /// Makes borrowed slot `i` borrow the value at `source` instead (the next element of the
    /// list it iterates), dropping the previous copy without a release.
    @inline(__always)
    func reborrow(_ i: Int, from source: UnsafeRawPointer) {
        assert(i >= 0 && i < count, "CELSlots: slot \(i) out of 0..<\(count)")
        #if DEBUG
        assert(borrowed[i], "CELSlots: slot \(i) is not borrowed")
        #endif
        UnsafeMutableRawPointer(base + i).copyMemory(from: source, byteCount: MemoryLayout<CELValue>.size)
    }
}
