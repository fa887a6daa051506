import Foundation
import Testing

@testable import LifecycleDemo

/// Each kind of bad scenario: one clear error naming the file, where, and what was expected; exit
/// status 2; nothing printed on standard output (nothing is half-run).
@Suite("Bad scenarios")
struct BadScenarioTests {
    /// A scenario with the given actions and otherwise valid screens.
    static func scenario(actions: String, screens: String? = nil) -> String {
        let screens =
            screens ?? """
                [
                  { "name": "home", "type": "Home" },
                  { "name": "detail", "type": "ProductDetail" },
                  { "name": "nav", "type": "Navigation", "root": "home" }
                ]
                """
        return """
            {
              "title": "test",
              "screens": \(screens),
              "root": "nav",
              "actions": \(actions)
            }
            """
    }

    /// Writes `contents` to a temporary file, runs the demo on it, and returns the result and path.
    static func run(_ contents: String) throws -> (status: Int32, output: String, error: String, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-demo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("scenario.json").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        let result = DemoOutputTests.run(["--scenario", path])
        return (result.status, result.output, result.error, path)
    }

    /// Expects the demo to refuse `contents` with `message` (after the file name).
    static func expectRefusal(
        _ contents: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let result = try run(contents)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.output == "", sourceLocation: sourceLocation)
        #expect(result.error == "lifecycle-demo: error: \(result.path): \(message)\n", sourceLocation: sourceLocation)
    }

    @Test("a file that does not exist")
    func missingFile() {
        let result = DemoOutputTests.run(["--scenario", "/nonexistent/scenario.json"])
        #expect(result.status == 2)
        #expect(
            result.error
                == "lifecycle-demo: error: /nonexistent/scenario.json: the file does not exist; expected a JSON scenario\n"
        )
    }

    @Test("malformed JSON: the line, the column, and what was expected")
    func malformedJSON() throws {
        try Self.expectRefusal(
            "{\n  \"title\": \"x\",\n  \"screens\": [ 1, ]\n}\n",
            "line 3, column 19: malformed JSON; expected a value (object, array, string, number, true, false or null)")
        try Self.expectRefusal(
            "{ \"title\" \"x\" }", "line 1, column 11: malformed JSON; expected ':' after the field name")
        try Self.expectRefusal("[1, 2", "line 1, column 6: malformed JSON; expected ',' or ']'")
    }

    @Test("an unknown action")
    func unknownAction() throws {
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "shove", "screen": "detail" }]"#),
            "actions[0].action: unknown action \"shove\"; expected one of: background, dismiss, foreground, "
                + "interactivePop, leak, pop, popToRoot, present, push, wait")
    }

    @Test("an unknown screen")
    func unknownScreen() throws {
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "screen": "detial" }]"#),
            "actions[0].screen: unknown screen \"detial\"; expected one of: home, detail, nav")
    }

    @Test("a missing field")
    func missingField() throws {
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "present", "screen": "detail" }]"#),
            "actions[0]: \"present\" needs a \"style\" field")
        try Self.expectRefusal(#"{ "title": "x", "screens": [], "root": "a" }"#, "top level: missing field \"actions\"")
        try Self.expectRefusal(
            Self.scenario(actions: "[]", screens: #"[{ "name": "home" }]"#), "screens[0]: missing field \"type\"")
    }

    @Test("a field of the wrong type, an unknown field, an unknown value")
    func wrongFields() throws {
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "screen": "detail", "animated": "yes" }]"#),
            "actions[0].animated: expected true or false")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "scren": "detail" }]"#),
            "actions[0].scren: unknown field \"scren\"; expected one of: action, screen, navigation, from, style, "
                + "animated, end, progress, duration, seconds, after")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "present", "screen": "detail", "style": "popover" }]"#),
            "actions[0].style: unknown style \"popover\"; expected one of: fullScreen, currentContext, "
                + "overFullScreen, pageSheet, formSheet, automatic")
        try Self.expectRefusal(
            Self.scenario(
                actions: "[]",
                screens: ##"""
                    [
                      { "name": "nav", "type": "Navigation", "root": "home" },
                      { "name": "home", "type": "Home", "appearance": { "navigationBarColor": "#12345" } }
                    ]
                    """##),
            "screens[1].appearance.navigationBarColor: \"#12345\" is not a color; expected #RRGGBB or #RRGGBBAA")
    }

    @Test("a request the host refuses stops the demo before it prints anything")
    func refusedByTheHost() throws {
        try Self.expectRefusal(
            Self.scenario(
                actions: #"""
                    [
                      { "action": "push", "screen": "detail" },
                      { "action": "push", "screen": "detail" }
                    ]
                    """#),
            "actions[1]: push detail was refused by the host (alreadyInStack)")
    }
}
