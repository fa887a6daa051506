import LifecycleKit
import Testing

/// Containment requests the host refuses: a navigation controller's children are its stack.
@Suite("Containment refusals")
struct ContainmentRefusalTests {
    @Test("addChild on a navigation controller, or of a screen in a stack, throws and changes nothing")
    func navigationStackContainment() throws {
        let host = try NavigationHost(driver: .immediate)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        _ = host.log.take()
        let x = host.screen("X")
        expectError(.invalidContainment) { try host.navigation.addChild(x) }
        let container = host.screen("container")
        expectError(.alreadyAttached) { try container.addChild(b) }
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"] && b.parent === host.navigation)
        #expect(x.parent == nil && container.children.isEmpty)
        #expect(host.log.take() == [])
    }

    @Test("pushing or setting a screen that contains the navigation controller throws invalidContainment")
    func screenContainingTheController() throws {
        let log = EventLog()
        let container = TestScreen("K", log)
        let navigation = try TestNavigation("nav", root: TestScreen("X", log), log)
        try container.addChild(navigation)
        _ = log.take()
        expectError(.invalidContainment) { try navigation.push(container, animated: false) }
        expectError(.invalidContainment) {
            try navigation.setViewControllers([navigation.viewControllers[0], container], animated: false)
        }
        #expect(navigation.viewControllers.map(\.title) == ["X"] && container.parent == nil)
        // The refused request still ends the move the root owes, having joined the stack off screen.
        #expect(log.take() == ["X.didMove(nav)"])
    }

    @Test("addChild of a screen that another container holds throws alreadyAttached rather than moving it")
    func childOfAnotherContainer() throws {
        let log = EventLog()
        let (first, second, child) = (TestScreen("P", log), TestScreen("Q", log), TestScreen("C", log))
        try first.addChild(child)
        _ = log.take()
        expectError(.alreadyAttached) { try second.addChild(child) }
        #expect(child.parent === first && first.children.count == 1 && second.children.isEmpty)
        #expect(log.take() == [])
    }
}
