/// One queued transition of a window: what to tell which screens, in which order, and what to
/// run when it completes.
///
/// The structural change (a stack, a presentation) has already happened when a transition is
/// queued, as in UIKit; the transition delivers the appearance calls and the completion. Which
/// screens appear and disappear is decided when the transition starts, from the hierarchy and from
/// what is on screen then, so queued transitions stay consistent with each other and with requests
/// made while they wait.
final class _Transition {
    /// Which side of the transition gets its calls first: the screens that disappear or the ones that appear.
    enum Order {
        case disappearingFirst
        case appearingFirst
    }

    let animated: Bool
    /// In which order the will-calls run: the disappearing screens first, except when a container switches the
    /// children it shows, where UIKit's tab bar controller begins the new tab first.
    let willOrder: Order
    /// In which order the did-calls run: navigation transitions end the disappearing screen first, modal ones the
    /// appearing screen first (as UIKit does).
    let didOrder: Order
    /// Decides, when the transition starts, the screens that disappear and those that appear.
    let plan: () -> _AppearancePlan
    /// Runs twice with the screens that appear: after they loaded, before the will-calls (`sent` false), then after
    /// the will-calls (`sent` true).
    ///
    /// Navigation controllers decide from the first which screen they show, and send `willShow` from the second, as
    /// UIKit's delegate hears it after the will-calls. One closure rather than two: each is an allocation per
    /// transition.
    let onWillCalls: (_ appearing: [Screen], _ sent: Bool) -> Void
    /// The two moments `onFinish` runs at.
    enum FinishStage {
        /// The did-calls of the side that ends first have run (the disappearing screens' in a navigation transition),
        /// not the other side's yet.
        case firstSideEnded
        /// Every did-call has run; the completion comes next.
        case ended
    }

    /// Runs twice: between the two sides' did-calls, then after them.
    ///
    /// Navigation controllers end the old top's departure in the first (`didPop`, `didMove(toParent: nil)`, leaving
    /// the hierarchy), as UIKit's controller ends the popped screen's departure before the revealed screen's
    /// `viewDidAppear`, and the rest in the second (the new top's `didMove(toParent:)`, `didShow`). One closure rather
    /// than two: each is an allocation per transition.
    let onFinish: (_ stage: FinishStage) -> Void
    /// Receives the outcome, last.
    let completion: ((TransitionOutcome) -> Void)?

    /// The screens that began their appearance transition in this one.
    private let batch = _AppearanceBatch()
    /// The screens that go off screen, and come on screen, in this transition.
    ///
    /// Without the runtime's exclusivity check: only the host's thread touches them, never through an `inout` that
    /// spans the app's code (each check costs a thread-local look-up, on every transition).
    @exclusivity(unchecked) private(set) var disappearing: [Screen] = []
    @exclusivity(unchecked) private(set) var appearing: [Screen] = []
    /// The appearance counts of the disappearing screens when a container's switch of its children began.
    ///
    /// In such a switch the appearing side's will-calls come first, and may move an old child on screen elsewhere
    /// (``Screen/_appearances`` then moved on). Empty (no allocation) in other transitions. Indexed as
    /// ``disappearing`` is when the will-calls begin: only `_takeOffScreen`, which runs after them, appends to it.
    @exclusivity(unchecked) private var disappearingAppearances: [UInt] = []

    init(
        animated: Bool, willOrder: Order = .disappearingFirst, didOrder: Order, plan: @escaping () -> _AppearancePlan,
        onWillCalls: @escaping (_ appearing: [Screen], _ sent: Bool) -> Void = { _, _ in },
        onFinish: @escaping (_ stage: FinishStage) -> Void = { _ in }, completion: ((TransitionOutcome) -> Void)?
    ) {
        self.animated = animated
        self.willOrder = willOrder
        self.didOrder = didOrder
        self.plan = plan
        self.onWillCalls = onWillCalls
        self.onFinish = onFinish
        self.completion = completion
    }

