import HookKit
import LifecycleKit
import Testing

/// Global lifecycle hooks limited to an exact type, or to their first run.
@Suite("Lifecycle hook scopes", .serialized)
struct LifecycleHookScopeTests {
    class ProductScreen: TestScreen {}
    final class PromoScreen: ProductScreen {}

    @Test("an exact-type scope hooks screens of that type, never of its subclasses")
    func exactTypeScope() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        let token = try Lifecycle.hook(.viewDidAppear, .after, scope: .exactType(ProductScreen.self)) { screen, _ in
            log.add("hooked \(screen.title ?? "")")
        }
        defer { token.cancel() }
        try host.navigation.push(PromoScreen("promo", log), animated: false)
        try host.navigation.push(ProductScreen("product", log), animated: false)
        #expect(log.take().filter { $0.hasPrefix("hooked") } == ["hooked product"])
    }

    @Test("a phase hook with once: true runs after the first appear phase only, then is removed")
    func oncePhaseHook() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        let b = host.screen("B")
        let token = try Lifecycle.hook(.appear, .after, scope: .instance(b), once: true) { screen, _ in
            log.add("appeared \(screen.title ?? "")")
        }
        defer { token.cancel() }
        func appearances() -> [String] {
            log.take().filter { $0 == "B.viewDidAppear" || $0.hasPrefix("appeared") }
        }
        try host.navigation.push(b, animated: true)
        #expect(appearances() == ["B.viewDidAppear", "appeared B"])
        try host.navigation.pop(animated: true)
        try host.navigation.push(b, animated: true)
        #expect(appearances() == ["B.viewDidAppear"])
        #expect(!token.isActive)
    }
}
