/// How the demo prints its output.
enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned text for people.
    case text
    /// One JSON document.
    case json
    /// A Mermaid `sequenceDiagram` of the lifecycle calls.
    case mermaid
}
