import LifecycleKit
import Testing

/// setViewControllers that only reorders the screens already in the stack.
@Suite("Stack reorder")
struct StackReorderTests {
    @Test("a reorder pops nobody: the old top only disappears, the new top appears, nobody moves")
    func reorderPopsNobody() throws {
        let host = try NavigationHost(driver: .immediate)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        _ = host.log.take()
        try host.navigation.setViewControllers([b, host.root], animated: true)
        #expect(
            host.log.take() == [
                "nav.willShow(A)", "B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear",
                "nav.didShow(A)",
            ])
        #expect(host.navigation.viewControllers.map(\.title) == ["B", "A"])
    }
}
