import LifecycleKit
import Testing

/// Statistics while a dismissal or a new root waits to run: the request unlinks the chain of presentations at once,
/// while its screens stay on screen until their transition, so a sheet still pauses the screens below it until its
/// `viewWillDisappear`, and a screen that leaves keeps the pause it had.
@Suite("Sheets on their way out")
struct SheetsOnTheirWayOutStatisticsTests {
    @Test("a sheet whose dismissal waits still pauses its presenter, through the background and back")
    func dismissalWaits() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)  // Home paused at 1
        host.time.advance(by: 2)
        try cart.present(Checkout(), style: .pageSheet, animated: false)  // Cart paused at 3
        host.time.advance(by: 4)
        try host.navigation.push(ProductList(), animated: true)  // runs until the driver completes it
        #expect(cart.dismiss(animated: true))  // Checkout's dismissal waits: it stays on screen over Cart
        host.window.enterBackground()
        host.window.enterForeground()
        host.time.advance(by: 10)
        host.window.transitionDriver.completeAll()  // Checkout's viewWillDisappear at 17: Cart resumes
        host.time.advance(by: 1)
        #expect(
            host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 3, viewCount: 1, resumeCount: 1))
        // Checkout, on screen all along, paused in the background only.
        #expect(
            host.statistics.record(named: "Checkout")
                == .init(name: "Checkout", stayTime: 14, viewCount: 1, resumeCount: 1))
    }

    /// helper-137: the sheet came on screen above a screen whose unit had already left the chain, and the screen kept
    /// counting (and resumed when the application came back) while the dismissal waited.
    @Test("a sheet that comes on screen while the dismissal of its whole chain waits pauses the screens below it")
    func sheetArrivesWhileTheChainsDismissalWaits() throws {
        for inBackground in [false, true] {
            let host = try StatisticsHost(driver: .manual)
            // A full-screen container with two children: Cart, and a navigation controller whose push will wait.
            let container = Screen(title: "Container")
            let stack = try NavigationController(rootScreen: ProductList())
            try container.addChild(Cart())
            try container.addChild(stack)
            try host.navigation.present(container, style: .fullScreen, animated: false)
            let cart = try #require(container.children.first)
            host.time.advance(by: 10)
            if inBackground { host.window.enterBackground() }
            try cart.present(Checkout(), style: .pageSheet, animated: true)  // animates
            try stack.push(ProductDetail(), animated: true)  // waits behind it
            #expect(host.home.dismiss(animated: false))  // Container and Checkout, behind the push
            host.time.advance(by: 1)
            host.window.transitionDriver.completeCurrentTransition()  // Checkout appears: the push animates
            host.time.advance(by: 5)
            if inBackground { host.window.enterForeground() }
            host.time.advance(by: 10)
            // Cart counted until Checkout's viewDidAppear (not in the background), and did not resume since.
            #expect(
                host.statistics.record(named: "Cart")
                    == .init(name: "Cart", stayTime: inBackground ? 10 : 11, viewCount: 1))
            host.window.transitionDriver.completeAll()
        }
    }

    @Test("a sheet presented again while its dismissal waits stays paused under the sheet that still leaves")
    func presentedAgainWhileItsDismissalWaits() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)
        host.time.advance(by: 2)
        try cart.present(Checkout(), style: .pageSheet, animated: false)  // Cart paused at 3
        host.time.advance(by: 4)
        try host.navigation.push(ProductList(), animated: true)  // runs until the driver completes it
        #expect(host.home.dismiss(animated: true))  // Cart and Checkout, unlinked at once
        try host.navigation.present(cart, style: .pageSheet, animated: true)  // Cart linked again, still on screen
        host.time.advance(by: 10)
        host.window.transitionDriver.completeAll()  // only Checkout leaves, at 17: Cart resumes
        host.time.advance(by: 1)
        #expect(cart.visibleState == [.loaded, .didAppear])
        #expect(
            host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 3, viewCount: 1, resumeCount: 1))
    }

    @Test("the old root set back while its sheets wait to leave stays paused until they go")
    func rootSetBack() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)  // Home paused at 1
        host.time.advance(by: 2)
        try cart.present(Checkout(), style: .pageSheet, animated: true)  // runs until the driver completes it
        try host.window.setRootScreen(Screen(title: "Other"))  // waits; unlinks Cart and Checkout
        try host.window.setRootScreen(host.navigation)  // back, before anything ran
        host.time.advance(by: 10)
        host.window.transitionDriver.completeAll()  // Checkout appears, then Cart and Checkout leave at 13
        host.time.advance(by: 1)
        #expect(host.home.visibleState == [.loaded, .didAppear])
        #expect(
            host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 2, viewCount: 1, resumeCount: 1))
    }

    @Test("the old root, under a sheet, shown by another window before it left its own, counts its time there")
    func oldRootMovesToAnotherWindow() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)  // Home paused at 1
        host.time.advance(by: 2)
        try cart.present(Checkout(), style: .pageSheet, animated: true)  // runs until the driver completes it
        try host.window.setRootScreen(Screen(title: "Other"))  // waits
        let second = Window(time: host.time)
        host.statistics.attach(to: second)
        try second.setRootScreen(host.navigation)
        second.makeKeyAndVisible()  // Home on screen in the second window, with no sheet above it
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 10)
        second.hide()  // ends the view at 13
        #expect(host.statistics.record(named: "Home")?.stayTime == 11)
        _ = cart
    }

    @Test("sheets presented again in the reverse order while their dismissal waits: the top one counts, not the other")
    func presentedAgainInReverseOrder() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)  // Home paused at 1
        host.time.advance(by: 2)
        let checkout = Checkout()
        try cart.present(checkout, style: .pageSheet, animated: true)  // runs until the driver completes it
        #expect(host.home.dismiss(animated: true))  // waits; unlinks Cart and Checkout
        try host.home.present(checkout, style: .pageSheet, animated: true)
        try checkout.present(cart, style: .pageSheet, animated: true)  // Cart above Checkout now
        host.window.transitionDriver.completeAll()  // nothing leaves the screen: both are in the chain again
        #expect(host.home.presentedScreen === checkout && checkout.presentedScreen === cart)
        let checkoutBefore = host.statistics.record(named: "Checkout")?.stayTime
        let cartBefore = host.statistics.record(named: "Cart")?.stayTime
        host.time.advance(by: 10)
        #expect(host.statistics.record(named: "Checkout")?.stayTime == checkoutBefore)
        #expect(host.statistics.record(named: "Cart")?.stayTime == cartBefore.map { $0 + 10 })
    }

    @Test("a new root that presents the old root's sheet before the change ran starts paused under it")
    func newRootPresentsTheOldSheet() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)  // Home paused at 1
        host.time.advance(by: 2)
        try cart.present(Checkout(), style: .pageSheet, animated: true)  // runs until the driver completes it
        cart.dismiss(animated: false)  // Checkout's dismissal waits
        let detail = ProductDetail()
        try host.window.setRootScreen(detail)  // waits; unlinks Cart
        try detail.present(cart, style: .pageSheet, animated: false)  // Cart linked above the new root, on screen
        host.window.transitionDriver.completeAll()
        #expect(detail.visibleState == [.loaded, .didAppear] && detail.presentedScreen === cart)
        host.time.advance(by: 10)
        #expect(host.statistics.record(named: "ProductDetail")?.stayTime == 0)
    }

    @Test("a sheet that another window's screen presents while it leaves its own pauses that screen at once")
    func sheetTakenByAnotherWindow() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)
        host.time.advance(by: 2)
        try cart.present(Checkout(), style: .pageSheet, animated: true)  // runs until the driver completes it
        #expect(host.home.dismiss(animated: false))  // waits; unlinks Cart and Checkout
        let second = Window(time: host.time)
        host.statistics.attach(to: second)
        let detail = ProductDetail()
        try second.setRootScreen(detail)
        second.makeKeyAndVisible()  // ProductDetail's view starts at 3
        host.time.advance(by: 1)
        try detail.present(cart, style: .pageSheet, animated: false)  // Cart goes on screen in the second window
        host.time.advance(by: 10)
        #expect(host.statistics.record(named: "ProductDetail")?.stayTime == 1)
    }
}
