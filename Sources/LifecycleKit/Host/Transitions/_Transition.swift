/// One queued transition of a window: what to tell which screens, in which order, and what to
/// run when it completes.
///
/// The structural change (a stack, a presentation) has already happened when a transition is
/// queued, as in UIKit; the transition delivers the appearance calls and the completion. Which
/// screens appear and disappear is decided when the transition starts, from their state then,
/// so queued transitions stay consistent with each other.
final class _Transition {
    /// In which order the did-calls run: navigation transitions end the disappearing screen
    /// first, modal ones the appearing screen first (as UIKit does).
    enum DidOrder {
        case disappearingFirst
        case appearingFirst
    }

    let animated: Bool
    let didOrder: DidOrder
    /// Decides, when the transition starts, the screens that disappear and those that appear.
    let plan: () -> (disappearing: [Screen], appearing: [Screen])
    /// Runs after the appearing screens loaded, before the will-calls (e.g.
    ///
    /// `willShow`).
    let onStart: () -> Void
    /// Runs after the did-calls (e.g.
    ///
    /// `didMove(toParent:)`, `didPop`, `didShow`, unlinking).
    let onFinish: () -> Void
    /// Receives the outcome, last.
    let completion: ((TransitionOutcome) -> Void)?

    private(set) var disappearing: [Screen] = []
    private(set) var appearing: [Screen] = []

    init(
        animated: Bool, didOrder: DidOrder, plan: @escaping () -> (disappearing: [Screen], appearing: [Screen]),
        onStart: @escaping () -> Void = {}, onFinish: @escaping () -> Void = {},
        completion: ((TransitionOutcome) -> Void)?
    ) {
        self.animated = animated
        self.didOrder = didOrder
        self.plan = plan
        self.onStart = onStart
        self.onFinish = onFinish
        self.completion = completion
    }

    /// Whether the transition sends appearance calls (and so may animate).
    var hasAppearanceWork: Bool { !disappearing.isEmpty || !appearing.isEmpty }

    /// Loads the appearing screens, runs `onStart` and the will-calls.
    func start() {
        let planned = plan()
        disappearing = planned.disappearing.filter { $0._appearance.isVisible }
        appearing = planned.appearing.filter { !$0._appearance.isVisible }
        for screen in appearing {
            screen.loadViewIfNeeded()
        }
        onStart()
        for screen in disappearing {
            screen._beginAppearanceTransition(appearing: false, animated: animated)
        }
        for screen in appearing {
            screen._beginAppearanceTransition(appearing: true, animated: animated)
        }
    }

    /// Runs the did-calls, `onFinish`, `settle` (the window's status-bar update), then the completion.
    func finish(settle: () -> Void = {}) {
        switch didOrder {
        case .disappearingFirst:
            disappearing.forEach { $0._endAppearanceTransition(animated: animated) }
            appearing.forEach { $0._endAppearanceTransition(animated: animated) }
        case .appearingFirst:
            appearing.forEach { $0._endAppearanceTransition(animated: animated) }
            disappearing.forEach { $0._endAppearanceTransition(animated: animated) }
        }
        onFinish()
        // Release the screens: a finished transition must not keep them alive.
        disappearing = []
        appearing = []
        settle()
        completion?(.completed)
    }
}