    /// Whether the transition sends appearance calls (and so may animate).
    var hasAppearanceWork: Bool { !disappearing.isEmpty || !appearing.isEmpty }

    /// Decides the plan, loads the appearing screens, runs the will-calls between the two calls of `onWillCalls`.
    func start() {
        batch.starting(animated: animated) { _sendWillCalls() }
    }

    /// The body of ``start()``.
    private func _sendWillCalls() {
        let planned = plan()
        // A screen on screen that an appearing screen shows (it joined it meanwhile) stays: it only moves.
        let shownByAppearing = _ScreenSet(
            planned.disappearing.isEmpty ? [] : planned.appearing.flatMap { $0.screen._forwardedDescendants })
        disappearing = planned.disappearing.filter { screen in
            screen._appearance.isVisible && !shownByAppearing.contains(screen)
        }
        if willOrder == .appearingFirst && !disappearing.isEmpty {
            disappearingAppearances = disappearing.map(\._appearances)
        }
        // The screens that stay because an appearing screen shows them: checked again after the will-calls below.
        let keptForAppearing =
            shownByAppearing.screens.isEmpty
            ? []
            : planned.disappearing.filter { screen in
                screen._appearance.isVisible && shownByAppearing.contains(screen)
            }
        // A container that goes off screen in this transition shows nothing new.
        var goingOff = _ScreenSet(disappearing)
        var index = 0
        while index < goingOff.screens.count {
            for child in goingOff.screens[index]._onScreenChildren {
                goingOff.insert(child)
            }
            index += 1
        }
        // Until its turn comes below, a container's change asked from the calls before leaves each screen to this
        // transition (``Screen/_childrenPlan``); one that an outer transition, whose calls started this one, marked
        // stays the outer one's.
        let identity = ObjectIdentifier(self)
        for screen in disappearing where screen._disappearsLaterIn == nil {
            screen._disappearsLaterIn = identity
        }
        var places: [_AppearancePlan.Place] = []
        for (screen, place) in planned.appearing {
            if case .child(let parent) = place, goingOff.contains(parent) {
                continue
            }
            if screen._appearance.isVisible {
                // On screen elsewhere already: it only moves.
                screen._moveOnScreen(to: place)
            } else {
                if case .child(let parent) = place {
                    screen._appearsLaterIn = ObjectIdentifier(parent)
                    screen._dismissedBeforeItsTurn = false
                }
                appearing.append(screen)
                places.append(place)
            }
        }
        for screen in appearing {
            screen.loadViewIfNeeded()
        }
        onWillCalls(appearing, false)
        switch willOrder {
        case .disappearingFirst:
            _beginDisappearing(appearingAt: places)
            _beginAppearing(at: places)
        case .appearingFirst:
            _beginAppearing(at: places)
            _beginDisappearing(appearingAt: places)
        }
        if !keptForAppearing.isEmpty {
            _takeOffScreen(keptForAppearing)
        }
        onWillCalls(appearing, true)
        if animated {
            batch.deliverViewIsAppearing()
        }
    }

    /// Sends the will-calls of the disappearing screens, except those a container on screen shows again (other than
    /// by a change that waits for this transition).
    ///
    /// `places` are the places of ``appearing``.
    @inline(__always)
    private func _beginDisappearing(appearingAt places: [_AppearancePlan.Place]) {
        let identity = ObjectIdentifier(self)
        for (index, screen) in disappearing.enumerated() {
            if screen._disappearsLaterIn == identity { screen._disappearsLaterIn = nil }
            // The will-calls so far may have run the app's code, which may have moved the screen into a container
            // on screen that shows it (a dismissed screen added as a child of its presenter in the viewWillDisappear
            // of the screen it presents): it stays on screen there, as the container shows it.
            if screen._isShownByContainerOnScreen && !_isShownOnlyByAWaitingChange(screen, appearingAt: places) {
                continue
            }
            // In a container's switch, the new children's will-calls came first: one that took the old child out and
            // brought it on screen elsewhere (presented it, say) began a new appearance, which this switch must not
            // end.
            if willOrder == .appearingFirst && screen._appearances != disappearingAppearances[index] { continue }
            screen._beginDisappearing(animated: animated, batch: batch)
            // A screen still appearing ends that appearance first, whose viewDidAppear (the app's code) may have
            // changed the stack back to it (a pop of the screen a push brings, asked from the old top's viewDidAppear
            // that the push's start ran): that change waits for this transition, which still takes the screen off.
            if screen._appearance == .appeared && screen._isShownByContainerOnScreen
                && _isShownOnlyByAWaitingChange(screen, appearingAt: places)
            {
                screen._beginDisappearing(animated: animated, batch: batch)
            }
        }
    }

