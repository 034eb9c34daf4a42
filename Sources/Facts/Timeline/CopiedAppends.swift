/// In debug builds, counts the appends that copied their array although its buffer had room:
/// another reference shared the buffer, so the append copied the whole history instead of
/// adding one element. A session step must append in place (docs/engine.md, "Cost"); tests read
/// the count to prove it. Release builds count nothing and append as usual.
package struct CopiedAppends: Sendable {
    /// The appends that copied a shared buffer (always 0 in release builds).
    package private(set) var count = 0

    package init() {}

    /// Appends `element` to `array`, counting the append when it copied a buffer with room.
    @inline(__always)
    package mutating func append<Element>(_ element: Element, to array: inout [Element]) {
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
