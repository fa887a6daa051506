import LifecycleKit
import Testing

/// A sheet swiped down: UIKit's interactive dismissal (the order of iOS 18 and 26 UIKit's sheet and presentation
/// controllers: should, will, viewWillDisappear; then viewDidDisappear and didDismiss, or the sheet snapping back).
@Suite("Interactive dismissal of a sheet")
struct InteractiveDismissalTests {
    @Test("a finished swipe: should, will, viewWillDisappear; then viewDidDisappear, didDismiss, the completion")
    func finishedSwipe() throws {
        let host = try SheetHost()
        let completions = Completions()
        let swipe = try host.sheet.beginInteractiveDismissal(completion: completions.callback("swipe"))
        #expect(host.log.take() == ["S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear"])
        #expect(host.sheet.isBeingDismissed && swipe.state == .active)
        // Still presented until the swipe finishes; the queue waits meanwhile.
        #expect(host.presenter.presentedScreen === host.sheet && host.sheet.presentingScreen === host.presenter)
        #expect(host.window.transitionDriver.isTransitioning)
        swipe.update(progress: 0.6)
        #expect(swipe.progress == 0.6)
        swipe.finish()
        #expect(host.log.take() == ["S.viewDidDisappear", "S.didDismiss"])
        #expect(completions["swipe"] == [.completed])
        #expect(swipe.state == .finished && swipe.progress == 1)
        #expect(host.presenter.presentedScreen == nil && host.sheet.presentingScreen == nil)
        #expect(!host.sheet.isBeingDismissed && !host.window.transitionDriver.isTransitioning)
        // Ended: further calls do nothing.
        swipe.cancel()
        swipe.finish()
        #expect(host.log.take().isEmpty && completions["swipe"] == [.completed])
    }

