import LifecycleKit
import Testing

/// UIKit's event order for modal presentation, containment and window roots.
@Suite("Presentation, containment and window order")
struct PresentationOrderTests {
    /// A visible window whose root is screen `A`.
    struct Host {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let root: TestScreen

        init() throws {
            root = TestScreen("A", log)
            try window.setRootScreen(root)
            window.makeKeyAndVisible()
            _ = log.take()
        }
    }

    @Test(
        "full-screen and current-context presentations: the presenter disappears and comes back",
        arguments: [
            ModalPresentationStyle.fullScreen, .currentContext,
        ])
    func coveringPresentation(style: ModalPresentationStyle) throws {
        let host = try Host()
        let b = TestScreen("B", host.log)
        let completions = Completions()
        try host.root.present(b, style: style, animated: true, completion: completions.callback("present"))
        #expect(host.log.take() == ["B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear"])
        host.window.transitionDriver.completeCurrentTransition()
        #expect(host.log.take() == ["B.viewDidAppear", "A.viewDidDisappear"])
        #expect(completions["present"] == [.completed])
        #expect(b.presentingScreen === host.root && host.root.presentedScreen === b)
        #expect(b.dismiss(animated: true, completion: completions.callback("dismiss")))
        #expect(host.log.take() == ["B.viewWillDisappear", "A.viewWillAppear"])
        host.window.transitionDriver.completeCurrentTransition()
        #expect(host.log.take() == ["A.viewDidAppear", "B.viewDidDisappear"])
        #expect(completions["dismiss"] == [.completed])
        #expect(b.presentingScreen == nil && host.root.presentedScreen == nil)
    }

    @Test("a chain of full-screen presentations dismissed from below: the covered screen in the middle gets no call")
    func chainDismissedFromBelow() throws {
        // UIKit's code uncovers B on the way (C.wD, B.wA, B.wD, A.wA) and then ends only B's disappearance, leaving its
        // viewWillAppear unbalanced; the host keeps every will-call balanced and sends B nothing (documented).
        let host = try Host()
        let (b, c) = (TestScreen("B", host.log), TestScreen("C", host.log))
        try host.root.present(b, style: .fullScreen, animated: false)
        try b.present(c, style: .fullScreen, animated: false)
        _ = host.log.take()
        let completions = Completions()
        #expect(host.root.dismiss(animated: true, completion: completions.callback("dismiss")))
        #expect(host.log.take() == ["C.viewWillDisappear", "A.viewWillAppear"])
        #expect(b.presentingScreen == nil && c.presentingScreen == nil && host.root.presentedScreen == nil)
        host.window.transitionDriver.completeCurrentTransition()
        #expect(host.log.take() == ["A.viewDidAppear", "C.viewDidDisappear"])
        #expect(completions["dismiss"] == [.completed])
        #expect(b.visibleState == [.loaded, .didDisappear] && c.visibleState == [.loaded, .didDisappear])
    }

