import HookKit

/// The demo's output as aligned text: the trace indented by action, then statistics, then leaks.
enum TextReport {
    static func render(_ output: DemoOutput, includeTrace: Bool) -> String {
        // Backslashes doubled, so that an escaped line break (`\n`) cannot be mistaken for the title's two characters.
        var lines = ["lifecycle-demo: \(_oneLine(output.scenario, escapingBackslashes: true))", ""]
        if includeTrace {
            lines.append("Lifecycle trace (virtual seconds, screen.method, hooks and observers that ran)")
            lines.append("(each where it ran: before hooks and will callbacks come above the call they precede)")
            // Times right-aligned in a column of 8, wider when a long scenario needs it.
            let width = output.trace.flatMap { [$0.time] + $0.events.map(\.time) }
                .map { DemoFormat.time($0).count }.reduce(8, max)
            for transition in output.trace {
                lines.append("\(pad(DemoFormat.time(transition.time), to: width))  \(transition.action)")
                for event in transition.events {
                    lines.append("\(pad(DemoFormat.time(event.time), to: width))    \(describe(event))")
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
        case .statistics:
            return "  statistics: \(event.name)"
        case .navigationBar, .statusBar, .application:
            return "  \(event.name)"
        }
    }

    private static func pad(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
