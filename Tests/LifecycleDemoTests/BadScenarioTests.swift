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

    /// Runs the demo with `options` on a temporary file holding `contents`; returns the result and path.
    static func run(
        _ contents: String, options: [String] = []
    ) throws -> (status: Int32, output: String, error: String, path: String) {
        try run(bytes: Array(contents.utf8), options: options)
    }

    /// Runs the demo with `options` on a temporary file holding `bytes`; returns the result and path.
    static func run(
        bytes: [UInt8], options: [String] = []
    ) throws -> (status: Int32, output: String, error: String, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-demo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("scenario.json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = DemoOutputTests.run(["--scenario", path] + options)
        return (result.status, result.output, result.error, path)
    }

    /// Expects the demo to refuse `contents` with `message` (after the file name).
    static func expectRefusal(
        _ contents: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        try expectRefusal(bytes: Array(contents.utf8), message, sourceLocation: sourceLocation)
    }

    /// Expects the demo to refuse a file of `bytes` with `message` (after the file name).
    static func expectRefusal(
        bytes: [UInt8], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let result = try run(bytes: bytes)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.output == "", sourceLocation: sourceLocation)
        #expect(result.error == "lifecycle-demo: error: \(result.path): \(message)\n", sourceLocation: sourceLocation)
    }

    /// Expects the demo to run `contents` successfully and returns what it printed.
    static func expectSuccess(
        _ contents: String, options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let result = try run(contents, options: options)
        #expect(result.status == 0, sourceLocation: sourceLocation)
        #expect(result.error == "", sourceLocation: sourceLocation)
        return result.output
    }

    @Test("a file that does not exist")
    func missingFile() {
        let result = DemoOutputTests.run(["--scenario", "/nonexistent/scenario.json"])
        #expect(result.status == 2)
        #expect(
            result.error
                == "lifecycle-demo: error: /nonexistent/scenario.json: the file does not exist; "
                + "expected a JSON scenario\n"
        )
    }

    @Test("a file that cannot be read (a directory)")
    func unreadableFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-demo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = DemoOutputTests.run(["--scenario", directory.path])
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(
            result.error
                == "lifecycle-demo: error: \(directory.path): the file cannot be read: it is a directory; expected a "
                + "JSON scenario\n")
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
            "actions[0].action: unknown action \"shove\"; expected one of: addChild, background, dismiss, "
                + "foreground, interactivePop, leak, pop, popToRoot, present, push, removeFromParent, wait")
    }

    @Test("containment actions: addChild needs a screen and a Container parent, removeFromParent a screen with one")
    func containmentActions() throws {
        let screens = """
            [
              { "name": "home", "type": "Home" },
              { "name": "box", "type": "Container" },
              { "name": "nav", "type": "Navigation", "root": "home" }
            ]
            """
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "addChild", "screen": "box" }]"#, screens: screens),
            "actions[0]: \"addChild\" needs a \"parent\" field; expected the name of a Container screen")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "addChild", "screen": "box", "parent": "home" }]"#, screens: screens),
            "actions[0].parent: \"home\" is not a Container; expected a Container screen")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "addChild", "screen": "box", "parent": "boxx" }]"#, screens: screens),
            "actions[0].parent: unknown screen \"boxx\"; expected one of: home, box, nav")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "removeFromParent", "parent": "box" }]"#, screens: screens),
            "actions[0]: \"removeFromParent\" needs a \"screen\" field; expected the name of a screen")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "removeFromParent", "screen": "box" }]"#, screens: screens),
            "actions[0]: remove box from its parent: box has no parent; expected an addChild or a push first")
    }

    @Test("an unknown screen")
    func unknownScreen() throws {
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "screen": "detial" }]"#),
            "actions[0].screen: unknown screen \"detial\"; expected one of: home, detail, nav")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "screen": "detail", "navigation": "home" }]"#),
            "actions[0].navigation: \"home\" is not a Navigation; expected one of: nav")
    }

    @Test("a missing field")
    func missingField() throws {
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "present", "screen": "detail" }]"#),
            "actions[0]: \"present\" needs a \"style\" field; expected one of: fullScreen, currentContext, "
                + "overFullScreen, pageSheet, formSheet, automatic")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "interactivePop" }]"#),
            "actions[0]: \"interactivePop\" needs an \"end\" field; expected finish or cancel")
        try Self.expectRefusal(
            #"{ "title": "x", "screens": [], "root": "a" }"#,
            "top level: missing field \"actions\"; expected an array of actions")
        try Self.expectRefusal(
            Self.scenario(actions: "[]", screens: #"[{ "name": "home" }]"#),
            "screens[0]: missing field \"type\"; expected one of: Home, ProductList, ProductDetail, Cart, Settings, "
                + "Receipt, Screen, Container, Navigation")
    }

    @Test("null: an optional field given as null counts as absent; a required one is refused, saying so")
    func nullFields() throws {
        let withNulls = try Self.expectSuccess(
            Self.scenario(
                actions: #"[{ "action": "push", "screen": "detail", "animated": null, "after": null }]"#,
                screens: #"""
                    [
                      { "name": "home", "type": "Home", "title": null, "appearance": null },
                      { "name": "detail", "type": "ProductDetail", "statisticName": null },
                      { "name": "nav", "type": "Navigation", "root": "home" }
                    ]
                    """#),
            options: ["--format", "json"])
        let leftOut = try Self.expectSuccess(
            Self.scenario(actions: #"[{ "action": "push", "screen": "detail" }]"#), options: ["--format", "json"])
        #expect(withNulls == leftOut)
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "wait", "seconds": null }]"#),
            "actions[0]: \"wait\" needs a \"seconds\" field; null counts as absent; expected a number of seconds from "
                + "0 to 1000000")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": null }]"#), "actions[0].action: expected a string, found null")
    }

    @Test("a quoted value escapes its quotes and backslashes and is cut after 40 characters; 20 names are listed")
    func quotedValues() throws {
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "screen": "de\"t\\ail" }]"#),
            #"actions[0].screen: unknown screen "de\"t\\ail"; expected one of: home, detail, nav"#)
        let long = String(repeating: "x", count: 50)
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "screen": "\#(long)" }]"#),
            "actions[0].screen: unknown screen \"\(long.prefix(40))…\"; expected one of: home, detail, nav")
        let names = (1...25).map { "s\($0)" }
        let screens = "[" + names.map { #"{ "name": "\#($0)", "type": "Home" }"# }.joined(separator: ", ") + "]"
        try Self.expectRefusal(
            #"{ "title": "x", "screens": \#(screens), "root": "nowhere", "actions": [] }"#,
            "root: unknown screen \"nowhere\"; expected one of: \(names.prefix(20).joined(separator: ", ")), and 5 more"
        )
    }

    @Test("a field of the wrong type, an unknown field, an unknown value")
    func wrongFields() throws {
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "screen": "detail", "animated": "yes" }]"#),
            "actions[0].animated: expected true or false")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "scren": "detail" }]"#),
            "actions[0].scren: unknown field \"scren\"; expected one of: action, screen, parent, navigation, from, "
                + "style, animated, end, progress, duration, seconds, after")
        // A field whose name is not a plain identifier is quoted in the location (it would read as a path), and a long
        // one is cut there as in the message.
        let fields =
            "action, screen, parent, navigation, from, style, animated, end, progress, duration, seconds, after"
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "x.y[0]": 1 }]"#),
            "actions[0][\"x.y[0]\"]: unknown field \"x.y[0]\"; expected one of: \(fields)")
        let longName = String(repeating: "k", count: 5_000)
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "push", "\#(longName)": 1 }]"#),
            "actions[0][\"\(longName.prefix(40))…\"]: unknown field \"\(longName.prefix(40))…\"; "
                + "expected one of: \(fields)"
        )
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

    @Test("hideNavigationBarOn: an unknown type, and Navigation, which has no bar of its own")
    func hiddenBarType() throws {
        func scenario(hiding typeName: String) -> String {
            """
            {
              "title": "test",
              "screens": [{ "name": "home", "type": "Home" }, { "name": "nav", "type": "Navigation", "root": "home" }],
              "root": "nav",
              "hideNavigationBarOn": "\(typeName)",
              "actions": []
            }
            """
        }
        let types = "Home, ProductList, ProductDetail, Cart, Settings, Receipt, Screen, Container"
        try Self.expectRefusal(
            scenario(hiding: "Banner"),
            "hideNavigationBarOn: unknown screen type \"Banner\"; expected one of: \(types)")
        try Self.expectRefusal(
            scenario(hiding: "Navigation"),
            "hideNavigationBarOn: a Navigation shows the bar of the screen on top, not one of its own; "
                + "expected one of: \(types)")
        #expect(try Self.expectSuccess(scenario(hiding: "Home")).contains("home.viewDidAppear"))
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
            "actions[1]: push detail was refused by the host (alreadyInStack): detail is already in the stack of "
                + "nav; expected a screen that is not in it")
    }

    @Test("screen names: a letter, then letters, digits, '_' or '-'")
    func badNames() throws {
        // "a\\nb" is a line break in the JSON string: the error shows it escaped, on one line.
        for name in ["a:b", "a;b", "#x", "%%c", "my screen", "1st", "", "über", "a\\nb"] {
            try Self.expectRefusal(
                Self.scenario(
                    actions: "[]",
                    screens: #"[{ "name": "home", "type": "Home" }, { "name": "\#(name)", "type": "Cart" }]"#),
                "screens[1].name: \"\(name)\" is not a valid name; expected a letter, then letters, digits, '_' or '-'")
        }
        // Mermaid keywords and the host's name are valid names: the diagram gives screens generated IDs.
        for name in ["end", "loop", "Note", "Host", "x-y_2"] {
            let screens = #"""
                [{ "name": "\#(name)", "type": "Home" }, { "name": "nav", "type": "Navigation", "root": "\#(name)" }]
                """#
            let output = try Self.expectSuccess(Self.scenario(actions: "[]", screens: screens))
            #expect(output.contains("\(name).viewDidAppear"))
        }
    }

    @Test("pop and pop to root on a stack of one screen, foreground in the foreground, background twice")
    func inconsistentActions() throws {
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "pop" }]"#),
            "actions[0]: pop: nav holds only its root (home); expected a push first")
        try Self.expectRefusal(
            Self.scenario(
                actions: #"[{ "action": "push", "screen": "detail" }, { "action": "pop" }, "#
                    + #"{ "action": "popToRoot" }]"#),
            "actions[2]: pop to root: nav holds only its root (home); expected a push first")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "removeFromParent", "screen": "home" }, { "action": "pop" }]"#),
            "actions[1]: pop: nav holds no screen (its root was removed); expected a push first")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "foreground" }]"#),
            "actions[0]: the app is already in the foreground; expected a background action before")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "background", "duration": 5 }, { "action": "foreground" }]"#),
            "actions[1]: the app is already in the foreground; expected a background action before")
        try Self.expectRefusal(
            Self.scenario(actions: #"[{ "action": "background" }, { "action": "background", "duration": 5 }]"#),
            "actions[1]: the app is already in the background; expected a foreground action before")
        let output = try Self.expectSuccess(
            Self.scenario(
                actions: #"""
                    [
                      { "action": "push", "screen": "detail" },
                      { "action": "popToRoot" },
                      { "action": "background" },
                      { "action": "foreground", "after": 5 }
                    ]
                    """#))
        #expect(output.contains("pop to root"))
        #expect(output.contains("app to foreground"))
    }
}
