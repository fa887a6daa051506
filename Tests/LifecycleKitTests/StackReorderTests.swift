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
                "B.viewWillDisappear", "A.viewWillAppear", "nav.willShow(A)", "B.viewDidDisappear", "A.viewDidAppear",
                "nav.didShow(A)",
            ])
        #expect(host.navigation.viewControllers.map(\.title) == ["B", "A"])
    }

    @Test("setViewControllers takes a stack of 20,000 screens, and refuses one that holds a screen twice at its end")
    func longStack() throws {
        let host = try NavigationHost(driver: .immediate)
        let screens = [host.root] + (1..<20_000).map { Screen(title: "S\($0)") }
        expectError(.invalidStack) { try host.navigation.setViewControllers(screens + [screens[1]], animated: false) }
        #expect(host.navigation.viewControllers.count == 1)
        try host.navigation.setViewControllers(screens, animated: false)
        #expect(host.navigation.viewControllers.count == 20_000 && host.navigation.children.count == 20_000)
        try host.navigation.setViewControllers([host.root], animated: false)
        #expect(host.navigation.children.map(\.title) == ["A"])
    }
}
