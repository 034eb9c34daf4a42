import CEL

/// In debug builds, counts the appends that copied their array although its buffer had room:
/// another reference shared the buffer, so the append copied the whole history instead of
/// adding one element. A session step must append in place (docs/engine.md, "Cost"); tests read
/// the count to prove it. Release builds count nothing and append as usual.
///
/// The element types other modules append (fold tables, change points) have their own
/// overloads: a generic call from another module runs unspecialized, looking up type metadata
/// at every append.
package struct CopiedAppends: Sendable {
    /// The appends that copied a shared buffer (always 0 in release builds).
    package private(set) var count = 0

    package init() {}

    package mutating func append(_ element: CELValue, to array: inout [CELValue]) { appendCounting(element, to: &array) }
    package mutating func append(_ element: Int32, to array: inout [Int32]) { appendCounting(element, to: &array) }
    package mutating func append(_ element: Int, to array: inout [Int]) { appendCounting(element, to: &array) }

    /// Appends `element` to `array`, counting the append when it copied a buffer with room.
    @inline(__always)
    package mutating func append<Element>(_ element: Element, to array: inout [Element]) {
        appendCounting(element, to: &array)
    }

    @inline(__always)
    private mutating func appendCounting<Element>(_ element: Element, to array: inout [Element]) {
        #if DEBUG
        let roomy = array.capacity > array.count
        let buffer = array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        array.append(element)
        // The old buffer is still alive when shared, so a new address means a copy.
        if roomy, array.withUnsafeBufferPointer({ UnsafeRawPointer($0.baseAddress) }) != buffer { count += 1 }
        #else
        array.append(element)
        #endif
    }
}
