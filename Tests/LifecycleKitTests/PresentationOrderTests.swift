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
                "sheet.loadView", "sheet.viewDidLoad", "sheet.viewWillAppear", "sheet.willShow(X)", "X.loadView",
                "X.viewDidLoad", "X.viewWillAppear", "sheet.viewDidAppear", "X.viewDidAppear", "X.didMove(sheet)",
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
}
