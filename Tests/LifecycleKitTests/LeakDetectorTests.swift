import Foundation
import LifecycleKit
import Synchronization
import Testing

/// Leak detection of removed screens, on a virtual clock.
@Suite("Leak detection")
struct LeakDetectorTests {
    /// A visible window on a virtual clock with a navigation controller rooted at a `Home` screen, and a
    /// detector that records its reports.
    struct Host {
        let time: VirtualTime
        let window: Window
        let navigation: NavigationController
        let home = Home(title: "Home")
        let detector: LeakDetector
        let reports = EventLog()

        init(configuration: LeakDetector.Configuration = .init(), start: Double = 0) throws {
            time = VirtualTime(start: start)
            window = Window(time: time)
            navigation = try NavigationController(rootScreen: home)
            let reports = self.reports
            detector = LeakDetector(time: time, configuration: configuration, isEnabled: true) { report in
                reports.add("\(report)")
            }
            detector.attach(to: window)
            try window.setRootScreen(navigation)
            window.makeKeyAndVisible()
        }

        /// Pushes and pops a `ProductDetail` titled "Shoes" that `leakingCache` keeps alive, at the current time, and
        /// returns its identity (for `leakingCache.release(_:)`).
        func pushAndPopLeakedShoes() throws -> ObjectIdentifier {
            let detail = ProductDetail(title: "Shoes")
            leakingCache.retain(detail)
            try navigation.push(detail, animated: false)
            try navigation.pop(animated: false)
            return ObjectIdentifier(detail)
        }
    }

