import Foundation

/// The lifecycle calls as a Mermaid `sequenceDiagram`, which renders as a picture on Markdown
/// hosts: the host calls each screen's methods; hooks and observers are notes over the screen.
///
/// The scenario's title is a comment under `sequenceDiagram`. Screens are participants with generated IDs (`S1`,
/// `S2`, …) and their scenario name as alias, so no name can be read as a Mermaid keyword (`end`, `loop`, `Note`) or
/// merge with `Host`.
enum MermaidReport {
    static func render(_ output: DemoOutput) -> String {
        var identifiers: [String: String] = [:]
        // The title as a comment, which every Mermaid version ignores (a `title` line is not understood by all).
        var lines = ["sequenceDiagram", "    %% \(escape(output.scenario))", "    participant Host"]
        for transition in output.trace {
            for event in transition.events {
                if let screen = event.screen, identifiers[screen] == nil {
                    let identifier = "S\(identifiers.count + 1)"
                    identifiers[screen] = identifier
                    lines.append("    participant \(identifier) as \(escape(screen))")
                }
            }
        }
        for transition in output.trace {
            lines.append("    Note over Host: \(DemoFormat.time(transition.time)) s \(escape(transition.action))")
            for event in transition.events {
                let participant = event.screen.flatMap { identifiers[$0] } ?? "Host"
                switch event.kind {
                case .call:
                    lines.append("    Host->>\(participant): \(escape(event.name))")
                case .hook:
                    lines.append("    Note right of \(participant): hook \(escape(event.name))")
                case .observer:
                    lines.append("    Note right of \(participant): observer \(escape(event.name))")
                case .statistics:
                    lines.append("    Note over Host: statistics: \(escape(event.name))")
                case .navigationBar, .statusBar, .application:
                    lines.append("    Note over Host: \(escape(event.name))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a message or a note can hold it, on one line.
    ///
    /// Mermaid treats `;` and `#` specially, `%%` starts a comment, and a line break (a statistic
    /// name may hold one) would end the line.
    private static func escape(_ text: String) -> String {
        var line = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case ";": line += ","
            case "#": break
            case "%" where line.hasSuffix("%"): break
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}": line += " "
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }
}