    /// Whether `screen`, which its container on screen shows now, is shown only by a change that waits for this
    /// transition, and so leaves the screen in it all the same.
    ///
    /// A navigation controller whose stack changed while the appearing screens loaded (a pop asked from the
    /// `viewDidLoad` of the screen a push shows) lists the stack of after that change, whose transition waits in the
    /// queue behind this one: this transition still brings on screen, in the controller, a screen it no longer lists,
    /// in place of what the controller showed. Only a navigation controller's changes wait; other containers, and
    /// those that switch the children they show, show what they list at once (``_beginAppearing(at:)``). The count the
    /// controller recorded with its plan is there only while its own transition starts (a navigation controller never
    /// switches the children it shows). Out of line: it runs only for a screen that its container shows.
    @inline(never)
    private func _isShownOnlyByAWaitingChange(_ screen: Screen, appearingAt places: [_AppearancePlan.Place]) -> Bool {
        guard let navigation = screen._onScreenParent as? NavigationController,
            navigation._queuedCount > navigation._queuedCountWhenPlanned
        else { return false }
        for (appearingScreen, place) in zip(appearing, places) {
            guard case .child(let parent) = place, parent === navigation else { continue }
            if appearingScreen._mayStillAppear(in: navigation, askingTheList: false)
                && !appearingScreen._isShownOnScreen(by: navigation)
            {
                return true
            }
        }
        return false
    }

    /// Sends the will-calls of the appearing screens at their places, except those whose place is gone.
    ///
    /// A current-context presentation that the will-calls so far dismissed (the disappearing screen's
    /// viewWillDisappear, in a pop back to the screen it covered) no longer appears, but the child it stood in for is
    /// still shown: that child (or what stands in for it now) appears in its place, in this transition, as UIKit's
    /// transition brings back the child's view.
    @inline(__always)
    private func _beginAppearing(at places: [_AppearancePlan.Place]) {
        // Whether a screen's place was gone: a flag, not a call from the loop (with a call there, that never ran, a
        // push and a pop cost 220 instructions more: measured).
        var lostTheirPlace = false
        for (screen, place) in zip(appearing, places) {
            screen._appearsLaterIn = nil
            if screen._dismissedBeforeItsTurn {
                screen._dismissedBeforeItsTurn = false
                lostTheirPlace = true
                continue
            }
            // The will-calls so far may have run the app's code, which may have taken the container off screen
            // meanwhile (a navigation controller removed from its parent in the old top's viewWillDisappear), or the
            // screen out of it (a presentation context removed from its container in its viewWillDisappear, with the
            // current-context presentation that was to appear in its place): a screen shows in a container only while
            // the container is on screen and still holds it, and as a unit of a window only while no container holds
            // it (a presented screen dismissed and added as a child of a screen on screen, which showed it then).
            switch place {
            case .child(let parent):
                // A container that switches the children it shows may have switched in the will-calls so far (an
                // older new child's viewWillAppear in the container's own switch, or a disappearing screen's in a
                // dismissal that uncovers the child): a screen it no longer lists stays off screen.
                let askingTheList = willOrder == .appearingFirst || parent._switchesShownChildren
                if !screen._mayStillAppear(in: parent, askingTheList: askingTheList) {
                    lostTheirPlace = true
                    continue
                }
            case .unit:
                if screen._forwardingContainer != nil { continue }
            }
            screen._beginAppearing(animated: animated, at: place, batch: batch)
        }
        if lostTheirPlace {
            for screen in appearing where !screen._appearance.isVisible {
                _bringOnThePlace(of: screen)
            }
        }
    }