    @Test("a screen whose navigation controller was released during its pop is detached: it leaves later, and leaks")
    func screenOfAReleasedControllerLeavesLater() throws {
        // The controller unlinks the popped screen when the pop's transition starts and keeps a weak link to it until
        // its didMove(toParent: nil); released meanwhile, it never sends that, and the screen must still count as
        // detached, so that its next departure is checked (a0b6b52: the flag beside the weak link stayed set).
        let time = VirtualTime()
        let window = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let reports = EventLog()
        let detector = LeakDetector(time: time, isEnabled: true) { report in reports.add("\(report)") }
        detector.attach(to: window)
        let container = Screen(title: "K")
        try window.setRootScreen(container)
        window.makeKeyAndVisible()
        let shoes = ProductDetail(title: "Shoes")  // the test keeps it alive: a leak once it has left
        weak var released: NavigationController?
        do {
            let navigation = try NavigationController(rootScreen: Home(title: "Home"))
            released = navigation
            try container.addChild(navigation)
            try navigation.push(shoes, animated: false)
            window.transitionDriver.completeAll()
            try navigation.pop(animated: true)  // starts and animates: the screen is unlinked
            #expect(shoes.parent == nil && window.transitionDriver.isTransitioning)
            navigation.removeFromParent()
        }
        #expect(released == nil)
        window.transitionDriver.completeAll()
        _ = reports.take()
        try container.present(shoes, style: .pageSheet, animated: false)
        #expect(shoes.dismiss(animated: false))
        window.transitionDriver.completeAll()
        time.advance(by: 1.5)
        #expect(
            reports.take() == [
                #"suspected leak: ProductDetail "Shoes" [ProductDetail] removed by dismiss at 0.000 s"#
                    + #", still alive at 1.500 s"#
            ])
    }

    @Test("a screen kept alive by a global: suspected, then confirmed, then released late")
    func leakedScreen() throws {
        let host = try Host()
        weak var weakDetail: Screen?
        let id: ObjectIdentifier
        do {
            let detail = ProductDetail(title: "Shoes")
            weakDetail = detail
            id = ObjectIdentifier(detail)
            leakingCache.retain(detail)
            try host.navigation.push(detail, animated: false)
            try host.navigation.pop(animated: false)
        }
        #expect(host.detector.trackedScreenCount == 1)
        host.time.advance(by: 1.5)
        #expect(
            host.reports.take() == [
                #"suspected leak: ProductDetail "Shoes" [ProductDetail] removed by pop at 0.000 s"#
                    + #", still alive at 1.500 s"#
            ])
        host.time.advance(by: 3)
        #expect(host.reports.take() == [])
        host.time.advance(by: 6)
        #expect(
            host.reports.take() == [
                #"confirmed leak: ProductDetail "Shoes" [ProductDetail] removed by pop at 0.000 s"#
                    + #", still alive at 10.500 s"#
            ])
        leakingCache.release(id)
        #expect(weakDetail == nil)
        host.time.advance(by: 30)
        #expect(
            host.reports.take() == [
                #"released late: ProductDetail "Shoes" [ProductDetail] removed by pop at 0.000 s, released by 40.500 s"#
            ])
        #expect(host.detector.trackedScreenCount == 0)
        #expect(host.time.pendingCount == 0)
    }

    @Test(
        "a release watch always moves time on: a tiny interval counts as a millisecond, a huge clock steps by one ulp",
        arguments: [(1e-300, 1.0, 2.0), (30, 1e18, 1_000)])
    func releaseWatchMovesOn(interval: Double, start: Double, span: Double) throws {
        let host = try Host(
            configuration: .init(gracePeriod: 1, backoff: [], releaseWatchInterval: interval), start: start)
        let kept = ProductDetail(title: "Kept")
        try host.navigation.push(kept, animated: false)
        try host.navigation.pop(animated: false)
        host.time.advance(by: span)  // returned: no check fell due again at the time it ran
        #expect(host.reports.take().map { $0.hasPrefix("confirmed leak") } == [true])
        withExtendedLifetime(kept) {}
    }

    @Test("a popped screen is tracked even when its controller left the window while the pop waited")
    func popCompletedAfterItsControllerLeftTheWindow() throws {
        let time = VirtualTime()
        let window = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let reports = EventLog()
        let detector = LeakDetector(time: time, isEnabled: true) { reports.add("\($0)") }
        detector.attach(to: window)
        let root = Home(title: "Home")
        try window.setRootScreen(root)
        window.makeKeyAndVisible()
        let detail = ProductDetail(title: "Shoes")  // kept alive by the test
        let navigation = try NavigationController(rootScreen: Home(title: "Sheet"))
        try navigation.push(detail, animated: false)
        try root.present(navigation, style: .fullScreen, animated: false)
        window.transitionDriver.completeAll()
        try navigation.pop(animated: true)
        // Dismissed while the pop waits: the controller leaves the window at once, the pop completes after.
        #expect(navigation.dismiss(animated: false))
        window.transitionDriver.completeAll()
        time.advance(by: 1.5)
        #expect(
            reports.take().contains {
                $0.hasPrefix(#"suspected leak: ProductDetail "Shoes" [ProductDetail] removed by pop"#)
            })
        withExtendedLifetime(detail) {}
    }

    @Test("a screen released after it left is never reported, and not tracked after its check")
    func releasedScreen() throws {
        let host = try Host()
        weak var weakDetail: Screen?
        do {
            let detail = ProductDetail(title: "Shoes")
            weakDetail = detail
            try host.navigation.push(detail, animated: false)
            try host.navigation.pop(animated: false)
        }
        #expect(weakDetail == nil)
        host.time.advance(by: 20)
        #expect(host.reports.take() == [])
        #expect(host.detector.trackedScreenCount == 0)
        #expect(host.time.pendingCount == 0)
    }

    @Test("a reported screen released between two checks is reported released late at the next check")
    func lateRelease() throws {
        let host = try Host()
        let id: ObjectIdentifier
        do {
            let cart = Cart(title: nil)
            id = ObjectIdentifier(cart)
            leakingCache.retain(cart)
            try host.home.present(cart, animated: false)
            host.time.advance(by: 2)
            cart.dismiss(animated: false)
        }
        host.time.advance(by: 1.5)
        leakingCache.release(id)
        host.time.advance(by: 10)
        #expect(
            host.reports.take() == [
                "suspected leak: Cart (untitled) [Cart] removed by dismiss at 2.000 s, still alive at 3.500 s",
                "released late: Cart (untitled) [Cart] removed by dismiss at 2.000 s, released by 6.500 s",
            ])
        #expect(host.detector.trackedScreenCount == 0)
    }

    /// helper-136: the late release was reported when the newcomer left, at a time that depended on the allocator.
    @Test("a released screen whose address a newer leaving screen takes is reported released late at its own check")
    func lateReleaseAtAReusedAddress() throws {
        let host = try Host()
        let shoes = try host.pushAndPopLeakedShoes()
        host.time.advance(by: 2)
        #expect(host.reports.take().count == 1)  // suspected at 1.5
        leakingCache.release(shoes)  // released at 2.0; its next check is at 4.5
        // Screens of the same class until the allocator hands out the released one's address (the first one, as a
        // rule): it is pushed and popped at once, and then released.
        do {
            var candidates: [ProductDetail] = []
            candidates.reserveCapacity(1_000)
            var newcomer: ProductDetail?
            for _ in 0..<1_000 where newcomer == nil {
                let candidate = ProductDetail(title: "Hat")
                candidates.append(candidate)
                if ObjectIdentifier(candidate) == shoes { newcomer = candidate }
            }
            guard let hat = newcomer else {
                // Another allocation took the address first (tests run in parallel, on threads that can share the
                // allocator's free blocks; seen once in a loaded run): the case cannot be set up in this run.
                withKnownIssue(
                    "no screen took the released screen's address in 1,000 allocations", isIntermittent: true
                ) {
                    Issue.record("the released screen's address was not reused")
                }
                return
            }
            try host.navigation.push(hat, animated: false)
            try host.navigation.pop(animated: false)
        }
        #expect(host.reports.take() == [] && host.detector.trackedScreenCount == 2)
        host.time.advance(by: 3)
        #expect(
            host.reports.take() == [
                #"released late: ProductDetail "Shoes" [ProductDetail] removed by pop at 0.000 s, released by 4.500 s"#
            ])
        #expect(host.detector.trackedScreenCount == 0)
    }

    @Test("a screen attached again before a check is dropped without a report, and tracked again when it leaves again")
    func reattached() throws {
        let host = try Host()
        let detail = ProductDetail(title: "Shoes")
        try host.navigation.push(detail, animated: false)
        try host.navigation.pop(animated: false)
        host.time.advance(by: 1)
        try host.navigation.push(detail, animated: false)
        #expect(host.detector.trackedScreenCount == 0)  // forgotten as it joins
        host.time.advance(by: 1)
        #expect(host.reports.take() == [])
        try host.navigation.pop(animated: false)
        #expect(host.detector.isTracking(detail))
        host.time.advance(by: 1.5)
        #expect(
            host.reports.take() == [
                #"suspected leak: ProductDetail "Shoes" [ProductDetail] removed by pop at 2.000 s"#
                    + #", still alive at 3.500 s"#
            ])
        // Presented again: no further report, and the entry goes at once.
        try host.home.present(detail, animated: false)
        #expect(host.detector.trackedScreenCount == 0)
        host.time.advance(by: 20)
        #expect(host.reports.take() == [])
        #expect(host.time.pendingCount == 0)
    }

    @Test("a suspected screen attached again, then gone with its container, is reported only for the new removal")
    func suspectedThenAttachedAgainThenGoneWithItsContainer() throws {
        // The entry of the first removal must go when the screen joins again: left in place, it made the screen's
        // release with its controller a late release of that old removal, and kept the controller's release from
        // tracking the screen (still alive) under the controller's own removal.
        for isKeptAlive in [false, true] {
            let time = VirtualTime()
            let reports = EventLog()
            let detector = LeakDetector(time: time, isEnabled: true) { report in reports.add("\(report)") }
            let window = Window(time: time)
            detector.attach(to: window)
            let shoesID: ObjectIdentifier
            do {
                let navigation = try NavigationController(rootScreen: Home(title: "Home"))
                try window.setRootScreen(navigation)
                window.makeKeyAndVisible()
                let shoes = ProductDetail(title: "Shoes")
                shoesID = ObjectIdentifier(shoes)
                if isKeptAlive { leakingCache.retain(shoes) }
                try navigation.push(shoes, animated: false)
                try navigation.pop(animated: false)
                time.advance(by: 1.5)
                try navigation.push(shoes, animated: false)
                #expect(!detector.isTracking(shoes))
                time.advance(by: 0.5)
                // The controller leaves and goes at once, with the screen in its stack: its check (at 3.5, released)
                // tracks the screen, if still alive, in its place.
                try window.setRootScreen(Home(title: "Other"))
            }
            time.advance(by: 60)
            let suspected = #"suspected leak: ProductDetail "Shoes" [ProductDetail] removed by pop at 0.000 s"#
            let later =
                isKeptAlive
                ? [
                    #"suspected leak: ProductDetail "Shoes" [ProductDetail] removed by windowRootReplaced at 2.000 s"#
                        + #", still alive at 3.500 s"#,
                    #"confirmed leak: ProductDetail "Shoes" [ProductDetail] removed by windowRootReplaced at 2.000 s"#
                        + #", still alive at 12.500 s"#,
                ] : []
            #expect(reports.take() == [suspected + ", still alive at 1.500 s"] + later, "kept alive: \(isKeptAlive)")
            if isKeptAlive { leakingCache.release(shoesID) }
        }
    }

    @Test("a report handler that pushes the screen again leaves nothing tracked and no check scheduled")
    func handlerAttachesTheScreenAgain() throws {
        let time = VirtualTime()
        let window = Window(time: time)
        let navigation = try NavigationController(rootScreen: Home(title: "Home"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        let shoes = ProductDetail(title: "Shoes")  // the test keeps it alive: suspected at 1.5 s
        let reports = EventLog()
        let detector = LeakDetector(time: time, isEnabled: true) { report in
            reports.add("\(report.kind)")
            try? navigation.push(shoes, animated: false)  // the app brings it back from the report
        }
        detector.attach(to: window)
        try navigation.push(shoes, animated: false)
        _ = try navigation.pop(animated: false)
        time.advance(by: 1.5)
        #expect(reports.take() == ["suspected"])
        #expect(navigation.topViewController === shoes)
        #expect(detector.trackedScreenCount == 0 && time.pendingCount == 0)
    }

    @Test("a screen that joins another container from its own didMove(toParent: nil) has not left: nothing tracks it")
    func joinsAgainFromItsOwnDidMove() throws {
        // removeFromParent sends the didMove before it reports the departure; a screen that joined another container
        // there was reported as leaving, and tracked under that removal while it sat in its new container. (A popped
        // screen cannot join elsewhere from its didMove: its controller still holds it, and the request is refused.)
        let host = try Host()
        let (first, second) = (Dashboard(title: "K1"), Dashboard(title: "K2"))
        try host.home.addChild(first)
        try host.home.addChild(second)
        let leaves = EventLog()
        let screen = ScriptedScreen("S", EventLog())
        let token = try Screen.didLeaveHierarchy.after(.instance(screen)) { _, reason, _ in leaves.add("\(reason)") }
        defer { token.cancel() }
        screen.actions["didMove(nil)"] = {
            do { try second.addChild(screen) } catch { Issue.record("\(error)") }
        }
        try first.addChild(screen)
        screen.removeFromParent()
        #expect(screen.parent === second)
        #expect(!host.detector.isTracking(screen) && host.detector.trackedScreenCount == 0)
        #expect(leaves.take() == [])
        host.time.advance(by: 20)
        #expect(host.reports.take() == [])
    }

    /// The operations that take a screen out of the hierarchy, applied to `screen`.
    enum Removal: String, CaseIterable, Sendable {
        case pop, popTo, popToRoot, setViewControllers, interactivePop, dismiss, removeFromParent
        case windowRootReplaced

        func remove(_ screen: Screen, in host: Host) throws {
            let navigation = host.navigation
            switch self {
            case .pop:
                try navigation.push(screen, animated: false)
                try navigation.pop(animated: false)
            case .popTo:
                // The screen is in the middle: it gets no appearance calls when it goes.
                try navigation.push(screen, animated: false)
                try navigation.push(Cart(), animated: false)
                try navigation.popTo(host.home, animated: false)
            case .popToRoot:
                try navigation.push(screen, animated: false)
                try navigation.push(Cart(), animated: false)
                try navigation.popToRoot(animated: false)
            case .setViewControllers:
                try navigation.push(screen, animated: false)
                try navigation.setViewControllers([host.home], animated: false)
            case .interactivePop:
                try navigation.push(screen, animated: false)
                try navigation.beginInteractivePop(translation: 5).finish()
            case .dismiss:
                try host.home.present(screen, style: .fullScreen, animated: false)
                screen.dismiss(animated: false)
            case .removeFromParent:
                try host.home.addChild(screen)
                screen.removeFromParent()
            case .windowRootReplaced:
                host.navigation.isLeakDetectionEnabled = false  // the host keeps it on purpose
                try host.window.setRootScreen(screen)
                try host.window.setRootScreen(Home())
            }
        }
    }

    @Test("every way out of the hierarchy is tracked, and the report says which", arguments: Removal.allCases)
    func removals(removal: Removal) throws {
        let host = try Host()
        let id: ObjectIdentifier
        do {
            let detail = ProductDetail(title: "Shoes")
            id = ObjectIdentifier(detail)
            leakingCache.retain(detail)
            try removal.remove(detail, in: host)
        }
        defer { leakingCache.release(id) }
        host.time.advance(by: 1.5)
        #expect(
            host.reports.take() == [
                "suspected leak: ProductDetail \"Shoes\" [ProductDetail] removed by \(removal) at 0.000 s, "
                    + "still alive at 1.500 s"
            ])
    }

    @Test("a child that outlives its removed container is checked once the container is gone")
    func childOutlivesContainer() throws {
        let host = try Host()
        let childID: ObjectIdentifier
        do {
            let dashboard = Dashboard(title: "Dash")
            let child = Cart(title: "Mini cart")
            childID = ObjectIdentifier(child)
            try dashboard.addChild(child)
            leakingCache.retain(child)
            try host.home.present(dashboard, animated: false)
            dashboard.dismiss(animated: false)
        }
        defer { leakingCache.release(childID) }
        host.time.advance(by: 1.5)
        #expect(
            host.reports.take() == [
                #"suspected leak: Cart "Mini cart" [Cart] removed by dismiss at 0.000 s, still alive at 1.500 s"#
            ])
    }

    /// How a container is kept out of the checks.
    enum ContainerExclusion: CaseIterable {
        case excludedType, optedOut, optedOutOnceRemoved
    }

    @Test(
        "an excluded container does not hide its content: a child that outlives it is checked once it is gone",
        arguments: ContainerExclusion.allCases)
    func excludedContainerReleased(exclusion: ContainerExclusion) throws {
        // Found by review (helper-234): an excluded container was not tracked at all, so that nothing noticed its
        // release, and a child kept alive by mistake was never reported.
        var configuration = LeakDetector.Configuration()
        if exclusion == .excludedType { configuration.excludedTypes = [Dashboard.self] }
        let host = try Host(configuration: configuration)
        let (childID, dashboardID): (ObjectIdentifier, ObjectIdentifier)
        do {
            let dashboard = Dashboard(title: "Dash")
            if exclusion == .optedOut { dashboard.isLeakDetectionEnabled = false }
            let child = Cart(title: "Mini cart")
            (childID, dashboardID) = (ObjectIdentifier(child), ObjectIdentifier(dashboard))
            try dashboard.addChild(child)
            leakingCache.retain(child)
            leakingCache.retain(dashboard)  // kept on purpose, past the first check
            try host.home.present(dashboard, animated: false)
            dashboard.dismiss(animated: false)
            if exclusion == .optedOutOnceRemoved { dashboard.isLeakDetectionEnabled = false }
        }
        defer { leakingCache.release(childID) }
        host.time.advance(by: 2)
        #expect(host.reports.take() == [])
        leakingCache.release(dashboardID)
        // Its next check (on a suspect's schedule: 3 s after the first) notices its release.
        host.time.advance(by: 3)
        #expect(
            host.reports.take() == [
                #"suspected leak: Cart "Mini cart" [Cart] removed by dismiss at 0.000 s, still alive at 4.500 s"#
            ])
    }

    @Test("an excluded container kept alive is never reported, and nor is its content while it holds it")
    func excludedContainerKept() throws {
        var configuration = LeakDetector.Configuration()
        configuration.excludedTypes = [Dashboard.self]
        let host = try Host(configuration: configuration)
        let dashboard = Dashboard(title: "Dash")
        try dashboard.addChild(Cart(title: "Mini cart"))
        try host.home.present(dashboard, animated: false)
        dashboard.dismiss(animated: false)
        #expect(host.detector.trackedScreenCount == 1)
        host.time.advance(by: 100)
        #expect(host.reports.take() == [])
        // Presented again, it is forgotten; an excluded screen that holds no checked screen is not tracked at all.
        try host.home.present(dashboard, animated: false)
        #expect(host.detector.trackedScreenCount == 0)
        let empty = Dashboard(title: "Empty")
        try host.navigation.push(empty, animated: false)
        try host.navigation.pop(animated: false)
        #expect(host.detector.trackedScreenCount == 0)
    }

    @Test("an excluded container checked again is a suspect from its next check; one with nothing to carry goes")
    func excludedContainerCheckedAgain() throws {
        // Found by review (helper-237): it stayed a silent carrier, and one whose content went stayed tracked.
        let host = try Host(configuration: LeakDetector.Configuration(excludedTypes: [Dashboard.self]))
        let dashboard = Dashboard(title: "Dash")
        try dashboard.addChild(Cart(title: "Mini cart"))
        let emptied = Dashboard(title: "Emptied")
        let cart = Cart(title: "Leaves")
        try emptied.addChild(cart)
        for screen in [dashboard, emptied] {
            try host.home.present(screen, animated: false)
            screen.dismiss(animated: false)
        }
        #expect(host.detector.trackedScreenCount == 2)
        dashboard.isLeakDetectionEnabled = true
        cart.isLeakDetectionEnabled = false
        host.time.advance(by: 1.5)
        #expect(
            host.reports.take() == [
                #"suspected leak: Dashboard "Dash" [Dashboard] removed by dismiss at 0.000 s, still alive at 1.500 s"#
            ])
        #expect(host.detector.isTracking(dashboard) && !host.detector.isTracking(emptied))
    }

    @Test("a detector that tracks nothing goes as soon as nothing else holds it, whatever its scheduler still holds")
    func detectorWithNothingTrackedGoes() throws {
        // Found by review (helper-237): the scheduled check held it strongly until its due time, even with nothing to
        // check, and a virtual clock never advanced again kept it (and its handler's captures) for good.
        weak var released: LeakDetector?
        let time: VirtualTime
        do {
            let host = try Host()
            time = host.time
            released = host.detector
            let shoes = ProductDetail(title: "Shoes")
            try host.navigation.push(shoes, animated: false)
            try host.navigation.pop(animated: false)
            try host.navigation.push(shoes, animated: false)  // attached again: forgotten
            #expect(host.detector.trackedScreenCount == 0)
            host.window.hide()
        }
        #expect(released == nil && time.pendingCount == 1)
    }

    @Test(
        "a detector that its window no longer holds, or that was detached, still checks the screens it tracks",
        arguments: [false, true])
    func detectorOutlivesItsAttachment(detaches: Bool) throws {
        // Found by review (helper-234): the scheduled check held the detector weakly, so that a detector held only by
        // its window went away with it (or with its detachment), and the screens it tracked were never checked.
        weak var released: LeakDetector?
        let (time, reports): (VirtualTime, EventLog)
        let shoesID: ObjectIdentifier
        do {
            let host = try Host()
            (time, reports) = (host.time, host.reports)
            released = host.detector
            shoesID = try host.pushAndPopLeakedShoes()
            if detaches { host.detector.detach(from: host.window) } else { host.window.hide() }
        }
        time.advance(by: 11)
        #expect(
            reports.take() == [
                #"suspected leak: ProductDetail "Shoes" [ProductDetail] removed by pop at 0.000 s, "#
                    + "still alive at 1.500 s",
                #"confirmed leak: ProductDetail "Shoes" [ProductDetail] removed by pop at 0.000 s, "#
                    + "still alive at 10.500 s",
            ])
        #expect(released != nil)  // a confirmed screen is watched for its release
        leakingCache.release(shoesID)
        time.advance(by: 30)
        #expect(
            reports.take() == [
                #"released late: ProductDetail "Shoes" [ProductDetail] removed by pop at 0.000 s, released by 40.500 s"#
            ])
        // Nothing left to check: nothing holds the detector any more.
        #expect(released == nil && time.pendingCount == 0)
    }

    @Test("what a popped screen still presents over its context is checked once the popped screen is gone")
    func presentationOutlivesItsPoppedPresenter() throws {
        let host = try Host()
        let cartID: ObjectIdentifier
        do {
            let detail = ProductDetail(title: "Shoes")
            let cart = Cart(title: "Mini cart")
            cartID = ObjectIdentifier(cart)
            leakingCache.retain(cart)
            detail.definesPresentationContext = true
            try host.navigation.push(detail, animated: false)
            try detail.present(cart, style: .currentContext, animated: false)
            try host.navigation.pop(animated: false)
            #expect(cart.presentingScreen === detail)  // it stays presented by the popped screen, as in UIKit
        }
        defer { leakingCache.release(cartID) }
        host.time.advance(by: 1.5)
        #expect(
            host.reports.take() == [
                #"suspected leak: Cart "Mini cart" [Cart] removed by pop at 0.000 s, still alive at 1.500 s"#
            ])
    }

    @Test("a leaked container is reported alone, not with the children it holds")
    func leakedContainer() throws {
        let host = try Host()
        let id: ObjectIdentifier
        do {
            let dashboard = Dashboard(title: "Dash")
            id = ObjectIdentifier(dashboard)
            try dashboard.addChild(Cart(title: "Mini cart"))
            leakingCache.retain(dashboard)
            try host.home.present(dashboard, animated: false)
            dashboard.dismiss(animated: false)
        }
        defer { leakingCache.release(id) }
        host.time.advance(by: 1.5)
        #expect(
            host.reports.take() == [
                #"suspected leak: Dashboard "Dash" [Dashboard] removed by dismiss at 0.000 s, still alive at 1.500 s"#
            ])
    }

    @Test("excluded types (with subtypes), per-type switches, per-screen opt-out, and the global switch")
    func exclusions() throws {
        class Gallery: Screen {}
        final class PhotoGallery: Gallery {}
        final class VideoGallery: Gallery {}
        var configuration = LeakDetector.Configuration()
        configuration.excludedTypes = [Gallery.self]
        configuration.setEnabled(true, for: VideoGallery.self)
        let host = try Host(configuration: configuration)
        let kept = [PhotoGallery(title: "photos"), VideoGallery(title: "videos"), ProductDetail(title: "kept")]
        kept[2].isLeakDetectionEnabled = false
        for screen in kept {
            try host.navigation.push(screen, animated: false)
            try host.navigation.pop(animated: false)
        }
        #expect(host.detector.trackedScreenCount == 1)
        host.time.advance(by: 1.5)
        #expect(
            host.reports.take() == [
                #"suspected leak: VideoGallery "videos" [VideoGallery] removed by pop at 0.000 s"#
                    + #", still alive at 1.500 s"#
            ])
        // Opting out after the screen left silences the checks already scheduled.
        kept[1].isLeakDetectionEnabled = false
        host.time.advance(by: 20)
        #expect(host.reports.take() == [])
        #expect(host.detector.trackedScreenCount == 0)
        // Switched off, the detector forgets what it tracks and tracks nothing new.
        let cart = Cart()
        try host.navigation.push(cart, animated: false)
        try host.navigation.pop(animated: false)
        #expect(host.detector.trackedScreenCount == 1)
        host.detector.isEnabled = false
        #expect(host.detector.trackedScreenCount == 0)
        try host.navigation.push(cart, animated: false)
        try host.navigation.pop(animated: false)
        host.time.advance(by: 20)
        #expect(host.reports.take() == [] && host.detector.trackedScreenCount == 0)
        #expect(host.time.pendingCount == 0)
    }

    @Test("10,000 screens pushed and popped leave no tracker entries and no scheduled check")
    func boundedMemory() throws {
        let host = try Host()
        do {
            // Held while they come and go, so that all 10,000 are tracked at once.
            var screens: [Screen] = []
            for _ in 0..<10_000 {
                let screen = ProductDetail()
                screens.append(screen)
                try host.navigation.push(screen, animated: false)
                try host.navigation.pop(animated: false)
            }
            #expect(host.detector.trackedScreenCount == 10_000)
        }
        // One scheduled action serves them all; they are released before their first check.
        #expect(host.time.pendingCount == 1)
        host.time.advance(by: 2)
        #expect(host.detector.trackedScreenCount == 0)
        #expect(host.time.pendingCount == 0)
        // Released as they go, while time runs: entries live only until their check.
        var mostTracked = 0
        for _ in 0..<10_000 {
            try host.navigation.push(ProductDetail(), animated: false)
            try host.navigation.pop(animated: false)
            host.time.advance(by: 0.001)
            mostTracked = max(mostTracked, host.detector.trackedScreenCount)
        }
        #expect(mostTracked <= 1_501)
        host.time.advance(by: 2)
        #expect(host.detector.trackedScreenCount == 0)
        #expect(host.time.pendingCount == 0)
        #expect(host.reports.take() == [])
    }

    @Test("the schedule is configurable: no back-off confirms at the first check; no release watch stops there")
    func customSchedule() throws {
        let host = try Host(
            configuration: LeakDetector.Configuration(gracePeriod: 2, backoff: [], releaseWatchInterval: nil))
        let id = try host.pushAndPopLeakedShoes()
        host.time.advance(by: 2)
        #expect(
            host.reports.take() == [
                #"confirmed leak: ProductDetail "Shoes" [ProductDetail] removed by pop at 0.000 s"#
                    + #", still alive at 2.000 s"#
            ])
        #expect(host.detector.trackedScreenCount == 0 && host.time.pendingCount == 0)
        leakingCache.release(id)
        host.time.advance(by: 60)
        #expect(host.reports.take() == [])
    }

    @Test(
        "back-off delays removed after a screen was suspected: its next check confirms it",
        arguments: [30.0, nil])
    func backoffShortenedAfterSuspicion(releaseWatchInterval: Double?) throws {
        let host = try Host(
            configuration: LeakDetector.Configuration(backoff: [3, 6], releaseWatchInterval: releaseWatchInterval))
        let id = try host.pushAndPopLeakedShoes()
        host.time.advance(by: 1.5)
        #expect(host.reports.take().map { $0.prefix(15) } == ["suspected leak:"])
        host.detector.configuration.backoff = []  // one check in all: it was done
        host.time.advance(by: 3)  // the check scheduled when it was suspected
        #expect(
            host.reports.take() == [
                #"confirmed leak: ProductDetail "Shoes" [ProductDetail] removed by pop at 0.000 s"#
                    + #", still alive at 4.500 s"#
            ])
        host.time.advance(by: 100)
        #expect(host.reports.take() == [])
        leakingCache.release(id)
        host.time.advance(by: 30)
        #expect(host.reports.take().count == (releaseWatchInterval == nil ? 0 : 1))  // released late, if watched
        #expect(host.detector.trackedScreenCount == 0)
    }

    @Test("a report carries what the screen was when it left")
    func reportFields() throws {
        let time = VirtualTime()
        let window = Window(time: time)
        let navigation = try NavigationController(rootScreen: Home())
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        let reports = Mutex<[LeakReport]>([])
        let detector = LeakDetector(time: time, isEnabled: true) { report in reports.withLock { $0.append(report) } }
        detector.attach(to: window)
        let detail = ProductDetail(title: "Shoes")
        detail.statisticName = "Product"
        time.advance(by: 4)
        try navigation.push(detail, animated: false)
        try navigation.pop(animated: false)
        detail.title = "renamed"
        time.advance(by: 1.5)
        #expect(
            reports.withLock { $0 } == [
                LeakReport(
                    kind: .suspected, typeName: "ProductDetail", title: "Shoes", statisticName: "Product",
                    reason: .pop, removedAt: 4, reportedAt: 5.5)
            ])
        detector.detach(from: window)
        try navigation.push(Cart(), animated: false)
        try navigation.pop(animated: false)
        #expect(!detector.isTracking(navigation) && detector.trackedScreenCount == 1)
    }

    @Test("a report is Codable: every field under its name, a missing title as null, and back")
    func reportCoding() throws {
        let report = LeakReport(
            kind: .releasedLate, typeName: "ProductDetail", title: nil, statisticName: "Product",
            reason: .windowRootReplaced, removedAt: 4, reportedAt: 5.5)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(
            json == #"{"kind":"releasedLate","reason":"windowRootReplaced","removedAt":4,"reportedAt":5.5,"#
                + #""statisticName":"Product","title":null,"typeName":"ProductDetail"}"#)
        #expect(try JSONDecoder().decode(LeakReport.self, from: Data(json.utf8)) == report)
        let titled = LeakReport(
            kind: .confirmed, typeName: "Cart", title: "Cart", statisticName: "Cart", reason: .dismiss, removedAt: 1,
            reportedAt: 2)
        #expect(try JSONDecoder().decode(LeakReport.self, from: encoder.encode(titled)) == titled)
    }

    @Test("screens that go away with their window, without leaving its hierarchy, are not tracked")
    func screensThatGoWithTheirWindow() throws {
        let time = VirtualTime()
        let reports = EventLog()
        let detector = LeakDetector(time: time, isEnabled: true) { report in reports.add("\(report)") }
        weak var released: Window?
        let root = Home(title: "Home")
        do {
            let window = Window(time: time)
            released = window
            detector.attach(to: window)
            try window.setRootScreen(root)
            window.makeKeyAndVisible()
        }
        #expect(released == nil)
        time.advance(by: 60)
        #expect(reports.take() == [])
        withExtendedLifetime(root) {}
    }

    @Test(
        "an infinite delay is a check that never comes: nothing is tracked, or the screen is forgotten there",
        arguments: [
            LeakDetector.Configuration(gracePeriod: .infinity),
            LeakDetector.Configuration(backoff: [.infinity]),
            LeakDetector.Configuration(releaseWatchInterval: .infinity),
        ])
    func infiniteDelays(configuration: LeakDetector.Configuration) throws {
        // Found by review (helper-216): an infinite grace period kept every removed screen tracked for good.
        let host = try Host(configuration: configuration)
        let shoes = try host.pushAndPopLeakedShoes()
        defer { leakingCache.release(shoes) }
        let graceIsInfinite = configuration.gracePeriod == .infinity
        #expect(host.detector.trackedScreenCount == (graceIsInfinite ? 0 : 1))
        host.time.advance(by: 1_000)
        let reports = host.reports.take()
        #expect(host.detector.trackedScreenCount == 0)
        let expected =
            graceIsInfinite
            ? [] : configuration.backoff == [.infinity] ? ["suspected"] : ["suspected", "confirmed"]
        #expect(reports.map { String($0.prefix(while: { $0 != " " })) } == expected, "\(reports)")
    }
}
