import HookKit

/// A container that shows a stack of screens, one at a time (UIKit's `UINavigationController`).
///
/// ```swift
/// let navigation = try NavigationController(rootScreen: home)
/// try navigation.push(products, animated: true) { outcome in print("pushed:", outcome) }
/// try navigation.pop(animated: true)
/// ```
///
/// The stack changes at once; the appearance calls follow UIKit's order when the controller is
/// on screen (push B on A: B.loadView, B.viewDidLoad, A.viewWillDisappear, B.viewWillAppear,
/// A.viewDidDisappear, B.viewDidAppear; pop is the mirror), and none are sent when it is not.
/// Every operation takes a completion that fires exactly once, after its transition completed
/// (at once when there is nothing to animate). Requests made while a transition runs are queued
/// and run in order; requests made while an interactive pop is in progress are refused.
open class NavigationController: Screen {
    // The controller's own state is `@exclusivity(unchecked)`, as ``Screen``'s is (see there).

    /// The stack, bottom first.
    @exclusivity(unchecked) public internal(set) var viewControllers: [Screen] = [] {
        didSet {
            let top = viewControllers.last
            if _topScreenList.last !== top { _topScreenList = top.map { [$0] } ?? [] }
        }
    }

    /// ``topViewController`` alone, or no screen: what ``childrenForAppearanceForwarding`` returns, kept rather than
    /// built on every call (every transition asks it several times; a new array is an allocation each time).
    @exclusivity(unchecked) private var _topScreenList: [Screen] = []

    /// The interactive pop in progress, if any.
    @exclusivity(unchecked) public internal(set) var interactivePop: InteractivePop?

    /// The navigation bar, its defaults and the global appearance it reads.
    @exclusivity(unchecked) var _navigationChrome = _NavigationControllerChrome()

    /// The screens that left the stack and are still children until their transition completes.
    @exclusivity(unchecked) var _leaving: [Screen] = []

    /// The top screen that the controller's own appearance sent willShow for, owed its didShow when the appearance
    /// completes if it is still the top screen on screen then and the delegate heard no other willShow meanwhile
    /// (``_appearanceOwesDidShow``).
    @exclusivity(unchecked) weak var _topShownOnAppearing: Screen?
    /// The top screen whose place (the screen itself, or a current-context presentation that stands in for it) was
    /// appearing when the controller told its delegate of it, after an appearance that ended before it could: didShow
    /// is owed once that place appears, if the delegate heard nothing since (``_toldCountAtPlaceOwedDidShow``).
    @exclusivity(unchecked) weak var _placeOwedDidShow: Screen?
    /// ``_toldCount`` after the willShow that ``_placeOwedDidShow`` answers, or when the pair was owed.
    @exclusivity(unchecked) var _toldCountAtPlaceOwedDidShow: UInt = 0
    /// Whether ``_placeOwedDidShow`` is owed willShow too: its place was on its way off screen when the controller
    /// would have told of it (a presentation over it dismissed at once), and the pair comes when it is back.
    @exclusivity(unchecked) var _placeOwesItsPair = false
    /// Whether the last willShow the delegate heard is the one of the controller's own appearance.
    ///
    /// Any other ends the didShow that appearance owed (the change that sent it sends its own didShow). A flag beside
    /// ``_topShownOnAppearing``, so that a willShow stores a byte, not a weak reference.
    @exclusivity(unchecked) var _appearanceOwesDidShow = false

