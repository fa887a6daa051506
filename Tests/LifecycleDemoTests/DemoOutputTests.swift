import Foundation
import LifecycleKit
import Testing

@testable import LifecycleDemo

/// The embedded scenario's output, compared with golden files, in every format.
///
/// The golden files are the demo's own output: after an intended change, regenerate them with
/// `scripts/update-golden.sh` and review the diff.
@Suite("Demo output")
struct DemoOutputTests {
    /// Runs the command with `arguments`; returns its status, standard output and standard error.
    static func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        var output = ""
        var error = ""
        let status = DemoCommand.run(arguments, write: { output += $0 }, writeError: { error += $0 })
        return (status, output, error)
    }

    /// The contents of a golden file.
    static func golden(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Golden"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("the embedded scenario prints the golden text, identically on every run")
    func text() throws {
        let first = Self.run([])
        #expect(first.status == 0)
        #expect(first.error == "")
        #expect(first.output == (try Self.golden("shopping.txt")))
        #expect(Self.run([]).output == first.output)
    }

    @Test("the page tracker enters pages (screens without children) and leaves only the pages it entered")
    func pageTrackerPairsItsEvents() throws {
        // "page enter (home)", "page leave (home)", … in the order of the trace.
        let events = Self.run([]).output.split(separator: "\n").compactMap { line in
            line.range(of: "observer PageTracker: ").map { String(line[$0.upperBound...]) }
        }
        #expect(events.count == 19)
        var entered: [Substring] = []
        for event in events {
            let page = event.drop { $0 != "(" }
            if event.hasPrefix("page enter ") {
                #expect(!entered.contains(page), "entered twice: \(event)")
                entered.append(page)
            } else {
                #expect(entered.contains(page), "left without being entered: \(event)")
                entered.removeAll { $0 == page }
            }
        }
        // The list that the cancelled interactive pop revealed did not appear: no page of it to leave. The navigation
        // controller holding the stack is no page.
        #expect(!events.contains { $0.hasSuffix("(shop)") })
        #expect(entered == ["(home)"])
    }

    @Test("a report that cannot be written exits with status 1 and says so; an error that cannot be written is dropped")
    func unwritableOutput() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let errorsURL = directory.appendingPathComponent("errors.txt")
        #expect(FileManager.default.createFile(atPath: errorsURL.path, contents: nil))
        // A descriptor open for reading only: every write to it fails, as to a full disk or a closed descriptor.
        let readOnly = try #require(FileHandle(forReadingAtPath: "/dev/null"))
        defer { try? readOnly.close() }
        let errors = try FileHandle(forWritingTo: errorsURL)
        #expect(DemoCommand.run([], output: readOnly, errors: errors) == 1)
        #expect(DemoCommand.run(["--help"], output: readOnly, errors: errors) == 1)
        try errors.close()
        #expect(
            try String(contentsOf: errorsURL, encoding: .utf8)
                == String(repeating: "lifecycle-demo: error: the report could not be written\n", count: 2))
        // Nowhere to write at all: the statuses stay, and nothing stops the program.
        #expect(DemoCommand.run(["--bogus"], output: readOnly, errors: readOnly) == 2)
        #expect(DemoCommand.run([], output: readOnly, errors: readOnly) == 1)
    }

    @Test("--format json prints the golden JSON document")
    func json() throws {
        let result = Self.run(["--format", "json"])
        #expect(result.status == 0)
        #expect(result.output == (try Self.golden("shopping.json")))
        let document = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(document?["scenario"] as? String == "A small shopping app")
    }

    @Test("--format mermaid prints a sequence diagram of the lifecycle calls")
    func mermaid() {
        let result = Self.run(["--format", "mermaid"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["sequenceDiagram", "    %% A small shopping app", "    participant Host"])
        #expect(lines.contains("    participant S4 as shoes"))
        #expect(lines.contains("    Host->>S4: viewDidAppear"))
        #expect(lines.contains("    Note right of S4: hook hide the navigation bar on ProductDetail"))
    }

    @Test("--format mermaid escapes the title in its comment: %% cannot start another, ; and # become harmless")
    func mermaidEscapes() throws {
        let contents = BadScenarioTests.scenario(actions: "[]")
            .replacingOccurrences(of: #""title": "test""#, with: #""title": "50%% off; #1""#)
        let output = try BadScenarioTests.expectSuccess(contents, options: ["--format", "mermaid"])
        let lines = output.split(separator: "\n")
        #expect(lines.prefix(2) == ["sequenceDiagram", "    %% 50% off, 1"])
        #expect(lines.filter { $0.contains("%") }.count == 1)
    }

    @Test("the text header prints the title on one line: line breaks and control characters come out escaped")
    func textTitleEscapes() throws {
        let contents = BadScenarioTests.scenario(actions: "[]")
            .replacingOccurrences(of: #""title": "test""#, with: #""title": "two\nlines \u001b[31mred\u0000""#)
        let output = try BadScenarioTests.expectSuccess(contents)
        #expect(output.hasPrefix("lifecycle-demo: two\\nlines \\u{1B}[31mred\\0\n\n"))
    }

    @Test("the text header doubles a backslash, so that a title's own backslash-n differs from an escaped line break")
    func textTitleEscapesBackslashes() throws {
        let contents = BadScenarioTests.scenario(actions: "[]")
            .replacingOccurrences(of: #""title": "test""#, with: #""title": "C:\\new\nline""#)
        let output = try BadScenarioTests.expectSuccess(contents)
        #expect(output.hasPrefix(#"lifecycle-demo: C:\\new\nline"# + "\n\n"))
    }

    @Test("--format mermaid gives screens generated IDs, so names such as end or Host cannot break the diagram")
    func mermaidIdentifiers() throws {
        let contents = BadScenarioTests.scenario(
            actions: #"[{ "action": "present", "screen": "Host", "style": "pageSheet", "animated": false }]"#,
            screens: #"""
                [
                  { "name": "end", "type": "Home" },
                  { "name": "Host", "type": "Cart" },
                  { "name": "nav", "type": "Navigation", "root": "end" }
                ]
                """#)
        let output = try BadScenarioTests.expectSuccess(contents, options: ["--format", "mermaid"])
        #expect(
            output == """
                sequenceDiagram
                    %% test
                    participant Host
                    participant S1 as nav
                    participant S2 as end
                    participant S3 as Host
                    Note over Host: 0.000 s show the window (root: nav)
                    Host->>S1: loadView
                    Host->>S1: viewDidLoad
                    Host->>S1: viewWillAppear
                    Host->>S2: loadView
                    Host->>S2: viewDidLoad
                    Host->>S2: viewWillAppear
                    Host->>S1: viewDidAppear
                    Host->>S2: viewDidAppear
                    Note right of S2: observer PageTracker: page enter
                    Note over Host: 0.000 s present Host (pageSheet) (not animated)
                    Host->>S3: loadView
                    Host->>S3: viewDidLoad
                    Host->>S3: viewWillAppear
                    Host->>S3: viewDidAppear
                    Note right of S3: observer PageTracker: page enter

                """)
    }

    @Test("--no-trace prints only statistics and leaks")
    func noTrace() {
        let result = Self.run(["--no-trace"])
        #expect(result.status == 0)
        #expect(!result.output.contains("Lifecycle trace"))
        #expect(result.output.contains("Statistics"))
        #expect(result.output.contains("Leaks"))
    }

    @Test("--no-trace --format json leaves the trace out of the document")
    func noTraceJSON() throws {
        let result = Self.run(["--no-trace", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.error == "")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["scenario", "statistics", "leaks"])
        let full = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.run(["--format", "json"]).output.utf8)) as? [String: Any])
        for key in ["statistics", "leaks"] {
            let part = try #require(document[key] as? [Any])
            let fullPart = try #require(full[key] as? [Any])
            #expect(!part.isEmpty)
            #expect(
                try JSONSerialization.data(withJSONObject: part, options: .sortedKeys)
                    == JSONSerialization.data(withJSONObject: fullPart, options: .sortedKeys), "\(key)")
        }
    }

    @Test("--format json gives statistics and leaks as objects that decode into the library's types")
    func structuredJSON() throws {
        let result = Self.run(["--no-trace", "--format", "json"])
        #expect(result.status == 0)
        struct Document: Decodable {
            let statistics: [ScreenStatistics.Record]
            let leaks: [LeakReport]
        }
        let document = try JSONDecoder().decode(Document.self, from: Data(result.output.utf8))
        #expect(
            document.statistics.first
                == ScreenStatistics.Record(name: "ProductDetail", stayTime: 55.6, viewCount: 1, resumeCount: 2))
        #expect(
            document.leaks == [
                LeakReport(
                    kind: .suspected, typeName: "ReceiptScreen", title: "Receipt", statisticName: "Receipt",
                    reason: .popToRoot, removedAt: 477.4, reportedAt: 478.9),
                LeakReport(
                    kind: .confirmed, typeName: "ReceiptScreen", title: "Receipt", statisticName: "Receipt",
                    reason: .popToRoot, removedAt: 477.4, reportedAt: 487.9),
            ])
        // The keys a program reads, by name.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let leak = try #require((object["leaks"] as? [[String: Any]])?.first)
        #expect(
            Set(leak.keys) == ["kind", "typeName", "title", "statisticName", "reason", "removedAt", "reportedAt"])
        let record = try #require((object["statistics"] as? [[String: Any]])?.first)
        #expect(Set(record.keys) == ["name", "stayTime", "viewCount", "resumeCount"])
        #expect(record["stayTime"] as? Double == 55.6)
    }

    @Test("an animated transition takes 0.3 virtual seconds exactly, however many come before it")
    func transitionsTakeExactlyTheirTime() throws {
        var actions: [String] = []
        for _ in 0..<6 {
            actions.append(#"{ "action": "push", "screen": "detail", "after": 1 }"#)
            actions.append(#"{ "action": "pop", "after": 1 }"#)
        }
        actions.append(#"{ "action": "push", "screen": "detail", "after": 3 }"#)
        actions.append(#"{ "action": "wait", "seconds": 0 }"#)
        let output = try BadScenarioTests.expectSuccess(
            BadScenarioTests.scenario(actions: "[" + actions.joined(separator: ", ") + "]"), options: ["--no-trace"])
        // Six cycles of 1 s, a push (0.3 s), 1 s, a pop (0.3 s): 15.6 s; then 3 s and a push. The detail screen was
        // on screen 6 × 1 s, and 0 s after the last push.
        #expect(output.contains("[ProductDetail: stayed 0.100 (mins), viewed 7, resumed 0]"), "\(output)")
        let trace = try BadScenarioTests.expectSuccess(
            BadScenarioTests.scenario(actions: "[" + actions.joined(separator: ", ") + "]"))
        #expect(trace.contains("  18.600  push detail\n"), "\(trace)")
        #expect(trace.contains("  18.900  wait 0 s\n"), "\(trace)")
    }

    @Test("statistics with stays that print alike come in name order, whatever rounding errors the times hold")
    func statisticsTiesInNameOrder() throws {
        // Found by helper-143: a push and a pop at once left Settings 5e-17 s of stay (the clock's steps round), and it
        // came before Home, whose stay is 0.
        let screens = """
            [
              { "name": "a", "type": "Home" },
              { "name": "b", "type": "Settings" },
              { "name": "nav", "type": "Navigation", "root": "a" }
            ]
            """
        let actions = #"[{ "action": "push", "screen": "b" }, { "action": "pop" }]"#
        let output = try BadScenarioTests.expectSuccess(
            BadScenarioTests.scenario(actions: actions, screens: screens), options: ["--no-trace", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let statistics = try #require(document["statistics"] as? [[String: Any]])
        #expect(statistics.compactMap { $0["name"] as? String } == ["Home", "Settings"], "\(output)")
    }

    @Test("a navigation controller is kept and reported under its statisticName, or its type if the spec has none")
    func navigationStatisticNames() throws {
        // Found by review (helper-216): the demo set the name of every screen type but Navigation.
        let screens = """
            [
              { "name": "h", "type": "Home" },
              { "name": "c", "type": "Cart" },
              { "name": "s", "type": "Settings" },
              { "name": "nav", "type": "Navigation", "root": "h" },
              { "name": "m", "type": "Navigation", "root": "c", "statisticName": "CheckoutFlow" },
              { "name": "k", "type": "Navigation", "root": "s" }
            ]
            """
        let actions = """
            [
              { "action": "present", "screen": "m", "style": "pageSheet" },
              { "action": "leak", "screen": "m" },
              { "action": "dismiss", "screen": "m" },
              { "action": "present", "screen": "k", "style": "pageSheet" },
              { "action": "leak", "screen": "k" },
              { "action": "dismiss", "screen": "k" },
              { "action": "wait", "seconds": 2 }
            ]
            """
        let output = try BadScenarioTests.expectSuccess(
            BadScenarioTests.scenario(actions: actions, screens: screens), options: ["--no-trace", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let leaks = try #require(document["leaks"] as? [[String: Any]])
        #expect(leaks.compactMap { $0["statisticName"] as? String } == ["CheckoutFlow", "Navigation"], "\(output)")
    }

    @Test("a dismiss without animation says so; the statistics recorder's reports are statistics events")
    func dismissLabelAndStatisticsEvents() throws {
        let actions = """
            [
              { "action": "present", "screen": "detail", "style": "fullScreen", "animated": false },
              { "action": "wait", "seconds": 90000 },
              { "action": "dismiss", "animated": false }
            ]
            """
        let output = try BadScenarioTests.expectSuccess(
            BadScenarioTests.scenario(actions: actions), options: ["--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let trace = try #require(document["trace"] as? [[String: Any]])
        #expect(trace.compactMap { $0["action"] as? String }.last == "dismiss (not animated)")
        let events = trace.flatMap { ($0["events"] as? [[String: Any]]) ?? [] }
        let statistics = events.filter { $0["kind"] as? String == "statistics" }.compactMap { $0["name"] as? String }
        #expect(statistics.count == 1)
        // The kind says it is the statistics recorder's: the name does not repeat it.
        #expect(statistics.first?.hasPrefix("discarded a view of ProductDetail") == true, "\(statistics)")
    }

    @Test("the text trace keeps its time column aligned past 10,000 s, and names the statistics recorder's reports")
    func longTimesStayAligned() throws {
        // Found by review (helper-200): times of six digits and more pushed their lines to the right.
        let actions = """
            [
              { "action": "present", "screen": "detail", "style": "fullScreen", "animated": false },
              { "action": "wait", "seconds": 200000 },
              { "action": "dismiss", "animated": false }
            ]
            """
        let output = try BadScenarioTests.expectSuccess(BadScenarioTests.scenario(actions: actions), options: [])
        // The trace's lines: those that start with a time (spaces, then digits with three decimals).
        let traceLines = output.split(separator: "\n").filter { line in
            guard let first = line.split(separator: " ").first else { return false }
            return first.contains(".") && Double(first) != nil
        }
        let columnEnds = Set(
            traceLines.map { line in line.prefix { $0 == " " }.count + line.split(separator: " ")[0].count })
        #expect(traceLines.count > 4 && columnEnds.count == 1, "\(traceLines)")
        #expect(output.contains("    statistics: discarded a view of ProductDetail"), "\(output)")
    }

    @Test("addChild and removeFromParent show containment: the child appears and disappears with its Container")
    func containment() throws {
        let scenario = #"""
            {
              "title": "containment",
              "screens": [
                { "name": "dashboard", "type": "Container" },
                { "name": "banner", "type": "Screen" },
                { "name": "news", "type": "Screen" },
                { "name": "settings", "type": "Settings" }
              ],
              "root": "dashboard",
              "actions": [
                { "action": "addChild", "screen": "banner", "parent": "dashboard", "after": 1 },
                { "action": "addChild", "screen": "news", "parent": "dashboard" },
                { "action": "present", "screen": "settings", "style": "fullScreen", "animated": false },
                { "action": "removeFromParent", "screen": "banner" },
                { "action": "dismiss", "screen": "settings", "animated": false },
                { "action": "addChild", "screen": "banner", "parent": "dashboard", "after": 2 }
              ]
            }
            """#
        let output = try BadScenarioTests.expectSuccess(scenario)
        let trace = output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .drop { !$0.hasSuffix("add banner to dashboard") }.prefix { !$0.isEmpty }
        #expect(
            Array(trace) == [
                "1.000  add banner to dashboard",
                "1.000    banner.loadView", "1.000    banner.viewDidLoad", "1.000    banner.viewWillAppear",
                "1.000    banner.viewDidAppear", "1.000      observer PageTracker: page enter (banner)",
                "1.000  add news to dashboard",
                "1.000    news.loadView", "1.000    news.viewDidLoad", "1.000    news.viewWillAppear",
                "1.000    news.viewDidAppear", "1.000      observer PageTracker: page enter (news)",
                "1.000  present settings (fullScreen) (not animated)",
                "1.000    settings.loadView", "1.000    settings.viewDidLoad",
                "1.000      observer PageTracker: page leave (dashboard)", "1.000    dashboard.viewWillDisappear",
                "1.000      observer PageTracker: page leave (banner)", "1.000    banner.viewWillDisappear",
                "1.000      observer PageTracker: page leave (news)", "1.000    news.viewWillDisappear",
                "1.000    settings.viewWillAppear", "1.000    settings.viewDidAppear",
                "1.000      observer PageTracker: page enter (settings)", "1.000    dashboard.viewDidDisappear",
                "1.000    banner.viewDidDisappear", "1.000    news.viewDidDisappear",
                // Off screen with its Container: no appearance call.
                "1.000  remove banner from its parent",
                "1.000  dismiss settings (not animated)",
                "1.000      observer PageTracker: page leave (settings)", "1.000    settings.viewWillDisappear",
                // The dashboard shows news now: a container, no page.
                "1.000    dashboard.viewWillAppear", "1.000    news.viewWillAppear", "1.000    dashboard.viewDidAppear",
                "1.000    news.viewDidAppear",
                "1.000      observer PageTracker: page enter (news)", "1.000    settings.viewDidDisappear",
                // The banner went away when it was removed: the demo makes it again, as an app would.
                "3.000  add banner to dashboard",
                "3.000    banner.loadView", "3.000    banner.viewDidLoad", "3.000    banner.viewWillAppear",
                "3.000    banner.viewDidAppear", "3.000      observer PageTracker: page enter (banner)",
            ])
    }

    @Test("--no-trace with --format mermaid, a diagram that is only a trace, is a usage error")
    func noTraceMermaid() {
        let expected =
            "lifecycle-demo: error: --no-trace cannot be used with --format mermaid, which prints only the trace; "
            + "expected --format text or json\n"
        for arguments in [["--no-trace", "--format", "mermaid"], ["--format", "mermaid", "--no-trace"]] {
            let result = Self.run(arguments)
            #expect(result.status == 2)
            #expect(result.output == "")
            #expect(result.error == expected)
        }
        #expect(Self.run(["--no-trace", "--format", "text"]).status == 0)
    }

    @Test("the embedded scenario file runs the same through --scenario")
    func embeddedFileThroughOption() throws {
        // Found from this file, whatever the working directory: Tests/LifecycleDemoTests/ → the package root.
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/LifecycleDemo/Scenarios/shopping.json").path
        let result = Self.run(["--scenario", path, "--no-trace"])
        #expect(result.status == 0)
        #expect(result.output == Self.run(["--no-trace"]).output)
    }

    @Test("--help prints the usage; a bad option exits with status 2")
    func options() {
        let help = Self.run(["--help"])
        #expect(help.status == 0 && help.output.hasPrefix("USAGE: lifecycle-demo"))
        let bad = Self.run(["--colour"])
        #expect(bad.status == 2)
        #expect(bad.output == "")
        #expect(bad.error == "lifecycle-demo: error: unknown option \"--colour\"; see --help\n")
        #expect(Self.run(["--format", "yaml"]).status == 2)
        #expect(Self.run(["extra"]).error == "lifecycle-demo: error: unexpected argument \"extra\"; see --help\n")
        #expect(
            Self.run(["--format", "--no-trace"]).error
                == "lifecycle-demo: error: --format needs a value: text, json or mermaid\n")
        for arguments in [["--scenario"], ["--scenario", ""], ["--scenario", "--no-trace"]] {
            let result = Self.run(arguments)
            #expect(result.status == 2)
            #expect(result.output == "")
            #expect(result.error == "lifecycle-demo: error: --scenario needs a file path\n")
        }
        for (arguments, option) in [
            (["--format", "json", "--format", "text"], "--format"), (["--no-trace", "--no-trace"], "--no-trace"),
            (["-h", "--help"], "--help"),
        ] {
            let result = Self.run(arguments)
            #expect(result.status == 2)
            #expect(result.output == "")
            #expect(result.error == "lifecycle-demo: error: \(option) is given twice; give each option once\n")
        }
    }
}
