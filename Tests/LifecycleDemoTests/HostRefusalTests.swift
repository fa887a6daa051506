import Foundation
import Testing

@testable import LifecycleDemo

/// Each request LifecycleKit's host can refuse during a run: its code, what was wrong, what was expected.
///
/// Messages use the scenario's names only, never debug labels, which hold addresses.
@Suite("Requests the host refuses")
struct HostRefusalTests {
    /// The screens: a stack `nav` (home), a detail, a cart, and a Navigation `nav2` whose root is the detail.
    static let screens = """
        [
          { "name": "home", "type": "Home" },
          { "name": "detail", "type": "ProductDetail" },
          { "name": "cart", "type": "Cart" },
          { "name": "nav", "type": "Navigation", "root": "home" },
          { "name": "nav2", "type": "Navigation", "root": "detail" }
        ]
        """

    /// Expects the demo to refuse `actions` with `message` (after the file name).
    static func expectRefusal(
        _ actions: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try BadScenarioTests.expectRefusal(
            BadScenarioTests.scenario(actions: actions, screens: screens), message, sourceLocation: sourceLocation)
    }

    @Test("a push the host refuses: already in the stack, the Navigation itself, another Navigation, shown elsewhere")
    func push() throws {
        try Self.expectRefusal(
            #"[{ "action": "push", "screen": "home" }]"#,
            "actions[0]: push home was refused by the host (alreadyInStack): home is already in the stack of nav; "
                + "expected a screen that is not in it")
        try Self.expectRefusal(
            #"[{ "action": "push", "screen": "nav" }]"#,
            "actions[0]: push nav was refused by the host (invalidContainment): nav cannot push itself; expected "
                + "another screen")
        try Self.expectRefusal(
            #"[{ "action": "push", "screen": "nav2" }]"#,
            "actions[0]: push nav2 was refused by the host (invalidContainment): nav2 is a Navigation, which cannot be "
                + "pushed; expected another screen (present it instead)")
        try Self.expectRefusal(
            #"[{ "action": "present", "screen": "cart", "style": "pageSheet" }, "#
                + #"{ "action": "push", "screen": "cart" }]"#,
            "actions[1]: push cart was refused by the host (alreadyAttached): cart is already presented by nav; "
                + "expected a screen that is not shown")
    }