    /// The screen the delegate heard of last with a didShow, `nil` from a willShow until its didShow, and from the
    /// moment the controller begins to disappear: once it is back on screen, a change that finds its top on screen
    /// tells the delegate of it unless something did since.
    ///
    /// A cancelled interactive pop sends no didShow for the screen it revealed. A change of the stack whose top
    /// another transition brought on screen (a queued presentation's, which carried out the change), or a pop
    /// cancelled while the controller came back, tells the delegate of a top on screen that is not this one.
    @exclusivity(unchecked) weak var _screenShownToDelegate: Screen?
    /// The screen the delegate heard of last, with a willShow or a didShow, and the controller's appearance (its
    /// ``Screen/_appearances``) under way then, `0` when none was.
    ///
    /// A change of the stack asked from that appearance's will-calls that told of its top (a willShow whose didShow
    /// the change still owes, or both) leaves the appearance nothing to tell
    /// (see ``_showTopOnAppearing(_:animated:)``). An identifier and a count, not a weak reference: stored with every
    /// willShow and didShow.
    @exclusivity(unchecked) var _lastTold: (screen: ObjectIdentifier?, appearance: UInt) = (nil, 0)
    /// How many willShow and didShow the delegate has heard: whoever sent one can tell later whether it is still the
    /// delegate's last word (an interactive pop whose controller came back with an appearance that told nothing).
    @exclusivity(unchecked) var _toldCount: UInt = 0
    /// The top screen when the stack transition starting now made its plan, the screen it sets out to show.
    ///
    /// The app's code in its `viewDidLoad` (the loads come after the plan) may push another. Read and cleared once the
    /// transition's screens are loaded (see `_transition`).
    @exclusivity(unchecked) var _topWhenPlanned: Screen?
    /// How many appearances the controller had begun when the stack transition starting now made its plan: one begun
    /// by the end of its will-calls (the controller left the screen and came back) told the delegate of its top itself
    /// (see `_transition`).
    @exclusivity(unchecked) var _appearancesWhenPlanned: UInt = 0
    /// How many transitions the controller had queued when the stack transition starting now made its plan, until its
    /// will-calls have run (`Int.max` otherwise): more now means a change asked since, as its screens loaded, waits for
    /// it (see `_Transition._isShownOnlyByAWaitingChange`).
    @exclusivity(unchecked) var _queuedCountWhenPlanned = Int.max

    /// Set when an interactive pop was cancelled from a call of the controller's own appearance, which shows the screen
    /// the pop revealed: once the controller has appeared, it shows its top again
    /// (``_showedTopOnAppearing(animated:)``), with willShow and didShow when `true` (its delegate heard of the
    /// revealed screen); `nil` otherwise.
    @exclusivity(unchecked) var _showsTopAgainOnAppearing: Bool?

    /// The top screen that joined the stack while the controller was off screen, owed its `didMove(toParent:)`.
    ///
    /// As in UIKit, whose navigation controller defers such a transition until it appears: the screen's move ends
    /// with its first appearance, so that it is ``Screen/isMovingToParent`` in it (a window's root screen too), and
    /// `didMove(toParent:)` follows its `viewDidAppear`. A request to change the stack before then ends the move
    /// first.
    @exclusivity(unchecked) var _screenOwedDidMove: Screen?

    /// Whether the observers hear the new top of a push or a stack replacement join, before the request queued its
    /// transition (``_joinAsNewTop(_:)``).
    @exclusivity(unchecked) var _isJoiningNewTop = false

    /// The driver that holds this controller's transitions not completed yet, and how many there are: later
    /// requests join the same queue, so that their callbacks keep their order.
    ///
    /// A driver that goes away completes the transitions it holds, so the count always returns to zero: while it
    /// does, its reference here already reads `nil`, and the count still holds them (the pop gesture and the back
    /// button wait for them).
    @exclusivity(unchecked) weak var _queuedDriver: TransitionDriver?
    @exclusivity(unchecked) var _queuedCount = 0
    /// How many of the controller's transitions are running their calls, which the pop gesture waits for.
    ///
    /// One it runs at once in no window counts from its start to its completion; one in a driver counts while its
    /// end (didPop, didMove, didShow) runs, which its window's driver may not show (the controller left that window).
    @exclusivity(unchecked) var _transitionCallsDepth = 0

    /// Whether a change of the stack is running the app's code while it applies the change.
    ///
    /// Set during its screens' willPop and willMove, the departures of the screens below the old top, and the joining
    /// of the new screens a `setViewControllers` adds below its new top: requests to change the stack meanwhile are
    /// refused (``_beginStackRequest()``).
    @exclusivity(unchecked) var _isChangingStack = false