    @Test("a current-context presentation from a sheet takes the sheet's place: the sheet's presenter gets nothing")
    func currentContextFromASheet() throws {
        let host = try Host()
        let (b, c) = (TestScreen("B", host.log), TestScreen("C", host.log))
        try host.root.present(b, style: .pageSheet, animated: false)
        _ = host.log.take()
        try b.present(c, style: .currentContext, animated: true)
        #expect(host.log.take() == ["C.loadView", "C.viewDidLoad", "B.viewWillDisappear", "C.viewWillAppear"])
        host.window.transitionDriver.completeCurrentTransition()
        #expect(host.log.take() == ["C.viewDidAppear", "B.viewDidDisappear"])
        #expect(host.root.view.window === host.window && b.view.window == nil)
        #expect(c.dismiss(animated: false))
        #expect(
            host.log.take() == ["C.viewWillDisappear", "B.viewWillAppear", "B.viewDidAppear", "C.viewDidDisappear"])
        #expect(host.root.view.window === host.window && b.view.window === host.window && c.view.window == nil)
    }

    @Test("without a style, present uses the presented screen's modalPresentationStyle, as UIKit does")
    func styleFromThePresentedScreen() throws {
        let host = try Host()
        let b = TestScreen("B", host.log)
        b.modalPresentationStyle = .fullScreen
        try host.root.present(b, animated: false)
        #expect(
            host.log.take() == [
                "B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "B.viewDidAppear",
                "A.viewDidDisappear",
            ])
        #expect(b.modalPresentationStyle == .fullScreen)
        #expect(host.window.screenForStatusBarHidden === b)
        #expect(b.dismiss(animated: false))
        #expect(
            host.log.take() == ["B.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear", "B.viewDidDisappear"])

        // Left alone, the property is automatic: a sheet.
        let c = TestScreen("C", host.log)
        try host.root.present(c, animated: false)
        #expect(host.log.take() == ["C.loadView", "C.viewDidLoad", "C.viewWillAppear", "C.viewDidAppear"])
        #expect(c.modalPresentationStyle == .automatic)
        #expect(c.dismiss(animated: false))
        _ = host.log.take()
    }

    @Test("a style given to present wins over the property and is stored in it")
    func explicitStyleReplacesTheProperty() throws {
        let host = try Host()
        let b = TestScreen("B", host.log)
        b.modalPresentationStyle = .fullScreen
        try host.root.present(b, style: .pageSheet, animated: false)
        #expect(host.log.take() == ["B.loadView", "B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear"])
        #expect(b.modalPresentationStyle == .pageSheet)

        // A refused presentation leaves the property as it was.
        let c = TestScreen("C", host.log)
        expectError(.alreadyPresenting) { try host.root.present(c, style: .fullScreen, animated: false) }
        #expect(c.modalPresentationStyle == .automatic)
        #expect(host.log.take().isEmpty)
    }

    @Test(
        "sheet and over-full-screen presentations: the presenter gets no calls either way",
        arguments: [
            ModalPresentationStyle.pageSheet, .formSheet, .automatic, .overFullScreen,
        ])
    func sheetPresentation(style: ModalPresentationStyle) throws {
        let host = try Host()
        let b = TestScreen("B", host.log)
        try host.root.present(b, style: style, animated: false)
        #expect(host.log.take() == ["B.loadView", "B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear"])
        #expect(host.root.isAppearing)
        // Dismissed from the presenter this time.
        #expect(host.root.dismiss(animated: false))
        #expect(host.log.take() == ["B.viewWillDisappear", "B.viewDidDisappear"])
        #expect(host.root.visibleState == [.loaded, .didAppear])
    }

    @Test("a navigation controller presented as a sheet appears with its top screen, and pushes inside it")
    func navigationInSheet() throws {
        let host = try Host()
        let x = TestScreen("X", host.log)
        let navigation = try TestNavigation("sheet", root: x, host.log)
        _ = host.log.take()
        try host.root.present(navigation, style: .pageSheet, animated: true)
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take() == [
                "sheet.loadView", "sheet.viewDidLoad", "sheet.viewWillAppear", "X.loadView",
                "X.viewDidLoad", "X.viewWillAppear", "sheet.willShow(X)", "sheet.viewDidAppear", "X.viewDidAppear",
                "X.didMove(sheet)",
                "sheet.didShow(X)",
            ])
        let y = TestScreen("Y", host.log)
        try navigation.push(y, animated: true)
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.takeLifecycle() == [
                "Y.loadView", "Y.viewDidLoad", "X.viewWillDisappear", "Y.viewWillAppear", "X.viewDidDisappear",
                "Y.viewDidAppear",
            ])
        #expect(y.presentingScreen === host.root)
        // Dismissing from a screen inside the presented container dismisses the container.
        #expect(y.dismiss(animated: true))
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take() == [
                "sheet.viewWillDisappear", "Y.viewWillDisappear", "sheet.viewDidDisappear", "Y.viewDidDisappear",
            ])
        #expect(navigation.presentingScreen == nil && host.root.presentedScreen == nil)
    }

    @Test("a current-context presentation inside a navigation stack stands in for its screen on push and pop")
    func currentContextInsideAStack() throws {
        let host = try NavigationHost(driver: .manual)
        host.root.definesPresentationContext = true
        let p = host.screen("P")
        try host.root.present(p, style: .currentContext, animated: false)
        #expect(
            host.log.takeLifecycle() == [
                "P.loadView", "P.viewDidLoad", "A.viewWillDisappear", "P.viewWillAppear", "P.viewDidAppear",
                "A.viewDidDisappear",
            ])
        #expect(p.presentingScreen === host.root)

        try host.navigation.push(host.screen("B"), animated: false)
        #expect(
            host.log.takeLifecycle() == [
                "B.loadView", "B.viewDidLoad", "P.viewWillDisappear", "B.viewWillAppear", "P.viewDidDisappear",
                "B.viewDidAppear",
            ])
        try host.navigation.pop(animated: false)
        #expect(
            host.log.takeLifecycle() == [
                "B.viewWillDisappear", "P.viewWillAppear", "B.viewDidDisappear", "P.viewDidAppear",
            ])
        #expect(host.root.visibleState.contains(.didDisappear) && p.visibleState.contains(.didAppear))

        // The pop gesture reveals P too, and a cancelled one puts B back.
        try host.navigation.push(host.screen("C"), animated: false)
        _ = host.log.take()
        let pop = try host.navigation.beginInteractivePop(translation: 4)
        #expect(host.log.takeLifecycle() == ["C.viewWillDisappear", "P.viewWillAppear"])
        pop.cancel()
        #expect(
            host.log.takeLifecycle() == [
                "P.viewWillDisappear", "P.viewDidDisappear", "C.viewWillAppear", "C.viewDidAppear",
            ])
        let finished = try host.navigation.beginInteractivePop(translation: 4)
        finished.finish()
        #expect(
            host.log.takeLifecycle() == [
                "C.viewWillDisappear", "P.viewWillAppear", "C.viewDidDisappear", "P.viewDidAppear",
            ])
        #expect(host.root.visibleState.contains(.didDisappear))
    }

    @Test("dismissing a presented screen that presents another dismisses both, the top one first")
    func dismissChain() throws {
        let host = try Host()
        let (b, c) = (TestScreen("B", host.log), TestScreen("C", host.log))
        try host.root.present(b, style: .fullScreen, animated: false)
        try b.present(c, style: .pageSheet, animated: false)
        _ = host.log.take()
        #expect(host.root.dismiss(animated: false))
        #expect(
            host.log.take() == [
                "C.viewWillDisappear", "B.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear",
                "C.viewDidDisappear", "B.viewDidDisappear",
            ])
        #expect(c.presentingScreen == nil && b.presentedScreen == nil)
    }

    @Test("child containment: add and remove a child of a screen on screen, and forwarding")
    func containment() throws {
        let host = try Host()
        let child = TestScreen("child", host.log)
        try host.root.addChild(child)
        #expect(
            host.log.take() == [
                "child.willMove(A)", "child.loadView", "child.viewDidLoad", "child.viewWillAppear",
                "child.viewDidAppear", "child.didMove(A)",
            ])
        // The parent's appearance is forwarded to the child, parent first.
        let b = TestScreen("B", host.log)
        try host.root.present(b, style: .fullScreen, animated: false)
        #expect(
            host.log.take() == [
                "B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "child.viewWillDisappear", "B.viewWillAppear",
                "B.viewDidAppear", "A.viewDidDisappear", "child.viewDidDisappear",
            ])
        b.dismiss(animated: false)
        _ = host.log.take()
        child.removeFromParent()
        #expect(
            host.log.take() == [
                "child.willMove(nil)", "child.viewWillDisappear", "child.viewDidDisappear", "child.didMove(nil)",
            ])
        #expect(child.parent == nil && host.root.children.isEmpty)
    }

    @Test("replacing the root of a visible window: the new root loads, then the old one goes")
    func windowRootReplacement() throws {
        let host = try Host()
        let b = TestScreen("B", host.log)
        let completions = Completions()
        try host.window.setRootScreen(b, completion: completions.callback("root"))
        #expect(
            host.log.take() == [
                "B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear",
                "B.viewDidAppear",
            ])
        #expect(completions["root"] == [.completed])
        #expect(host.root.window == nil && b.window === host.window)
    }

    @Test("presenting needs a window, and one presentation at a time per context")
    func presentationErrors() throws {
        let host = try Host()
        let loose = TestScreen("loose", host.log)
        expectError(.presenterNotInWindow) { try loose.present(TestScreen("x", host.log)) }
        let b = TestScreen("B", host.log)
        try host.root.present(b, animated: false)
        expectError(.alreadyPresenting) { try host.root.present(TestScreen("C", host.log), animated: false) }
        expectError(.invalidPresentation) { try b.present(host.root, animated: false) }
        expectError(.alreadyAttached) { try host.root.addChild(b) }
        expectError(.invalidContainment) { try host.root.addChild(host.root) }
        expectError(.alreadyAttached) { try host.window.setRootScreen(b) }
        #expect(host.root.presentedScreen === b)
    }

    @Test("full screen from a sheet: every screen on screen goes off, from the presenter down, and comes back")
    func fullScreenFromASheet() throws {
        let host = try Host()
        let (b, c) = (TestScreen("B", host.log), TestScreen("C", host.log))
        try host.root.present(b, style: .pageSheet, animated: false)
        _ = host.log.take()
        try b.present(c, style: .fullScreen, animated: false)
        #expect(
            host.log.take() == [
                "C.loadView", "C.viewDidLoad", "B.viewWillDisappear", "A.viewWillDisappear", "C.viewWillAppear",
                "C.viewDidAppear", "B.viewDidDisappear", "A.viewDidDisappear",
            ])
        #expect(c.presentingScreen === b)
        #expect(c.dismiss(animated: false))
        #expect(
            host.log.take() == [
                "C.viewWillDisappear", "A.viewWillAppear", "B.viewWillAppear", "A.viewDidAppear", "B.viewDidAppear",
                "C.viewDidDisappear",
            ])
    }

    @Test("a presentation that several rules refuse reports the first: window, swipe, context, containment, screen")
    func firstRefusalWins() throws {
        let host = try Host()
        let loose = TestScreen("loose", host.log)
        expectError(.presenterNotInWindow) { try loose.present(loose) }  // not in a window, and itself
        let b = TestScreen("B", host.log)
        try host.root.present(b, style: .pageSheet, animated: false)
        expectError(.alreadyPresenting) { try host.root.present(host.root) }  // already presenting, and itself
        expectError(.alreadyPresenting) { try host.root.present(b) }  // already presenting, and presented
        let swipe = try b.beginInteractiveDismissal()
        expectError(.interactiveDismissalInProgress) { try b.present(host.root) }  // swiped, and its presenter
        swipe.cancel()
        expectError(.invalidPresentation) { try b.present(host.root) }  // its presenter, which is a window's root
        #expect(host.root.presentedScreen === b && b.presentedScreen == nil)
    }

    @Test("a screen in a container that presents itself, or the container, is refused as an invalid presentation")
    func presentingItselfFromAContainer() throws {
        let host = try NavigationHost(driver: .immediate)
        let (k, c) = (host.screen("K"), host.screen("C"))
        try k.addChild(c)
        try host.navigation.push(k, animated: false)
        // Found by a review: the context is the navigation controller, so a screen below it presenting itself (or
        // its container) was refused as already attached, where a window's root presenting itself is invalid.
        expectError(.invalidPresentation) { try c.present(c, animated: false) }
        expectError(.invalidPresentation) { try c.present(k, animated: false) }
        expectError(.invalidPresentation) { try k.present(k, animated: false) }
        expectError(.invalidPresentation) { try host.root.present(host.root, animated: false) }
        expectError(.invalidPresentation) { try host.navigation.present(host.navigation, animated: false) }
        expectError(.alreadyAttached) { try c.present(host.root, animated: false) }  // in the stack, not around C
        #expect(host.navigation.presentedScreen == nil && k.parent === host.navigation && c.parent === k)
    }

    @Test(
        "a current-context presentation from a screen presented over a current context covers that screen",
        arguments: [false, true])
    func currentContextFromAScreenOverACurrentContext(insideAContainer: Bool) throws {
        // UIKit looks for a current context through parents only, so a presented screen is the context of its own
        // presentations (iOS 26.1's `_nonModalAncestorViewControllerStopAtIsPresentationContext:`, read by
        // helper-158). The host went on from a screen presented inside a container to the screen that defines the
        // context, which already presents it, and refused; the article said so of a root's context too (helper-154).
        for flag in [false, true] {
            let host = try Host()
            let context = insideAContainer ? TestScreen("L", host.log) : host.root
            if insideAContainer { try host.root.addChild(context) }
            context.definesPresentationContext = insideAContainer || flag
            let presented = TestScreen("D", host.log)
            presented.definesPresentationContext = flag
            try context.present(presented, style: .currentContext, animated: false)
            _ = host.log.take()
            let form = TestScreen("F", host.log)
            try presented.present(form, style: .currentContext, animated: false)
            #expect(
                host.log.take() == [
                    "F.loadView", "F.viewDidLoad", "D.viewWillDisappear", "F.viewWillAppear", "F.viewDidAppear",
                    "D.viewDidDisappear",
                ])
            #expect(form.presentingScreen === presented && context.presentedScreen === presented)
            // Inside a container, the root stays on screen around the context.
            #expect((host.root.view.window === host.window) == insideAContainer && form.view.window === host.window)
            // The screen that defines the context already presents: UIKit logs "already presenting".
            expectError(.alreadyPresenting) { try context.present(TestScreen("G", host.log), style: .currentContext) }
            #expect(form.dismiss(animated: false))
            #expect(
                host.log.take() == [
                    "F.viewWillDisappear", "D.viewWillAppear", "D.viewDidAppear", "F.viewDidDisappear",
                ])
        }
    }

    @Test("a navigation controller defines a presentation context: a current-context presentation covers it alone")
    func navigationControllerDefinesItsContext() throws {
        // UIKit's `UINavigationController` sets `definesPresentationContext` (Apple's documentation of the property:
        // "Some system-provided view controllers, such as UINavigationController, change the default value"), so a
        // current-context presentation from a screen of its stack inside a container covers the controller, not the
        // container: the container's other children stay on screen.
        let host = try Host()
        let stack = try TestNavigation("nav", root: TestScreen("S", host.log), host.log)
        let side = TestScreen("T", host.log)
        #expect(stack.definesPresentationContext && !side.definesPresentationContext)
        #expect(NavigationController().definesPresentationContext)
        try host.root.addChild(stack)
        try host.root.addChild(side)
        let top = TestScreen("B", host.log)
        try stack.push(top, animated: false)
        host.window.transitionDriver.completeAll()
        _ = host.log.take()
        let cover = TestScreen("C", host.log)
        try top.present(cover, style: .currentContext, animated: false)
        #expect(
            host.log.take() == [
                "C.loadView", "C.viewDidLoad", "nav.viewWillDisappear", "B.viewWillDisappear", "C.viewWillAppear",
                "C.viewDidAppear", "nav.viewDidDisappear", "B.viewDidDisappear",
            ])
        #expect(cover.presentingScreen === stack && stack.presentedScreen === cover && top.presentedScreen === cover)
        #expect(host.root.view.window === host.window && side.view.window === host.window)
        // Cleared, the context is the top of the containers again: the root, which the presentation covers whole.
        #expect(cover.dismiss(animated: false))
        host.window.transitionDriver.completeAll()
        stack.definesPresentationContext = false
        _ = host.log.take()
        try top.present(TestScreen("D", host.log), style: .currentContext, animated: false)
        #expect(host.log.take().prefix(3) == ["D.loadView", "D.viewDidLoad", "A.viewWillDisappear"])
    }

    @Test(
        "a current-context presentation or dismissal that animates in a tab: a switch takes both of its sides off",
        arguments: [false, true], [false, true])
    func currentContextTransitionWhenTheTabSwitchesAway(dismisses: Bool, comesBackFirst: Bool) throws {
        // Found by review (helper-267): the side that the transition takes off screen (the controller and its top
        // under the presented screen, or the dismissed screen) stayed in its viewWillDisappear, under a tab no longer
        // shown, until the transition completed, where a removal of the tab ended it at once.
        let log = EventLog()
        let (a, b) = (TestScreen("A", log), TestScreen("B", log))
        let host = try TabbedNavigationHost(root: a, log)
        let (window, navigation, tabs) = (host.window, host.navigation, host.tabs)
        if dismisses {
            try a.present(b, style: .currentContext, animated: false)
            window.transitionDriver.completeAll()
            _ = log.take()
            #expect(b.dismiss(animated: true))
            #expect(
                log.take() == ["B.viewWillDisappear", "nav.viewWillAppear", "A.viewWillAppear", "nav.willShow(A)"])
        } else {
            _ = log.take()
            try a.present(b, style: .currentContext, animated: true)
            #expect(
                log.take() == [
                    "B.loadView", "B.viewDidLoad", "nav.viewWillDisappear", "A.viewWillDisappear", "B.viewWillAppear",
                ])
        }
        tabs.selectedIndex = 1
        let appearing = ["Z.loadView", "Z.viewDidLoad", "Z.viewWillAppear"]
        if dismisses {
            #expect(
                log.take() == appearing + [
                    "nav.viewDidAppear", "A.viewDidAppear", "nav.didShow(A)", "nav.viewWillDisappear",
                    "A.viewWillDisappear", "nav.viewDidDisappear", "A.viewDidDisappear", "B.viewDidDisappear",
                    "Z.viewDidAppear",
                ])
        } else {
            #expect(
                log.take() == appearing + [
                    "B.viewDidAppear", "B.viewWillDisappear", "B.viewDidDisappear", "nav.viewDidDisappear",
                    "A.viewDidDisappear", "Z.viewDidAppear",
                ])
        }
        let off: ScreenVisibleState = [.loaded, .didDisappear]
        #expect(navigation.visibleState == off && a.visibleState == off && b.visibleState == off)
        if comesBackFirst {
            tabs.selectedIndex = 0
            #expect(log.take() == Self.tabComingBack(dismisses: dismisses))
        }
        window.transitionDriver.completeAll()
        #expect(log.take() == [])
        let on: ScreenVisibleState = comesBackFirst ? [.loaded, .didAppear] : off
        #expect(navigation.visibleState == (dismisses ? on : off) && a.visibleState == (dismisses ? on : off))
        #expect(b.visibleState == (dismisses ? off : on))
    }

    /// The calls as the tab that holds a current-context presentation (or its dismissal) comes back: the screen it
    /// shows (B presented over nav, or nav and A once dismissed) appears in Z's place.
    static func tabComingBack(dismisses: Bool) -> [String] {
        let (begins, ends) =
            dismisses
            ? (
                ["nav.viewWillAppear", "A.viewWillAppear", "nav.willShow(A)"],
                ["nav.viewDidAppear", "A.viewDidAppear", "nav.didShow(A)"]
            )
            : (["B.viewWillAppear"], ["B.viewDidAppear"])
        return begins + ["Z.viewWillDisappear", "Z.viewDidDisappear"] + ends
    }

    @Test(
        "a switch that ends where it began, before a current-context transition reached the tab, leaves it its screens",
        arguments: [false, true], [false, true])
    func currentContextTransitionWhoseCallsSwitchToTheTabItShows(dismisses: Bool, animated: Bool) throws {
        // Found by review (helper-271): the switch brought on screen, inside the call, the screen the transition was
        // about to bring (the presented screen, or the context that a dismissal uncovers), and took off the one it was
        // about to take off: viewDidAppear inside a will-call, before the animation; from the presented screen's
        // loadView, its viewWillAppear before its viewDidLoad.
        let calledFrom: [(screen: String, method: String)] =
            dismisses
            ? [("B", "viewWillDisappear")]
            : [("B", "loadView"), ("B", "viewDidLoad"), ("A", "viewWillDisappear")]
        // As without a switch ("|": the animation completes).
        let calls =
            dismisses
            ? [
                "B.viewWillDisappear", "nav.viewWillAppear", "A.viewWillAppear", "nav.willShow(A)", "|",
                "nav.viewDidAppear", "A.viewDidAppear", "nav.didShow(A)", "B.viewDidDisappear", "completion(completed)",
            ]
            : [
                "B.loadView", "B.viewDidLoad", "nav.viewWillDisappear", "A.viewWillDisappear", "B.viewWillAppear", "|",
                "B.viewDidAppear", "nav.viewDidDisappear", "A.viewDidDisappear", "completion(completed)",
            ]
        for (screen, method) in calledFrom {
            for change in 0...2 {
                let log = EventLog()
                let (a, b) = (ScriptedScreen("A", log), ScriptedScreen("B", log))
                let host = try TabbedNavigationHost(root: a, log)
                let (window, tabs) = (host.window, host.tabs)
                if dismisses {
                    try a.present(b, style: .currentContext, animated: false)
                    window.transitionDriver.completeAll()
                }
                (screen == "A" ? a : b).actions[method] = {
                    log.add("switch")
                    switch change {
                    case 0: tabs.updateShownChildren()
                    case 1: tabs.selectedIndex = 0
                    default: (tabs.selectedIndex, tabs.selectedIndex) = (1, 0)
                    }
                    log.add("switched")
                }
                _ = log.take()
                let completion: (TransitionOutcome) -> Void = { log.add("completion(\($0))") }
                if dismisses {
                    #expect(b.dismiss(animated: animated, completion: completion))
                } else {
                    try a.present(b, style: .currentContext, animated: animated, completion: completion)
                }
                var trace = log.take()
                window.transitionDriver.completeAll()
                trace += (animated ? ["|"] : []) + log.take()
                var expected = animated ? calls : calls.filter { $0 != "|" }
                // Away and back: Z, the other tab, comes and goes inside the call. From the presented screen's load,
                // the step away takes the context off screen, as any switch away does, and the transition then brings
                // only the presented screen.
                let isLoad = method.hasSuffix("Load") || method == "loadView"
                let contextLeaves = [
                    "nav.viewWillDisappear", "A.viewWillDisappear", "nav.viewDidDisappear", "A.viewDidDisappear",
                ]
                if change == 2 && isLoad {
                    expected.removeAll { contextLeaves.contains($0) }
                }
                let zComesAndGoes =
                    ["Z.loadView", "Z.viewDidLoad", "Z.viewWillAppear"] + (isLoad ? contextLeaves : [])
                    + ["Z.viewDidAppear", "Z.viewWillDisappear", "Z.viewDidDisappear"]
                expected.insert(
                    contentsOf: ["switch"] + (change == 2 ? zComesAndGoes : []) + ["switched"],
                    at: expected.firstIndex(of: "\(screen).\(method)")! + 1)
                #expect(trace == expected, "from \(screen).\(method), change \(change)")
                let on: ScreenVisibleState = [.loaded, .didAppear]
                let off: ScreenVisibleState = [.loaded, .didDisappear]
                #expect(a.visibleState == (dismisses ? on : off) && b.visibleState == (dismisses ? off : on))
            }
        }
    }

    @Test(
        "a tab switch from the will-calls of a current-context transition, before its other side, ends what goes off",
        arguments: [false, true], [false, true])
    func currentContextTransitionWhoseWillCallsSwitchTheTabAway(dismisses: Bool, comesBackFirst: Bool) throws {
        // Found by review (helper-268): the side going off screen (the controller and its top under the presented
        // screen, or the dismissed screen) stayed in its viewWillDisappear, under a tab no longer shown, until the
        // transition completed; a switch once the other side began to appear ended it with the switch.
        let log = EventLog()
        let (a, b) = (ScriptedScreen("A", log), ScriptedScreen("B", log))
        let host = try TabbedNavigationHost(root: a, log)
        let (window, navigation, tabs) = (host.window, host.navigation, host.tabs)
        let completion: (TransitionOutcome) -> Void = { log.add("completion(\($0))") }
        var switches = true
        let switchAway = {
            guard switches else { return }
            switches = false
            tabs.selectedIndex = 1
        }
        if dismisses {
            try a.present(b, style: .currentContext, animated: false)
            window.transitionDriver.completeAll()
            b.actions["viewWillDisappear"] = switchAway
            _ = log.take()
            #expect(b.dismiss(animated: true, completion: completion))
        } else {
            a.actions["viewWillDisappear"] = switchAway
            _ = log.take()
            try a.present(b, style: .currentContext, animated: true, completion: completion)
        }
        let switchesAway = ["Z.loadView", "Z.viewDidLoad", "Z.viewWillAppear", "Z.viewDidAppear"]
        // The side going off screen gets its viewDidDisappear once the transition's will-calls are over; the other
        // side, whose will-calls the switch came before, gets none.
        #expect(
            log.take()
                == (dismisses
                    ? ["B.viewWillDisappear"] + switchesAway + ["B.viewDidDisappear"]
                    : [
                        "B.loadView", "B.viewDidLoad", "nav.viewWillDisappear", "A.viewWillDisappear",
                    ] + switchesAway + ["nav.viewDidDisappear", "A.viewDidDisappear"]))
        let off: ScreenVisibleState = [.loaded, .didDisappear]
        // A presented screen whose will-call never came has not appeared yet.
        let neverShown: ScreenVisibleState = [.loaded]
        #expect(navigation.visibleState == off && a.visibleState == off)
        #expect(b.visibleState == (dismisses ? off : neverShown))
        if comesBackFirst {
            tabs.selectedIndex = 0
            #expect(log.take() == Self.tabComingBack(dismisses: dismisses))
        }
        window.transitionDriver.completeAll()
        #expect(log.take() == ["completion(completed)"])
        let on: ScreenVisibleState = comesBackFirst ? [.loaded, .didAppear] : off
        #expect(navigation.visibleState == (dismisses ? on : off) && a.visibleState == (dismisses ? on : off))
        #expect(b.visibleState == (dismisses ? off : comesBackFirst ? on : neverShown))
    }

    @Test(
        "a dismissed screen that its will-call makes the parent of its own context, then a switch: the calls still end",
        arguments: [false, true])
    func dismissedScreenThatAdoptsItsContextBeforeASwitch(switchesFirst: Bool) throws {
        // Found by review (helper-273) of f490467: the walk from the dismissed screen to the child whose place it
        // keeps went round the cycle (B, its context nav, nav's new parent B) for ever.
        let log = EventLog()
        let (a, b) = (TestScreen("A", log), ScriptedScreen("B", log))
        let host = try TabbedNavigationHost(root: a, log)
        let (window, navigation, tabs) = (host.window, host.navigation, host.tabs)
        try a.present(b, style: .currentContext, animated: false)
        window.transitionDriver.completeAll()
        b.actions["viewWillDisappear"] = {
            if switchesFirst { tabs.selectedIndex = 1 }
            navigation.removeFromParent()
            try? b.addChild(navigation)
            tabs.updateShownChildren()
        }
        _ = log.take()
        #expect(b.dismiss(animated: true) { log.add("completion(\($0))") })
        window.transitionDriver.completeAll()
        #expect(log.take().last == "completion(completed)")
        #expect(navigation.parent === b && b.visibleState == [.loaded, .didDisappear])
    }

    @Test("a current-context screen covered by another, whose will-calls update the tabs without a change, stays")
    func currentContextChainWhoseWillCallsUpdateTheTabsWithoutAChange() throws {
        // Found by review (helper-271) of fbe061e: B, covered in a chain of current-context presentations and the
        // forwarding target of no child, got its viewDidDisappear as C's will-calls ended, before C's viewDidAppear.
        let log = EventLog()
        let (a, b, c) = (TestScreen("A", log), TestScreen("B", log), ScriptedScreen("C", log))
        let host = try TabbedNavigationHost(root: a, log)
        try a.present(b, style: .currentContext, animated: false)
        host.window.transitionDriver.completeAll()
        c.actions["viewWillAppear"] = { host.tabs.updateShownChildren() }
        _ = log.take()
        try b.present(c, style: .currentContext, animated: true) { log.add("completion(\($0))") }
        #expect(log.take() == ["C.loadView", "C.viewDidLoad", "B.viewWillDisappear", "C.viewWillAppear"])
        host.window.transitionDriver.completeAll()
        #expect(log.take() == ["C.viewDidAppear", "B.viewDidDisappear", "completion(completed)"])
    }

    @Test(
        "a switch that changes nothing, from the will-calls of a current-context dismissal, leaves it to the dismissal",
        arguments: ["B.viewWillDisappear", "A.viewWillAppear", "Z.removed"])
    func currentContextDismissalWhoseWillCallsSwitchNothing(from call: String) throws {
        // Found by review (helper-271) of fbe061e: the dismissed screen, which no child of the container stands for,
        // got its viewDidDisappear as the will-calls ended, before the uncovered context's viewDidAppear.
        let log = EventLog()
        let (a, b) = (ScriptedScreen("A", log), ScriptedScreen("B", log))
        let host = try TabbedNavigationHost(root: a, log)
        let (window, tabs) = (host.window, host.tabs)
        try a.present(b, style: .currentContext, animated: false)
        window.transitionDriver.completeAll()
        let switchNothing = {
            if call == "Z.removed" { tabs.children.last?.removeFromParent() }
            tabs.selectedIndex = 0
            tabs.updateShownChildren()
        }
        if call == "A.viewWillAppear" { a.actions["viewWillAppear"] = switchNothing }
        if call != "A.viewWillAppear" { b.actions["viewWillDisappear"] = switchNothing }
        _ = log.take()
        #expect(b.dismiss(animated: true) { log.add("completion(\($0))") })
        let started = log.take().filter { !$0.hasPrefix("Z.") }
        #expect(!started.contains("B.viewDidDisappear"))
        if call == "A.viewWillAppear" {
            #expect(started == ["B.viewWillDisappear", "nav.viewWillAppear", "A.viewWillAppear", "nav.willShow(A)"])
        }
        // (From B's viewWillDisappear, the selection of the tab shown brings nav and A on screen at once, an older
        // behaviour of a switch asked before the uncovered side began to appear; B's end is the dismissal's still.)
        window.transitionDriver.completeAll()
        #expect(log.take().suffix(2) == ["B.viewDidDisappear", "completion(completed)"])
        #expect(a.visibleState == [.loaded, .didAppear] && b.visibleState == [.loaded, .didDisappear])
    }

    @Test("a dismissal unlinks the screens at once; the presenter may present again while it animates")
    func dismissalUnlinksAtOnce() throws {
        let host = try Host()
        let b = TestScreen("B", host.log)
        try host.root.present(b, style: .pageSheet, animated: false)
        _ = host.log.take()
        #expect(b.dismiss(animated: true))
        #expect(host.log.take() == ["B.viewWillDisappear"])
        #expect(b.presentingScreen == nil && host.root.presentedScreen == nil)
        let c = TestScreen("C", host.log)
        try host.root.present(c, style: .pageSheet, animated: true)
        #expect(host.log.take() == [] && host.window.transitionDriver.queuedCount == 1)
        #expect(host.root.presentedScreen === c && c.presentingScreen === host.root)
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take() == [
                "B.viewDidDisappear", "C.loadView", "C.viewDidLoad", "C.viewWillAppear", "C.viewDidAppear",
            ])
    }

    @Test("asking the presenter to dismiss twice dismisses the presenter itself the second time, once the first ends")
    func presenterAskedTwice() throws {
        // Found by review (helper-197): unlike asking the dismissed screen twice, which does nothing the second time,
        // the presenter presents nothing from the first call on, so the second call is a request of its own.
        let host = try Host()
        let (b, c) = (TestScreen("B", host.log), TestScreen("C", host.log))
        try host.root.present(b, style: .fullScreen, animated: false)
        try b.present(c, style: .pageSheet, animated: false)
        host.window.transitionDriver.completeAll()
        _ = host.log.take()
        let completions = Completions()
        #expect(b.dismiss(animated: true, completion: completions.callback("first")))
        #expect(b.dismiss(animated: true, completion: completions.callback("second")))
        #expect(host.log.take() == ["C.viewWillDisappear"])
        #expect(b.presentedScreen == nil && b.presentingScreen == nil && host.root.presentedScreen == nil)
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take() == [
                "C.viewDidDisappear", "B.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear",
                "B.viewDidDisappear",
            ])
        #expect(completions["first"] == [.completed] && completions["second"] == [.completed])
        // Asked of the dismissed screen instead, the second call does nothing: the double tap on a close button.
        try host.root.present(b, style: .fullScreen, animated: false)
        host.window.transitionDriver.completeAll()
        _ = host.log.take()
        #expect(b.dismiss(animated: true))
        #expect(!b.dismiss(animated: true))
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take() == [
                "B.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear", "B.viewDidDisappear",
            ])
    }

    @Test("a dismissal requested while the screen is still being presented is carried out once that completes")
    func dismissalDuringThePresentation() throws {
        let host = try Host()
        let b = TestScreen("B", host.log)
        let completions = Completions()
        try host.root.present(b, style: .fullScreen, animated: true, completion: completions.callback("present"))
        #expect(host.log.take() == ["B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear"])
        #expect(b.dismiss(animated: true, completion: completions.callback("dismiss")))
        #expect(host.log.take() == [])
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take() == [
                "B.viewDidAppear", "A.viewDidDisappear", "B.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear",
                "B.viewDidDisappear",
            ])
        #expect(completions["present"] == [.completed] && completions["dismiss"] == [.completed])
    }

    @Test("a child that must disappear while it is still appearing gets its viewDidAppear first")
    func childRemovedWhileItAppears() throws {
        let host = try NavigationHost(driver: .manual)
        let container = host.screen("K")
        let child = host.screen("X")
        try container.addChild(child)
        try host.navigation.push(container, animated: true)
        #expect(child.visibleState == [.loaded, .willAppear])
        _ = host.log.take()
        child.removeFromParent()
        #expect(
            host.log.take() == [
                "X.willMove(nil)", "X.viewDidAppear", "X.viewWillDisappear", "X.viewDidDisappear", "X.didMove(nil)",
            ])
        host.window.transitionDriver.completeAll()
        #expect(host.log.take() == ["A.viewDidDisappear", "K.viewDidAppear", "K.didMove(nav)", "nav.didShow(K)"])
        #expect(child.visibleState == [.loaded, .didDisappear])
    }

    @Test("a child added while its parent appears gets viewWillAppear at once and viewDidAppear with its parent")
    func childAddedWhileItsParentAppears() throws {
        let host = try NavigationHost(driver: .manual)
        let container = host.screen("K")
        let child = host.screen("X")
        let flags = EventLog()
        let tokens = [
            try Screen.viewWillAppear.before(.instance(child)) { _, animated in flags.add("will(\(animated))") },
            try Screen.viewDidAppear.before(.instance(child)) { _, animated in flags.add("did(\(animated))") },
        ]
        defer { tokens.forEach { $0.cancel() } }
        try host.navigation.push(container, animated: true)
        _ = host.log.take()
        try container.addChild(child)
        #expect(
            host.log.take() == ["X.willMove(K)", "X.loadView", "X.viewDidLoad", "X.viewWillAppear", "X.didMove(K)"])
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take() == [
                "A.viewDidDisappear", "K.viewDidAppear", "X.viewDidAppear", "K.didMove(nav)", "nav.didShow(K)",
            ])
        // The child joins its container's animated appearance: UIKit sends it the container's flag.
        #expect(flags.take() == ["will(true)", "did(true)"])
    }

    @Test("replacing the root dismisses what the old root presents, with it")
    func rootReplacementDismissesItsPresentations() throws {
        let host = try Host()
        let sheet = TestScreen("S", host.log)
        try host.root.present(sheet, style: .pageSheet, animated: false)
        _ = host.log.take()
        let b = TestScreen("B", host.log)
        let completions = Completions()
        try host.window.setRootScreen(b, animated: false, completion: completions.callback("root"))
        #expect(
            host.log.take() == [
                "B.loadView", "B.viewDidLoad", "S.viewWillDisappear", "A.viewWillDisappear", "B.viewWillAppear",
                "S.viewDidDisappear", "A.viewDidDisappear", "B.viewDidAppear",
            ])
        #expect(sheet.presentingScreen == nil && host.root.presentedScreen == nil)
        #expect(completions["root"] == [.completed])
    }

    @Test("presenting in a window not shown yet is accepted; the covered presenter never appears")
    func presentingInAWindowNotShownYet() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let a = TestScreen("A", log)
        try window.setRootScreen(a)
        let b = TestScreen("B", log)
        let completions = Completions()
        try a.present(b, style: .fullScreen, animated: true, completion: completions.callback("present"))
        #expect(log.take() == [] && b.presentingScreen === a)
        window.makeKeyAndVisible()
        #expect(log.take() == ["B.loadView", "B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear"])
        #expect(completions["present"] == [.completed] && !a.isViewLoaded)
        // A hidden window counts as a window too.
        window.hide()
        let c = TestScreen("C", log)
        try b.present(c, style: .pageSheet, animated: false)
        #expect(c.presentingScreen === b)
    }

    @Test("removeFromParent on a screen without a container does nothing")
    func removalWithoutAContainer() throws {
        let host = try Host()
        host.root.removeFromParent()
        #expect(host.log.take() == [])
        #expect(host.window.rootScreen === host.root && host.root.visibleState == [.loaded, .didAppear])
    }

    @Test("hiding the window: each disappears, parent first, the will-calls before the did-calls")
    func hidingTheWindow() throws {
        let host = try NavigationHost(driver: .manual)
        host.window.hide()
        #expect(
            host.log.take() == [
                "nav.viewWillDisappear", "A.viewWillDisappear", "nav.viewDidDisappear", "A.viewDidDisappear",
            ])
    }

    @Test("dismiss with nothing presented returns false and completes at once")
    func dismissingNothing() throws {
        let host = try Host()
        let completions = Completions()
        #expect(!host.root.dismiss(animated: true, completion: completions.callback("dismiss")))
        #expect(completions["dismiss"] == [.completed] && host.log.take() == [])
    }

    @Test("a current-context presentation without an ancestor that defines the context is made from the root")
    func currentContextWithoutADefiningAncestor() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .immediate))
        let container = TestScreen("K", log)
        let a = TestScreen("A", log)
        try container.addChild(a)
        try window.setRootScreen(container)
        window.makeKeyAndVisible()
        _ = log.take()
        let p = TestScreen("P", log)
        try a.present(p, style: .currentContext, animated: false)
        #expect(p.presentingScreen === container)
        #expect(
            log.take() == [
                "P.loadView", "P.viewDidLoad", "K.viewWillDisappear", "A.viewWillDisappear", "P.viewWillAppear",
                "P.viewDidAppear", "K.viewDidDisappear", "A.viewDidDisappear",
            ])
    }

    @Test(
        "a push whose screen a queued presentation's transition brought on screen still tells the delegate of it",
        arguments: [false, true])
    func pushCarriedOutByAQueuedPresentation(afterPop: Bool) throws {
        let host = try NavigationHost(driver: .manual)
        host.root.definesPresentationContext = true
        try host.navigation.push(host.screen("P"), animated: true)
        if afterPop {
            host.window.transitionDriver.completeAll()
            try host.navigation.pop(animated: true)
        }
        // Over A, which P covers (or which the pop is bringing back): it waits for the transition that runs.
        let s = host.screen("S")
        try host.root.present(s, style: .currentContext, animated: true)
        let b = host.screen("B")
        try host.navigation.push(b, animated: true)
        _ = host.log.take()
        host.window.transitionDriver.completeAll()
        // The presentation's transition, which starts first, shows the controller's top of then, B; the push's
        // transition then finds B on screen and tells the delegate.
        let running =
            afterPop
            ? ["P.viewDidDisappear", "P.didPop(true)", "P.didMove(nil)", "A.viewDidAppear", "nav.didShow(A)"]
            : ["A.viewDidDisappear", "P.viewDidAppear", "P.didMove(nav)", "nav.didShow(P)"]
        let covered = afterPop ? "A" : "P"
        #expect(
            host.log.take() == running + [
                "B.loadView", "B.viewDidLoad", "\(covered).viewWillDisappear", "B.viewWillAppear", "B.viewDidAppear",
                "\(covered).viewDidDisappear", "nav.willShow(B)", "B.didMove(nav)", "nav.didShow(B)",
            ])
        #expect(b.visibleState == [.loaded, .didAppear] && !s.isViewLoaded)
    }
}
