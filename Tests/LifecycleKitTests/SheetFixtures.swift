import LifecycleKit
import Testing

/// A ``ScriptedScreen`` that also records the presentation calls of a sheet swiped down (`name.shouldDismiss`,
/// `name.willDismiss`, `name.didDismiss`, `name.didAttemptToDismiss`) and runs, once, the action set for one of them
/// (keys `shouldDismiss`, `willDismiss`, `didDismiss`, `didAttempt`) right after recording it.
final class SheetProbe: ScriptedScreen {
    /// What `presentationShouldDismiss()` answers.
    var allowsDismissal = true
    /// What `prefersStatusBarHidden` answers.
    var hidesStatusBar = false

    override var prefersStatusBarHidden: Bool { hidesStatusBar }

    override func presentationShouldDismiss() -> Bool {
        log.add("\(name).shouldDismiss")
        run("shouldDismiss")
        return allowsDismissal
    }

    override func presentationWillDismiss() {
        log.add("\(name).willDismiss")
        run("willDismiss")
    }

    override func presentationDidDismiss() {
        log.add("\(name).didDismiss")
        run("didDismiss")
    }

    override func presentationDidAttemptToDismiss() {
        log.add("\(name).didAttemptToDismiss")
        run("didAttempt")
    }
}

/// A visible window (manual driver) whose root `P` presents the page sheet `S` (with `children` as its children), the
/// presentation completed.
struct SheetHost {
    let log = EventLog()
    let time = VirtualTime()
    let window: Window
    let presenter: SheetProbe
    let sheet: SheetProbe

    init(children: [String] = []) throws {
        window = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        presenter = SheetProbe("P", log)
        sheet = SheetProbe("S", log)
        for name in children {
            try sheet.addChild(SheetProbe(name, log))
        }
        try window.setRootScreen(presenter)
        window.makeKeyAndVisible()
        try presenter.present(sheet, style: .pageSheet, animated: true)
        window.transitionDriver.completeAll()
        _ = log.take()
    }

    /// The sheet's child at `index`.
    func child(_ index: Int) -> SheetProbe { sheet.children[index] as! SheetProbe }

    /// A visible window (manual driver) whose root `R` presents `P` full screen, which presents the sheet `S`, with
    /// nothing recorded yet in `log`.
    static func sheetOverAFullScreenPresentation(
        _ log: EventLog
    ) throws -> (window: Window, root: SheetProbe, presenter: SheetProbe, sheet: SheetProbe) {
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let root = SheetProbe("R", log)
        try window.setRootScreen(root)
        window.makeKeyAndVisible()
        let presenter = SheetProbe("P", log)
        try root.present(presenter, style: .fullScreen, animated: false)
        let sheet = SheetProbe("S", log)
        try presenter.present(sheet, animated: false)
        _ = log.take()
        return (window, root, presenter, sheet)
    }
}