    /// Creates a navigation controller with `rootScreen` at the bottom of its stack.
    ///
    /// `rootScreen` gets `willMove(toParent:)` now and `didMove(toParent:)` after its first appearance, as in UIKit
    /// (so it is ``Screen/isMovingToParent`` in that appearance), or at the first request to change the stack if
    /// that comes earlier.
    ///
    /// - Throws: ``LifecycleError/Code-swift.struct/alreadyAttached`` if the screen is attached
    ///   elsewhere, ``LifecycleError/Code-swift.struct/invalidContainment`` if it is a navigation controller.
    public init(rootScreen: Screen, title: String? = nil) throws(LifecycleError) {
        super.init(title: title)
        definesPresentationContext = true
        try _checkStackable(rootScreen)
        try rootScreen._checkDetached(for: "become the root of \(debugLabel)")
        _changingStack {
            _attach(rootScreen)
            viewControllers = [rootScreen]
            rootScreen._willMove(toJoin: self)
        }
        rootScreen._didJoinHierarchy()
        // Its didMove(toParent:) follows its first appearance, as a screen's that joins the stack off screen.
        rootScreen._joinDidMoveOwedBy = ObjectIdentifier(self)
        _screenOwedDidMove = rootScreen
    }

    /// Creates an empty navigation controller; give it screens with ``setViewControllers(_:animated:completion:)``.
    public override init(title: String? = nil) {
        super.init(title: title)
        definesPresentationContext = true
    }

    /// Ends an interactive pop still in progress as cancelled (see ``InteractivePop/cancel()``): nothing could end it
    /// later, and the transitions queued behind it would wait for good.
    deinit {
        interactivePop?.cancel()
    }

    /// The screen at the top of the stack.
    public var topViewController: Screen? { viewControllers.last }

    /// The screen the user sees: the one presented over the navigation controller, else the top screen.
    ///
    /// As UIKit's `visibleViewController`: after `top.present(sheet)` (which the navigation controller makes) or
    /// `navigation.present(sheet)`, it is `sheet`, the navigation controller's ``Screen/presentedScreen``. A screen
    /// presented over the top screen's own current context (``ModalPresentationStyle/currentContext``, from a top
    /// screen that ``Screen/definesPresentationContext``) stands in for the top screen, and is the visible one.
    /// `nil` for an empty stack with nothing presented.
    ///
    /// ```swift
    /// try navigation.push(detail, animated: false)
    /// try detail.present(sheet, style: .pageSheet, animated: false)
    /// navigation.visibleViewController === sheet   // true
    /// ```
    public var visibleViewController: Screen? {
        if let presented = presentedScreen { return presented }
        return topViewController?._forwardingTarget
    }

    /// Only the top screen appears with the navigation controller.
    open override var childrenForAppearanceForwarding: [Screen] {
        _topScreenList
    }

    /// The top screen decides the status bar's visibility.
    open override var childForStatusBarHidden: Screen? { topViewController }

    /// The top screen decides the status bar's style only while the navigation bar is hidden; while the bar is
    /// visible, `nil`: the navigation controller decides, from its bar (see ``preferredStatusBarStyle``), as UIKit's
    /// `UINavigationController` does.
    ///
    /// To let the top screen decide under a visible bar too (QMUI's per-screen styles), override this property
    /// in a subclass, or for one controller through the ``Screen/childForStatusBarStyle-swift.type.property`` hook
    /// point:
    ///
    /// ```swift
    /// try Screen.childForStatusBarStyle.override(.instance(navigation)) { _ in
    ///     { screen, _ in (screen as? NavigationController)?.topViewController }
    /// }
    /// navigation.setNeedsStatusBarAppearanceUpdate()
    /// ```
    open override var childForStatusBarStyle: Screen? {
        isNavigationBarHidden ? topViewController : nil
    }

