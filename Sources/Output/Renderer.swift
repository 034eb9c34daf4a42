/// Every renderer has one shape: made with what it needs to know besides its subject (the rule
/// set, the sources, a bar width), then `render(_:)` turns one subject into the text to print.
package protocol Renderer: Sendable {
    associatedtype Subject
    func render(_ subject: Subject) -> String
}