    /// Brings on screen, in place of `dismissed` (an appearing screen whose place is gone), the screen that stands in
    /// its place now (``Screen/_standingInItsPlaceSinceItsDismissal``).
    ///
    /// Only if `dismissed` is a current-context presentation that the will-calls so far dismissed, and the container is
    /// on screen and still shows that screen. Out of line: rare.
    @inline(never)
    private func _bringOnThePlace(of dismissed: Screen) {
        guard let (replacement, container) = dismissed._standingInItsPlaceSinceItsDismissal else { return }
        let askingTheList = willOrder == .appearingFirst || container._switchesShownChildren
        guard replacement._mayStillAppear(in: container, askingTheList: askingTheList),
            !appearing.contains(where: { $0 === replacement })
        else { return }
        replacement._beginAppearing(animated: animated, at: .child(container), batch: batch)
    }

    /// Takes off screen, in this transition, the screens of `kept` that their container no longer shows on screen.
    ///
    /// They were kept on screen because an appearing screen showed them when the transition began; the will-calls
    /// ran the app's code since, which may have taken one out of the screen that was to show it (a pop or a push of
    /// the navigation controller it had joined), or left that screen off screen (one skipped because its container
    /// went off screen, or a presented screen pushed on the stack of a navigation controller that appears, whose push
    /// waits), and no screen may stay on screen outside the hierarchy the window shows. Out of line: it is rare, and
    /// `start` runs for every transition.
    ///
    /// A screen stays while its own container is on screen and shows it, whatever the app's code did above that
    /// container: a push that covered the container waits, and takes the container off screen with the screens on
    /// screen through it when it runs (a pop that undoes it first leaves them all on screen). The ones that stay take
    /// their place under that container, if its appearance did not move them there (a screen on screen already,
    /// which forwards nothing): a presented screen pushed on the stack of a navigation controller that joined the new
    /// root, say, so that the controller's own transitions reach it.
    @inline(never)
    private func _takeOffScreen(_ kept: [Screen]) {
        for screen in kept where screen._appearance.isVisible {
            guard let container = screen._forwardingContainer, screen._isShownOnScreen(by: container) else {
                disappearing.append(screen)
                screen._beginDisappearing(animated: animated, batch: batch)
                continue
            }
            if screen._onScreenParent !== container {
                screen._moveOnScreen(to: .child(container))
            }
        }
    }

    /// Runs the first side's did-calls, `onFinish(.firstSideEnded)`, the other side's did-calls, `onFinish(.ended)`,
    /// `settle` (what the caller does once the transition's calls ended, before its completion: the window's
    /// status-bar update, or a controller's count of the calls it runs), then the completion.
    ///
    /// The screens begun through forwarding end with the screen that forwarded to them; a screen that left
    /// meanwhile ends after them. A screen is asked whether it is still in this transition when its turn comes: the
    /// app's code in the calls before may have ended its appearance transition or begun another.
    func finish(settle: () -> Void = {}) {
        let (first, second) = didOrder == .disappearingFirst ? (disappearing, appearing) : (appearing, disappearing)
        batch.sendingDidCalls {
            for screen in first where screen._onScreenBatch === batch {
                screen._endAppearanceTransition()
            }
            onFinish(.firstSideEnded)
            for screen in second where screen._onScreenBatch === batch {
                screen._endAppearanceTransition()
            }
            batch.finish()
        }
        onFinish(.ended)
        // Release the screens: a finished transition must not keep them alive.
        disappearing = []
        appearing = []
        settle()
        completion?(.completed)
    }
}