    /// The status-bar style that suits the navigation bar's current style (UIKit's rule before iOS 26).
    ///
    /// ``StatusBarStyle/lightContent`` on a ``NavigationBarStyle/black`` bar, ``StatusBarStyle/default`` otherwise.
    /// It counts while the bar is visible (see ``childForStatusBarStyle``). iOS 26's controller, with its new design,
    /// decides from the bar's light or dark interface style instead (dark: light content, light: dark content), which
    /// the host does not model: a black bar stands for a dark one.
    open override var preferredStatusBarStyle: StatusBarStyle {
        navigationBar.appearance.barStyle == .black ? .lightContent : .default
    }

    /// Called before a screen is shown at the top of the stack (QMUI's `willShowViewController`).
    ///
    /// Called for a push, a pop, `setViewControllers` or an interactive pop (begun, or cancelled: then for the popping
    /// screen, once it appeared again) while the controller is on screen, and
    /// whenever the controller itself appears (its window shows it, a full-screen presentation over it is
    /// dismissed), with its top screen. As UIKit's controller tells its delegate, it comes after the will-calls: a
    /// push's after the old top's `viewWillDisappear` and the new top's `viewWillAppear`, the controller's own
    /// appearance after its `viewWillAppear` and its top screen's.
    open func willShow(_ screen: Screen, animated: Bool) {}

    /// Called after a screen was shown at the top of the stack, once its transition completed.
    ///
    /// Only while the controller is still appearing or on screen, as UIKit's controller tells its delegate: when the
    /// app's code in the transition's did-calls takes the controller off screen (the new top's `viewDidAppear`
    /// removes it from its container, say), `willShow` came and `didShow` does not.
    ///
    /// When the controller itself appears, after the top screen's `viewDidAppear`. A cancelled interactive pop of
    /// this controller calls `willShow` and `didShow` for the popping screen once it appeared again (as UIKit's
    /// controller tells its delegate for apps built with recent SDKs), also when that screen's calls changed the top
    /// (the change waits in the queue, and tells of its own top after); a controller that the gesture revealed (inside
    /// the screen below) got `willShow` as it began to appear, and gets no `didShow` when the cancel takes it away.
    open func didShow(_ screen: Screen, animated: Bool) {}
}

/// The hook points of a navigation controller.
extension NavigationController {
    /// `willShow(_:animated:)`.
    public static let willShow = HookPoint<NavigationController, (screen: Screen, animated: Bool), Void>(
        "NavigationController.willShow")
    /// `didShow(_:animated:)`.
    public static let didShow = HookPoint<NavigationController, (screen: Screen, animated: Bool), Void>(
        "NavigationController.didShow")
    /// Each step of an interactive pop: began, changed, finished or cancelled.
    public static let interactivePopDidChange = HookPoint<NavigationController, InteractivePopEvent, Void>(
        "NavigationController.interactivePopDidChange")

    /// Sends willShow for `screen`.
    ///
    /// `ofOwnAppearance` when the controller's own appearance shows its top, which then owes its didShow
    /// (``_topShownOnAppearing``). Any other willShow ends that debt (``_appearanceOwesDidShow``).
    ///
    /// - Returns: ``_toldCount`` with this willShow counted: read before the hooks and the delegate ran, whose code
    ///   may tell the delegate more.
    @discardableResult
    func _willShow(_ screen: Screen, animated: Bool, ofOwnAppearance: Bool = false) -> UInt {
        _screenShownToDelegate = nil
        if ofOwnAppearance { _topShownOnAppearing = screen }
        _appearanceOwesDidShow = ofOwnAppearance
        _lastTold = (ObjectIdentifier(screen), _appearance == .appearing ? _appearances : 0)
        _toldCount &+= 1
        let toldCount = _toldCount
        NavigationController.willShow.invoke(self, (screen, animated)) { navigation, arguments in
            navigation.willShow(arguments.screen, animated: arguments.animated)
        }
        return toldCount
    }

