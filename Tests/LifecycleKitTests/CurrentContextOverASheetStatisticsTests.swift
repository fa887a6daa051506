import Testing

@testable import LifecycleKit

/// Statistics under a presentation over the current context of a sheet: it takes the sheet's place, so the screens
/// below the sheet stay paused behind it.
@Suite("Statistics under a current-context presentation over a sheet")
struct CurrentContextOverASheetStatisticsTests {
    @Test("the presenter of the sheet stays paused while a current-context presentation from the sheet comes and goes")
    func presenterStaysPaused() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)  // Home paused at 1
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 2)
        let checkout = Checkout()
        try cart.present(checkout, style: .currentContext, animated: true)  // Cart.wD: Cart's view ends at 3
        host.time.advance(by: 4)
        host.window.transitionDriver.completeAll()  // Checkout's view starts at 7
        host.time.advance(by: 8)
        checkout.dismiss(animated: true)  // Checkout.wD: its view ends at 15; Cart.wA
        host.time.advance(by: 16)
        host.window.transitionDriver.completeAll()  // Cart's second view starts at 31
        host.time.advance(by: 32)
        #expect(host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 1, viewCount: 1))
        #expect(host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 34, viewCount: 2))
        #expect(host.statistics.record(named: "Checkout") == .init(name: "Checkout", stayTime: 8, viewCount: 1))
        cart.dismiss(animated: false)  // Home resumes at 63
        host.time.advance(by: 64)
        #expect(
            host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 65, viewCount: 1, resumeCount: 1))
    }

    @Test("over an over-full-screen presentation too, and over a current-context presentation that is in its place")
    func nestedPlaces() throws {
        let host = try StatisticsHost()
        let overlay = Cart(title: "Overlay")
        host.time.advance(by: 1)
        try host.home.present(overlay, style: .overFullScreen, animated: false)  // Home paused at 1
        let checkout = Checkout()
        try overlay.present(checkout, style: .currentContext, animated: false)
        host.time.advance(by: 2)
        try checkout.present(Checkout(title: "Payment"), style: .currentContext, animated: false)
        host.time.advance(by: 4)
        checkout.dismiss(animated: false)  // the payment screen goes: Checkout is back
        host.time.advance(by: 8)
        #expect(host.home.dismiss(animated: false))  // Checkout and the overlay go: Home resumes at 15
        host.time.advance(by: 16)
        #expect(
            host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 17, viewCount: 1, resumeCount: 1))
        #expect(host.statistics.record(named: "Checkout") == .init(name: "Checkout", stayTime: 14, viewCount: 3))
    }

    @Test("a chain dismissed from below with a current-context presentation on top: the presenter resumes at its end")
    func chainDismissedFromBelow() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)  // Home paused at 1
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 2)
        try cart.present(Checkout(), style: .currentContext, animated: false)  // Cart ends at 3
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 4)
        #expect(host.home.dismiss(animated: true))  // Checkout.wD: it ends at 7, and Home resumes
        host.time.advance(by: 8)
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 16)
        #expect(
            host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 25, viewCount: 1, resumeCount: 1))
        #expect(host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 2, viewCount: 1))
        #expect(host.statistics.record(named: "Checkout") == .init(name: "Checkout", stayTime: 4, viewCount: 1))
    }

    @Test("the chain dismissed while a current-context presentation comes in a sheet's place: the presenter waits")
    func chainDismissedWhileThePlaceChangesHands() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = Cart()
        try host.home.present(cart, style: .pageSheet, animated: true)  // Cart.wA: Home counts until Cart.dA
        try cart.present(Checkout(), style: .currentContext, animated: true)  // waits
        host.time.advance(by: 10)
        host.window.transitionDriver.completeCurrentTransition()  // Cart.dA: Home paused at 10; Cart.wD, Checkout.wA
        #expect(host.home.dismiss(animated: true))  // waits behind Checkout's presentation
        try host.home.present(ProductList(), style: .overFullScreen, animated: true)  // waits too; a refresh, no call
        host.time.advance(by: 5)
        host.window.transitionDriver.completeCurrentTransition()  // Checkout.dA; the dismissal: Checkout.wD at 15
        host.time.advance(by: 5)
        #expect(
            host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 15, viewCount: 1, resumeCount: 1))
    }

    @Test("the chain dismissed while a sheet comes back in its place: its presenter stays paused until the sheet goes")
    func chainDismissedWhileTheSheetComesBack() throws {
        let host = try StatisticsHost(driver: .manual)
        let overlay = Cart(title: "Overlay")
        try host.home.present(overlay, style: .overFullScreen, animated: false)  // Home paused at 0
        let checkout = Checkout()
        try overlay.present(checkout, style: .currentContext, animated: false)  // in the overlay's place
        host.time.advance(by: 5)
        #expect(checkout.dismiss(animated: true))  // Checkout.wD, Overlay.wA: the overlay comes back
        #expect(host.home.dismiss(animated: true))  // waits: the overlay leaves the chain while it comes back
        try host.home.present(ProductList(), style: .pageSheet, animated: true)  // waits too; a refresh, no call
        host.time.advance(by: 5)
        host.window.transitionDriver.completeCurrentTransition()  // Overlay.dA; the dismissal: Overlay.wD at 10
        host.time.advance(by: 5)
        #expect(
            host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 5, viewCount: 1, resumeCount: 1))
    }

    @Test("a current-context presentation over the window's root is not in a sheet's place: the root's view ends")
    func overTheRoot() throws {
        let host = try StatisticsHost()
        host.time.advance(by: 1)
        try host.navigation.present(Checkout(), style: .currentContext, animated: false)  // Home ends at 1
        host.time.advance(by: 2)
        let cart = Cart()
        try host.navigation.presentedScreen?.present(cart, style: .pageSheet, animated: false)
        host.time.advance(by: 4)
        #expect(host.navigation.presentedScreen?._takesASheetsPlace == false)
        #expect(host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 1, viewCount: 1))
        #expect(host.statistics.record(named: "Checkout") == .init(name: "Checkout", stayTime: 2, viewCount: 1))
        #expect(host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 4, viewCount: 1))
    }
}