    @Test("the presenter is no longer presenting, and the sheet still being dismissed, in its viewDidDisappear")
    func stateInTheDidCall() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let presenter = TestScreen("P", log)
        try window.setRootScreen(presenter)
        window.makeKeyAndVisible()
        let sheet = ProbingScreen("S", log) { screen in
            "\(ProbingScreen.causes(of: screen)) presenter:\(screen.presentingScreen?.title ?? "nil")"
        }
        try presenter.present(sheet, animated: false)
        _ = log.take()
        let swipe = try sheet.beginInteractiveDismissal()
        swipe.finish()
        #expect(
            log.take() == [
                "S.viewWillDisappear dismissed presenter:P", "S.viewDidDisappear dismissed presenter:nil",
            ])
    }

    @Test("a cancelled swipe: the sheet appears again, no longer being dismissed, without didDismiss")
    func cancelledSwipe() throws {
        let host = try SheetHost()
        let completions = Completions()
        let swipe = try host.sheet.beginInteractiveDismissal(completion: completions.callback("swipe"))
        _ = host.log.take()
        swipe.cancel()
        #expect(host.log.take() == ["S.viewWillAppear", "S.viewDidAppear"])
        #expect(completions["swipe"] == [.cancelled] && swipe.state == .cancelled)
        #expect(host.presenter.presentedScreen === host.sheet && !host.sheet.isBeingDismissed)
        // A second swipe asks again, and can finish.
        let second = try host.sheet.beginInteractiveDismissal()
        #expect(host.log.take() == ["S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear"])
        second.finish()
        #expect(host.log.take() == ["S.viewDidDisappear", "S.didDismiss"])
    }

    @Test("isModalInPresentation refuses the swipe without asking the screen, and reports the attempt")
    func modalInPresentation() throws {
        let host = try SheetHost()
        host.sheet.isModalInPresentation = true
        #expect(host.sheet.interactiveDismissalRefusal() == .modalInPresentation)
        #expect(host.log.take().isEmpty)  // asking reports nothing
        expectError(.dismissGestureRefused) { _ = try host.sheet.beginInteractiveDismissal() }
        #expect(host.log.take() == ["S.didAttemptToDismiss"])
        #expect(host.presenter.presentedScreen === host.sheet && !host.window.transitionDriver.isTransitioning)
        // A programmatic dismissal is not concerned.
        #expect(host.sheet.dismiss(animated: false))
        #expect(host.log.take() == ["S.viewWillDisappear", "S.viewDidDisappear"])
    }

    @Test("presentationShouldDismiss returning false refuses the swipe and reports the attempt")
    func refusedByTheScreen() throws {
        let host = try SheetHost()
        host.sheet.allowsDismissal = false
        #expect(host.sheet.interactiveDismissalRefusal() == .refusedByScreen)
        #expect(host.log.take() == ["S.shouldDismiss"])
        expectError(.dismissGestureRefused) { _ = try host.sheet.beginInteractiveDismissal() }
        #expect(host.log.take() == ["S.shouldDismiss", "S.didAttemptToDismiss"])
        #expect(host.presenter.presentedScreen === host.sheet)
    }

    @Test("a presented navigation controller: its top screen's isModalInPresentation counts, and it gets the calls")
    func navigationControllerAsSheet() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let presenter = TestScreen("P", log)
        try window.setRootScreen(presenter)
        window.makeKeyAndVisible()
        let editor = TestScreen("E", log)
        let navigation = try TestNavigation("nav", root: TestScreen("R", log), log)
        try navigation.push(editor, animated: false)
        try presenter.present(navigation, style: .formSheet, animated: false)
        _ = log.take()

        editor.isModalInPresentation = true
        #expect(editor.interactiveDismissalRefusal() == .modalInPresentation)
        editor.isModalInPresentation = false
        // Asked from the screen inside it, the swipe dismisses the presented container.
        let swipe = try editor.beginInteractiveDismissal()
        #expect(swipe.dismissedScreen === navigation && swipe.presentingScreen === presenter)
        #expect(log.take() == ["nav.viewWillDisappear", "E.viewWillDisappear"])
        swipe.cancel()
        // The controller's own appearance tells its delegate about its top, as when it appears.
        #expect(
            log.take() == [
                "nav.viewWillAppear", "E.viewWillAppear", "nav.willShow(E)", "nav.viewDidAppear", "E.viewDidAppear",
                "nav.didShow(E)",
            ])
        let again = try navigation.beginInteractiveDismissal()
        _ = log.take()
        again.finish()
        #expect(log.take() == ["nav.viewDidDisappear", "E.viewDidDisappear"])
        #expect(presenter.presentedScreen == nil)
    }

    @Test("only sheets on screen, on top and with nothing in transition can be swiped down")
    func refusals() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let presenter = TestScreen("P", log)
        try window.setRootScreen(presenter)
        window.makeKeyAndVisible()
        #expect(presenter.interactiveDismissalRefusal() == .notPresented)
        expectError(.dismissGestureRefused) { _ = try presenter.beginInteractiveDismissal() }

        let cover = TestScreen("C", log)
        try presenter.present(cover, style: .fullScreen, animated: false)
        #expect(cover.interactiveDismissalRefusal() == .notASheet)
        #expect(cover.dismiss(animated: false))

        let sheet = SheetProbe("S", log)
        try presenter.present(sheet, animated: true)  // automatic: a sheet
        #expect(sheet.interactiveDismissalRefusal() == .notOnScreen)  // still animating in
        window.transitionDriver.completeAll()
        #expect(sheet.interactiveDismissalRefusal() == nil)

        let above = TestScreen("T", log)
        try sheet.present(above, animated: false)
        #expect(sheet.interactiveDismissalRefusal() == .coveredByPresentation)
        #expect(above.dismiss(animated: true))
        #expect(sheet.interactiveDismissalRefusal() == .transitionRunning)  // the dismissal above animates
        window.transitionDriver.completeAll()

        window.hide()
        #expect(sheet.interactiveDismissalRefusal() == .notOnScreen)
        window.makeKeyAndVisible()
        window.transitionDriver.completeAll()

        let swipe = try sheet.beginInteractiveDismissal()
        #expect(sheet.interactiveDismissalRefusal() == .transitionRunning)  // one swipe at a time
        swipe.cancel()
        #expect(sheet.interactiveDismissalRefusal() == nil)
    }

    @Test("during the swipe: a dismissal of the sheet does nothing, presenting from it is refused, requests wait")
    func requestsDuringTheSwipe() throws {
        let host = try NavigationHost()
        let sheet = SheetProbe("S", host.log)
        try host.root.present(sheet, animated: false)
        let swipe = try sheet.beginInteractiveDismissal()
        _ = host.log.take()
        let completions = Completions()
        #expect(!sheet.dismiss(animated: true, completion: completions.callback("dismiss")))
        #expect(!host.root.dismiss(animated: true))
        #expect(completions["dismiss"] == [.completed])
        expectError(.interactiveDismissalInProgress) { try sheet.present(TestScreen("X", host.log)) }
        #expect(host.navigation.handleBackButton() == .nothing)
        // A push under the sheet changes the stack at once; its transition waits for the swipe.
        try host.navigation.push(host.screen("B"), animated: true)
        #expect(host.log.take() == ["B.willMove(nav)"])
        swipe.finish()
        #expect(
            host.log.take() == [
                "S.viewDidDisappear", "S.didDismiss", "B.loadView", "B.viewDidLoad", "A.viewWillDisappear",
                "B.viewWillAppear", "nav.willShow(B)",
            ])
        host.window.transitionDriver.completeAll()
        #expect(host.log.take() == ["A.viewDidDisappear", "B.viewDidAppear", "B.didMove(nav)", "nav.didShow(B)"])
    }

    @Test("a presentation from the sheet in the viewDidAppear of a cancelled swipe is accepted and waits for its end")
    func presentationFromTheCancelsViewDidAppear() throws {
        // Found by review (helper-190's finding for the pop gesture, checked for the sheet's swipe): it threw
        // interactiveDismissalInProgress. (A dismissal there: InteractiveDismissalEdgeTests.)
        let host = try SheetHost()
        var refusal: LifecycleError?
        host.sheet.actions["viewDidAppear"] = {
            do throws(LifecycleError) {
                try host.sheet.present(TestScreen("X", host.log), style: .fullScreen, animated: true)
            } catch { refusal = error }
        }
        let swipe = try host.sheet.beginInteractiveDismissal()
        _ = host.log.take()
        swipe.cancel()
        #expect(refusal == nil)
        // Its transition starts once the swipe has ended.
        #expect(
            host.log.take() == [
                "S.viewWillAppear", "S.viewDidAppear", "X.loadView", "X.viewDidLoad", "S.viewWillDisappear",
                "P.viewWillDisappear", "X.viewWillAppear",
            ])
        host.window.transitionDriver.completeAll()
        #expect(host.log.take() == ["X.viewDidAppear", "S.viewDidDisappear", "P.viewDidDisappear"])
        #expect(host.sheet.presentedScreen?.title == "X")
    }

    @Test("ended from inside presentationWillDismiss: no appearance call, the completion says how it ended")
    func endedFromTheWillCall() throws {
        let host = try SheetHost()
        let completions = Completions()
        let sheet = host.sheet
        sheet.actions["willDismiss"] = { sheet.interactiveDismissal?.cancel() }
        let dismissal = try host.sheet.beginInteractiveDismissal(completion: completions.callback("swipe"))
        #expect(host.log.take() == ["S.shouldDismiss", "S.willDismiss"])
        #expect(completions["swipe"] == [.cancelled] && dismissal.state == .cancelled)
        #expect(sheet.interactiveDismissal == nil)
        #expect(host.presenter.presentedScreen === host.sheet && !host.window.transitionDriver.isTransitioning)
    }

    @Test("a swiped sheet whose window's root is replaced leaves, cancelled, without being dismissed")
    func rootReplacedWhileSwipedThenCancelled() throws {
        // Found by review (helper-144): the flag kept for a sheet dismissed from below was kept for this one too, which
        // leaves with the root as a sheet that is not swiped does (not being dismissed).
        let host = try SheetHost()
        var dismissedFlags: [Bool] = []
        host.sheet.actions["viewDidDisappear"] = { [unowned sheet = host.sheet] in
            dismissedFlags.append(sheet.isBeingDismissed)
        }
        let swipe = try host.sheet.beginInteractiveDismissal()
        try host.window.setRootScreen(TestScreen("R2", host.log))
        swipe.cancel()
        host.window.transitionDriver.completeAll()
        #expect(dismissedFlags == [false] && swipe.state == .cancelled && host.sheet.presentingScreen == nil)
    }

    @Test(
        "the presenter of the sheet dismissed by the app during the swipe: ending it only balances the sheet's calls",
        arguments: [false, true])
    func dismissedElsewhere(finish: Bool) throws {
        let log = EventLog()
        let (window, root, _, sheet) = try SheetHost.sheetOverAFullScreenPresentation(log)
        defer { withExtendedLifetime(window) {} }
        let swipe = try sheet.beginInteractiveDismissal()
        _ = log.take()
        let completions = Completions()
        var dismissedFlags: [Bool] = []
        sheet.actions["viewDidDisappear"] = { [unowned sheet] in dismissedFlags.append(sheet.isBeingDismissed) }
        #expect(root.dismiss(animated: false, completion: completions.callback("dismiss")))  // waits for the swipe
        #expect(log.take().isEmpty)
        if finish { swipe.finish() } else { swipe.cancel() }
        #expect(
            log.take() == [
                "S.viewDidDisappear", "P.viewWillDisappear", "R.viewWillAppear", "R.viewDidAppear",
                "P.viewDidDisappear",
            ])
        #expect(completions["dismiss"] == [.completed] && !sheet.isBeingDismissed)
        #expect(root.presentedScreen == nil && sheet.presentingScreen == nil)
        // Being dismissed from its viewWillDisappear to its viewDidDisappear, cancelled or not: it leaves.
        #expect(dismissedFlags == [true])
    }

    @Test(
        "a window released during a swipe: what waits behind the swipe completes when it ends",
        arguments: [true, false])
    func windowReleasedDuringTheSwipe(finish: Bool) throws {
        let log = EventLog()
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
        var window: Window? = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        try window?.setRootScreen(navigation)
        window?.makeKeyAndVisible()
        let sheet = SheetProbe("S", log)
        try navigation.present(sheet, animated: false)
        let completions = Completions()
        let swipe = try sheet.beginInteractiveDismissal(completion: completions.callback("swipe"))
        try navigation.push(TestScreen("B", log), animated: true, completion: completions.callback("push"))
        #expect(window?.transitionDriver.queuedCount == 1)
        window = nil
        #expect(completions["push"] == [])  // still behind the swipe
        if finish { swipe.finish() } else { swipe.cancel() }
        #expect(completions["swipe"] == [finish ? .completed : .cancelled] && completions["push"] == [.completed])
        #expect(navigation.viewControllers.count == 2 && sheet.interactiveDismissal == nil)
    }

    @Test("a finished swipe releases the sheet: nothing keeps it alive afterwards")
    func sheetIsReleased() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let presenter = TestScreen("P", log)
        try window.setRootScreen(presenter)
        window.makeKeyAndVisible()
        weak var released: Screen?
        do {
            let sheet = SheetProbe("S", log)
            released = sheet
            try presenter.present(sheet, animated: false)
            try sheet.beginInteractiveDismissal().finish()
        }
        #expect(released == nil)
    }
}