    func _didShow(_ screen: Screen, animated: Bool) {
        _screenShownToDelegate = screen
        _lastTold = (ObjectIdentifier(screen), _appearance == .appearing ? _appearances : 0)
        _toldCount &+= 1
        NavigationController.didShow.invoke(self, (screen, animated)) { navigation, arguments in
            navigation.didShow(arguments.screen, animated: arguments.animated)
        }
    }

    /// Sends willShow for `top` once the controller's own appearance sent its will-calls.
    ///
    /// The controller itself appears (its window shows it, a presentation over it is dismissed, its container
    /// appears), and `top`, its top screen when its viewWillAppear returned, is shown too: willShow once the
    /// will-calls went out (the controller's, then the top screen's), as UIKit's controller sends it after its top
    /// screen's viewWillAppear. Nothing if the will-calls ended the controller's appearance, if an appearance begun
    /// inside them already showed its top (the controller left its container and joined it again there), or if they
    /// changed the top screen (the change sends its own willShow and didShow), nor if a change made in them told the
    /// delegate of that top, with its willShow (whose didShow the change still owes) or both (an animated push from the
    /// controller's viewWillAppear; a push popped back from the top's viewDidAppear that the push's start ran), nor for
    /// a top going off screen (a push asked in them takes it off).
    func _showTopOnAppearing(_ top: Screen, animated: Bool) {
        guard _appearance == .appearing, _topShownOnAppearing == nil, top === topViewController,
            !_toldDelegateInThisAppearance(of: top),
            !_placeIsGoingOffScreen(of: top)
        else { return }
        _willShow(top, animated: animated, ofOwnAppearance: true)
    }

    /// Brings on screen at once what the controller shows, once its own viewWillAppear ended its appearance and left it
    /// on screen (its container switched it away and back from there), with willShow and didShow for its top, as its
    /// appearance would have sent them: willShow after the top's viewWillAppear, didShow after its viewDidAppear.
    ///
    /// Not for a top the delegate heard of already in this appearance, nor one that does not come on screen here.
    /// Nothing at all while a change of the stack runs or waits (asked from those calls): its transition brings on
    /// screen the top it finds when it starts, and tells of it, as the transitions that run after an appearance do.
    func _settleChildrenOnScreenShowingTheTop(ofAppearance appearance: UInt) {
        guard _queuedCount == 0 else { return }
        guard _appearance == .appeared, let top = topViewController,
            top._forwardingTarget._appearance == .disappeared
        else {
            _settleChildrenOnScreen()
            // The top's place came on screen meanwhile, in the transition of a presentation over it or of the dismissal
            // of what stood in for it, asked from those calls: neither tells the delegate. Not after another appearance
            // begun in those calls (the container switched away and back at once), which told of its top itself.
            if _appearances == appearance, let top = topViewController { _showTopAfterACutAppearance(top) }
            return
        }
        let appearances = _appearances
        _settleChildrenOnScreen(onWillCalls: { [unowned self] appearing, sent in
            guard sent, _appearance == .appeared, _appearances == appearances, top === topViewController,
                case let target = top._forwardingTarget, target._appearance == .appearing,
                appearing.contains(where: { $0 === target }), _screenShownToDelegate !== top,
                !_toldDelegateInThisAppearance(of: top)
            else { return }
            let toldCount = _willShow(top, animated: false)
            _oweDidShow(of: top, at: target, withItsWillShow: false, toldCount: toldCount)
        })
    }

