import Foundation

/// The lifecycle calls as a Mermaid `sequenceDiagram`, which renders as a picture on Markdown
/// hosts: the host calls each screen's methods; hooks are notes over the screen.
enum MermaidReport {
    static func render(_ output: DemoOutput) -> String {
        var participants: [String] = []
        for transition in output.trace {
            for event in transition.events {
                if let screen = event.screen, !participants.contains(screen) {
                    participants.append(screen)
                }
            }
        }
        var lines = ["sequenceDiagram", "    participant Host"]
        lines += participants.map { "    participant \($0)" }
        for transition in output.trace {
            lines.append("    Note over Host: \(DemoFormat.time(transition.time)) s \(escape(transition.action))")
            for event in transition.events {
                switch event.kind {
                case .call:
                    lines.append("    Host->>\(event.screen ?? "Host"): \(event.name)")
                case .hook:
                    lines.append("    Note right of \(event.screen ?? "Host"): hook \(escape(event.name))")
                case .navigationBar, .statusBar, .application:
                    lines.append("    Note over Host: \(escape(event.name))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid treats `;` and `#` specially in messages.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "#", with: "")
    }
}
