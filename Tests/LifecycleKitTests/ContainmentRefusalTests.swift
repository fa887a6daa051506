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
}