    /// Tells the delegate of `top`, willShow and didShow at once, when the will-calls of the controller's appearance
    /// ended it and left the controller on screen, and `top` (or what stands in for it) appeared meanwhile.
    ///
    /// The top's own viewWillAppear switched the controller's container away and back: the controller got a
    /// viewDidAppear that balanced its will-call, and the top's viewDidAppear followed, before the controller could
    /// tell its delegate. Not for a top the delegate heard of in this appearance, nor while a change of the stack runs
    /// or waits (it tells of its own top), nor for a top not on screen.
    func _showTopAfterACutAppearance(_ top: Screen) {
        guard _appearance == .appeared, _queuedCount == 0, top === topViewController,
            case let place = top._forwardingTarget, place._appearance != .disappeared, _screenShownToDelegate !== top,
            !_toldDelegateInThisAppearance(of: top), !_interactivePopToldOfItsScreenInThisAppearance
        else { return }
        switch place._appearance {
        case .disappearing:
            // The top itself goes off screen for a presentation that was dismissed at once: both calls come when the
            // dismissal brings it back.
            _oweDidShow(of: top, at: place, withItsWillShow: true, toldCount: _toldCount)
        case .appearing:
            // It appears with an animation (a presentation over it, or a dismissal that uncovers it): didShow once it
            // has.
            let toldCount = _willShow(top, animated: place._isTransitionAnimated)
            _oweDidShow(of: top, at: place, withItsWillShow: false, toldCount: toldCount)
        case .appeared, .disappeared:
            _tellDelegateOfTopInItsPlace(top, animated: false)
        }
    }

    /// Leaves the didShow of `top` (with its willShow too, `withItsWillShow`) owed until `place`, what stands in the
    /// top's place, has appeared (``_placeAppeared(_:animated:)``), if the delegate hears nothing after `toldCount`
    /// (``_toldCount`` as the debt began: after the willShow it answers).
    private func _oweDidShow(of top: Screen, at place: Screen, withItsWillShow: Bool, toldCount: UInt) {
        _placeOwedDidShow = top
        _placeOwesItsPair = withItsWillShow
        _toldCountAtPlaceOwedDidShow = toldCount
        place._appearanceOwesNavigationDidShow = true
    }

    /// Sends willShow and didShow for `top`, the didShow while it is still the top and what stands in its place has
    /// appeared.
    private func _tellDelegateOfTopInItsPlace(_ top: Screen, animated: Bool) {
        _tellDelegate(of: top, animated: animated) {
            topViewController === top && top._forwardingTarget._appearance == .appeared
        }
    }

    /// Whether an interactive pop in progress sent its willShow in the controller's current appearance: the pop tells
    /// of the screen it reveals.
    private var _interactivePopToldOfItsScreenInThisAppearance: Bool {
        guard let pop = interactivePop, pop.state == .active else { return false }
        return pop.sentWillShow && pop.controllerAppearancesAtWillShow == _appearances
    }

    /// `screen`, which appeared in the place of a top screen of a navigation controller, ends the didShow that
    /// ``_showTopAfterACutAppearance(_:)`` left owed to that place, if the delegate heard nothing since.
    ///
    /// Another screen may have taken the place from the screen's viewDidAppear (a presentation over it, or a dismissal
    /// that uncovers the top): the didShow then waits for that one to appear, or comes now if it has already.
    static func _placeAppeared(_ screen: Screen, animated: Bool) {
        // Found through the presenter for a presentation dismissed from its viewDidAppear.
        let base = (screen._presenter == nil ? screen._dismissedFrom : nil)?._standInBase ?? screen._standInBase
        guard let navigation = base.parent as? NavigationController, let top = navigation._placeOwedDidShow,
            top === base
        else { return }
        guard navigation._toldCount == navigation._toldCountAtPlaceOwedDidShow, navigation._appearance == .appeared,
            top === navigation.topViewController
        else {
            navigation._placeOwedDidShow = nil
            return
        }
        let place = top._forwardingTarget
        guard place._appearance == .appeared else {
            place._appearanceOwesNavigationDidShow = true
            return
        }
        navigation._placeOwedDidShow = nil
        if navigation._placeOwesItsPair {
            navigation._tellDelegateOfTopInItsPlace(top, animated: animated)
        } else {
            navigation._didShow(top, animated: animated)
        }
    }

    /// Whether the delegate's last willShow or didShow named `screen` and came while the controller's current
    /// appearance began (recorded by ``_lastTold``).
    private func _toldDelegateInThisAppearance(of screen: Screen) -> Bool {
        _lastTold.screen == ObjectIdentifier(screen) && _lastTold.appearance == _appearances
    }

