import HookKit

/// The demo's output as aligned text: the trace indented by action, then statistics, then leaks.
enum TextReport {
    static func render(_ output: DemoOutput, includeTrace: Bool) -> String {
        // Backslashes doubled, so that an escaped line break (`\n`) cannot be mistaken for the title's two characters.
        var lines = ["lifecycle-demo: \(_oneLine(output.scenario, escapingBackslashes: true))", ""]
        if includeTrace {
            lines.append("Lifecycle trace (virtual seconds, screen.method, hooks and observers that ran)")
            lines.append("(each where it ran: before hooks and will callbacks come above the call they precede)")
            for transition in output.trace {
                lines.append("\(pad(DemoFormat.time(transition.time)))  \(transition.action)")
                for event in transition.events {
                    lines.append("\(pad(DemoFormat.time(event.time)))    \(describe(event))")
                }
            }
            lines.append("")
        }
        lines.append("Statistics (top screens by stay time)")
        lines += output.statistics.isEmpty ? ["  none"] : output.statistics.map { "  \($0)" }
        lines.append("")
        lines.append("Leaks")
        lines += output.leaks.isEmpty ? ["  none"] : output.leaks.map { "  \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ event: TraceEvent) -> String {
        switch event.kind {
        case .call:
            return "\(event.screen ?? "?").\(event.name)"
        case .hook:
            return "  hook: \(event.name)" + (event.screen.map { " (\($0))" } ?? "")
        case .observer:
            return "  observer \(event.name)" + (event.screen.map { " (\($0))" } ?? "")
        case .navigationBar, .statusBar, .application, .statistics:
            return "  \(event.name)"
        }
    }

    private static func pad(_ text: String) -> String {
        String(repeating: " ", count: max(0, 8 - text.count)) + text
    }
}
