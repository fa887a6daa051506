import LifecycleKit
import Testing

/// Statistics under sheets presented over sheets: each screen stays paused while any sheet is above it.
@Suite("Stacked sheet statistics")
struct StackedSheetStatisticsTests {
    @Test("two stacked sheets: the middle one resumes when the top one goes, the bottom one only when both are gone")
    func twoStackedSheets() throws {
        let host = try StatisticsHost()
        let (cart, checkout) = (Cart(), Checkout())
        host.time.advance(by: 1)
        try host.home.present(cart, style: .formSheet, animated: true)  // Home paused at 1
        host.time.advance(by: 2)
        try cart.present(checkout, style: .pageSheet, animated: true)  // Cart paused at 3
        host.time.advance(by: 4)
        checkout.dismiss(animated: true)  // Checkout ends at 7; Cart resumes, Home stays paused
        host.time.advance(by: 8)
        cart.dismiss(animated: true)  // Cart ends at 15; Home resumes
        host.time.advance(by: 16)
        #expect(
            host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 17, viewCount: 1, resumeCount: 1))
        #expect(
            host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 10, viewCount: 1, resumeCount: 1))
        #expect(host.statistics.record(named: "Checkout") == .init(name: "Checkout", stayTime: 4, viewCount: 1))
    }

    @Test(
        "a screen that comes back under a sheet (a full-screen presentation from the sheet dismissed) starts paused",
        arguments: [false, true])
    func comesBackUnderASheet(animated: Bool) throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 0)  // Home paused at 0
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 5)
        try cart.present(Checkout(), style: .fullScreen, animated: false)  // Cart and Home leave the screen
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 5)
        cart.presentedScreen?.dismiss(animated: animated)  // Home and Cart come back together, Home under Cart
        host.window.transitionDriver.completeAll()  // Home.dA while Cart, in the same transition, still appears
        host.time.advance(by: 5)
        cart.dismiss(animated: false)  // Home active for the first time in this view: no resume
        host.time.advance(by: 5)
        #expect(host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 5, viewCount: 2))
        #expect(host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 10, viewCount: 2))
    }

    @Test("a sheet dismissed while it comes back with the screen below: that screen starts paused, without a resume")
    func comesBackUnderASheetBeingDismissed() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 0)  // Home paused at 0
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 5)
        try cart.present(Checkout(), style: .fullScreen, animated: false)  // Cart and Home leave the screen
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 5)
        cart.presentedScreen?.dismiss(animated: true)  // Home and Cart come back together
        #expect(host.home.dismiss(animated: false))  // Cart leaves the chain while it comes back; this waits
        host.time.advance(by: 5)
        host.window.transitionDriver.completeAll()  // Home's view starts behind Cart at 15; Cart.wD resumes it
        host.time.advance(by: 5)
        #expect(host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 5, viewCount: 2))
        #expect(host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 5, viewCount: 2))
    }

    @Test("a full-screen presentation from a sheet ends the view under the sheet without resuming it first")
    func fullScreenFromASheet() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 0)
        host.time.advance(by: 5)
        try cart.present(Checkout(), style: .fullScreen, animated: true)  // Cart.wD, then Home.wD, in one step
        host.window.transitionDriver.completeAll()
        #expect(host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 0, viewCount: 1))
        #expect(host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 5, viewCount: 1))
    }

    @Test(
        "a sheet swiped down: its presenter stays paused and it pauses itself; a cancel resumes it, not the presenter")
    func swipedSheet() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)  // Home paused at 1
        host.time.advance(by: 2)
        let swipe = try cart.beginInteractiveDismissal()  // Cart paused at 3; Home still under it
        host.time.advance(by: 4)
        swipe.cancel()  // Cart resumes at 7
        host.time.advance(by: 8)
        #expect(host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 1, viewCount: 1))
        #expect(
            host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 10, viewCount: 1, resumeCount: 1))
        let second = try cart.beginInteractiveDismissal()  // Cart paused at 15
        host.time.advance(by: 16)
        second.finish()  // Cart ends at 31; Home resumes
        host.time.advance(by: 32)
        #expect(
            host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 33, viewCount: 1, resumeCount: 1))
        #expect(
            host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 10, viewCount: 1, resumeCount: 1))
    }

    @Test("a swipe cancelled in the background: the sheet resumes once, at the foreground; its presenter never does")
    func swipeCancelledInTheBackground() throws {
        let host = try StatisticsHost()
        let cart = try host.presentCartSheet(after: 0)  // Home paused at once
        host.time.advance(by: 1)
        let swipe = try cart.beginInteractiveDismissal()  // Cart paused at 1
        host.time.advance(by: 1)
        host.window.enterBackground()
        swipe.cancel()  // Cart comes back, in the background: still paused
        host.time.advance(by: 1)
        host.window.enterForeground()  // Cart resumes at 3; Home stays behind it
        host.time.advance(by: 1)
        #expect(
            host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 2, viewCount: 1, resumeCount: 1))
        #expect(host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 0, viewCount: 1))
    }

    @Test("a chain dismissed from below: the screen under the top sheet leaves paused, without a resume")
    func chainDismissedFromBelow() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)  // Home paused at 1
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 2)
        try cart.present(Checkout(), style: .pageSheet, animated: false)  // Cart paused at 3
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 4)
        // Cart and Checkout leave together, the user never sees Cart again: Checkout ends at 7, Home resumes.
        #expect(host.home.dismiss(animated: true))
        host.time.advance(by: 8)
        host.window.transitionDriver.completeAll()  // Cart's viewWillDisappear came with Checkout's: it ends paused
        host.time.advance(by: 16)
        #expect(
            host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 25, viewCount: 1, resumeCount: 1))
        #expect(host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 2, viewCount: 1))
        #expect(host.statistics.record(named: "Checkout") == .init(name: "Checkout", stayTime: 4, viewCount: 1))
    }

    @Test("a new root requested while a sheet covers the old one: the covered screen gets no time while it waits")
    func rootReplacedUnderASheet() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = try host.presentCartSheet(after: 1)  // Home paused at 1
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 2)
        try cart.present(Checkout(), style: .pageSheet, animated: true)  // runs until the driver completes it
        try host.window.setRootScreen(Screen(title: "Other"))  // waits in the queue; unlinks the old chain at once
        host.time.advance(by: 10)
        host.window.transitionDriver.completeAll()
        #expect(host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 1, viewCount: 1))
        #expect(host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 12, viewCount: 1))
    }
}