    /// The controller itself appeared, after its top screen's viewDidAppear.
    ///
    /// Sends didShow for the screen that got willShow, if it is still the top and the delegate heard no other willShow
    /// since: a stack that changed meanwhile sends its own willShow and didShow (even if it came back to that top).
    /// After an interactive pop cancelled from a call of this appearance (``_showsTopAgainOnAppearing``), then shows
    /// the top again in place of the revealed screen.
    func _showedTopOnAppearing(animated: Bool) {
        // Its top ends an owed move when its own viewDidAppear has run; this is for a top that a current-context
        // presentation stood in for, which did not appear.
        // Not for a top whose view is loading: this appearance left it for its load, and it ends the move itself.
        if let top = topViewController, _screenOwedDidMove === top, !top._isLoadingView {
            _endOwedMove()
        }
        if let shown = _topShownOnAppearing {
            _topShownOnAppearing = nil
            // Not for a top that a change of the stack is taking off screen: a change asked from its viewDidAppear, or
            // from the calls after it, tells of its own top once its will-calls have run. A presentation that covers
            // it changes nothing the delegate hears of.
            if _appearanceOwesDidShow, shown === topViewController,
                !(_placeIsGoingOffScreen(of: shown) && _queuedCount > 0)
            {
                _didShow(shown, animated: animated)
            }
        }
        if let tellsDelegate = _showsTopAgainOnAppearing {
            _showsTopAgainOnAppearing = nil
            _settleChildrenOnScreen()
            // As a cancel of a controller on screen does: once the appearance calls are over. Unless the delegate heard
            // of the top already: the appearance showed it (the cancel came before it reached the children), or a
            // change of the stack asked since did.
            if tellsDelegate { _tellDelegateOfTopOnScreen(animated: animated) }
        }
    }

    /// Whether the place of `top` is on its way off screen: the screen itself disappears, or, while it is not on
    /// screen, the current-context presentation that stands in for it (a push takes the place off).
    ///
    /// Not when the top comes on screen as that presentation goes (its dismissal): the top takes its place.
    private func _placeIsGoingOffScreen(of top: Screen) -> Bool {
        top._appearance == .disappearing
            || (!top._appearance.isVisible && top._forwardingTarget._appearance == .disappearing)
    }

    /// Sends willShow and didShow for the top screen, on screen in the controller on screen, unless the delegate heard
    /// of it last.
    ///
    /// The didShow only while that screen is still the top on screen (see ``_tellDelegate(of:animated:whileShown:)``):
    /// the willShow's hooks (the app's code) may change the stack, and that change tells of its own top.
    private func _tellDelegateOfTopOnScreen(animated: Bool) {
        guard _appearance == .appeared, let top = topViewController, top._appearance == .appeared,
            top !== _screenShownToDelegate
        else { return }
        _tellDelegate(of: top, animated: animated) { topViewController === top && top._appearance == .appeared }
    }

    /// Sends willShow for `screen`, then its didShow while `isShown` holds and the controller, still on screen in the
    /// same appearance, has told the delegate nothing since.
    ///
    /// The willShow's hooks (the app's code) may take the controller off screen, or away and back (its own appearance
    /// then told of its top, willShow and didShow), or take the screen off screen.
    func _tellDelegate(of screen: Screen, animated: Bool, whileShown isShown: () -> Bool) {
        let appearances = _appearances
        _willShow(screen, animated: animated)
        if _screenShownToDelegate == nil, _appearances == appearances, _appearance == .appeared, isShown() {
            _didShow(screen, animated: animated)
        }
    }

    /// Sends the `didMove(toParent:)` that ``_screenOwedDidMove`` waits for, if any: its first appearance completed,
    /// or the stack is about to change.
    ///
    /// The `didMove(toParent:)` is the app's code, which may push a screen that owes its own move in turn (the
    /// controller is still off screen): that one ends too, before the request reads the stack.
    func _endOwedMove() {
        while let screen = _screenOwedDidMove {
            _screenOwedDidMove = nil
            if screen.parent === self {
                screen._didMove(toParent: self)
            }
        }
    }
}