    @Test("a presentation the host refuses: already presenting, not in the window, itself, shown elsewhere")
    func present() throws {
        try Self.expectRefusal(
            #"""
            [
              { "action": "present", "screen": "cart", "style": "pageSheet" },
              { "action": "present", "screen": "detail", "style": "fullScreen", "from": "home" }
            ]
            """#,
            "actions[1]: present detail (fullScreen) was refused by the host (alreadyPresenting): home presents "
                + "from nav, which already presents cart; expected a dismiss first")
        try Self.expectRefusal(
            #"""
            [
              { "action": "present", "screen": "cart", "style": "pageSheet" },
              { "action": "present", "screen": "detail", "style": "fullScreen", "from": "nav" }
            ]
            """#,
            "actions[1]: present detail (fullScreen) was refused by the host (alreadyPresenting): nav already "
                + "presents cart; expected a dismiss first")
        try Self.expectRefusal(
            #"[{ "action": "present", "screen": "detail", "style": "pageSheet", "from": "cart" }]"#,
            "actions[0]: present detail (pageSheet) was refused by the host (presenterNotInWindow): cart is not in "
                + "the window; expected a screen that is shown to present from")
        try Self.expectRefusal(
            #"[{ "action": "present", "screen": "nav", "style": "pageSheet" }]"#,
            "actions[0]: present nav (pageSheet) was refused by the host (invalidPresentation): nav would present "
                + "itself (it is the top screen); expected another screen")
        try Self.expectRefusal(
            #"[{ "action": "present", "screen": "nav", "style": "pageSheet", "from": "home" }]"#,
            "actions[0]: present nav (pageSheet) was refused by the host (invalidPresentation): home presents from "
                + "nav, which would present itself; expected another screen")
        try Self.expectRefusal(
            #"""
            [
              { "action": "present", "screen": "cart", "style": "pageSheet" },
              { "action": "present", "screen": "nav", "style": "pageSheet", "from": "cart" }
            ]
            """#,
            "actions[1]: present nav (pageSheet) was refused by the host (invalidPresentation): nav already shows "
                + "cart (it contains or presents it); expected a screen that is not shown")
        try Self.expectRefusal(
            #"[{ "action": "present", "screen": "home", "style": "pageSheet", "from": "home" }]"#,
            "actions[0]: present home (pageSheet) was refused by the host (invalidPresentation): home would present "
                + "itself; expected another screen")
        try Self.expectRefusal(
            #"[{ "action": "present", "screen": "home", "style": "pageSheet" }]"#,
            "actions[0]: present home (pageSheet) was refused by the host (alreadyAttached): home is already in the "
                + "stack of nav; expected a screen that is not shown")
        try Self.expectRefusal(
            #"[{ "action": "push", "screen": "detail" }, "#
                + #"{ "action": "present", "screen": "nav2", "style": "pageSheet" }]"#,
            "actions[1]: present nav2 (pageSheet) was refused by the host (alreadyAttached): nav2 cannot be made "
                + "with its root detail, which is already in the stack of nav; expected detail to be shown nowhere "
                + "else first")
    }

    @Test("an interactive pop the host refuses: a stack of one screen, a covered stack, a stack under a sheet")
    func interactivePop() throws {
        try Self.expectRefusal(
            #"[{ "action": "interactivePop", "end": "finish" }]"#,
            "actions[0]: interactive pop, finished at 50% was refused by the host (popGestureRefused): nav holds "
                + "only its root (home); expected a push first")
        try Self.expectRefusal(
            #"""
            [
              { "action": "push", "screen": "detail" },
              { "action": "present", "screen": "cart", "style": "fullScreen" },
              { "action": "interactivePop", "end": "cancel", "progress": 0.29 }
            ]
            """#,
            "actions[2]: interactive pop, cancelled at 29% was refused by the host (popGestureRefused): nav is "
                + "covered; expected a dismiss of what covers it first")
        try Self.expectRefusal(
            #"""
            [
              { "action": "push", "screen": "detail" },
              { "action": "present", "screen": "cart", "style": "pageSheet" },
              { "action": "interactivePop", "end": "finish" }
            ]
            """#,
            "actions[2]: interactive pop, finished at 50% was refused by the host (popGestureRefused): nav is under "
                + "a presented screen (cart); expected a dismiss first")
    }

    @Test("a child the host refuses: shown elsewhere, or the Container itself")
    func addChild() throws {
        let screens = """
            [
              { "name": "home", "type": "Home" },
              { "name": "box", "type": "Container" },
              { "name": "nav", "type": "Navigation", "root": "home" }
            ]
            """
        try BadScenarioTests.expectRefusal(
            BadScenarioTests.scenario(
                actions: #"[{ "action": "addChild", "screen": "home", "parent": "box" }]"#, screens: screens),
            "actions[0]: add home to box was refused by the host (alreadyAttached): home is already in the stack of "
                + "nav; expected a screen that is not shown")
        try BadScenarioTests.expectRefusal(
            BadScenarioTests.scenario(
                actions: #"[{ "action": "addChild", "screen": "box", "parent": "box" }]"#, screens: screens),
            "actions[0]: add box to box was refused by the host (invalidContainment): box cannot contain itself; "
                + "expected another screen")
    }

    @Test("a dismiss with nothing to dismiss")
    func dismiss() throws {
        try Self.expectRefusal(
            #"[{ "action": "dismiss" }]"#, "actions[0]: dismiss: nothing is presented; expected a present first")
        try Self.expectRefusal(
            #"[{ "action": "dismiss", "screen": "cart" }]"#,
            "actions[0]: dismiss cart: cart neither presents a screen nor is presented; expected a present first")
    }

    @Test("refusals never print debug labels, so the message is the same on every run")
    func deterministic() throws {
        let contents = BadScenarioTests.scenario(
            actions: #"[{ "action": "present", "screen": "home", "style": "pageSheet" }]"#, screens: Self.screens)
        let first = try BadScenarioTests.run(contents)
        let second = try BadScenarioTests.run(contents)
        #expect(!first.error.contains("0x"))
        #expect(
            first.error.replacingOccurrences(of: first.path, with: "")
                == second.error.replacingOccurrences(of: second.path, with: ""))
    }
}
