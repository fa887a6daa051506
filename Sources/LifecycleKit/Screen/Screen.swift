import HookKit

/// A screen of an application: the role of UIKit's `UIViewController`, without UIKit.
///
/// Subclass it and override the lifecycle methods, as with a view controller. The host
/// (``Window``, ``NavigationController``, presentation and containment) calls them in UIKit's
/// order, and each call goes through a HookKit hook point (``Screen/viewWillAppear`` and its
/// siblings), so global, per-type and per-instance hooks and overrides run around the screen's
/// own method, whether or not the subclass calls `super`.
///
/// ```swift
/// final class ProductScreen: Screen {
///     override func viewDidLoad() { /* build the content */ }
///     override func viewWillAppear(_ animated: Bool) { /* refresh */ }
/// }
///
/// let navigation = try NavigationController(rootScreen: HomeScreen(title: "Home"))
/// let window = Window()
/// try window.setRootScreen(navigation)
/// window.makeKeyAndVisible()
/// try navigation.push(ProductScreen(title: "Product"), animated: true)
/// ```
///
/// Screens belong to one thread, like UIKit's view controllers: create and drive a host from one
/// thread. Hooks run on that thread.
open class Screen {
    /// The screen's title, used by navigation bars and debug strings.
    public var title: String?

    /// How the screen covers its presenter when it is presented; ``ModalPresentationStyle/automatic`` (a sheet) by
    /// default.
    ///
    /// Set it before presenting, as with UIKit: ``present(_:style:animated:completion:)`` without a `style` uses it,
    /// and a `style` given there replaces it. A presentation keeps the style it began with: a change made while the
    /// screen is presented (from its viewDidLoad, say, which runs once the presentation has begun) counts from its
    /// next presentation, as UIKit fixes the style when it makes the presentation's controller.
    ///
    /// ```swift
    /// player.modalPresentationStyle = .fullScreen
    /// try home.present(player, animated: true)
    /// ```
    public var modalPresentationStyle: ModalPresentationStyle = .automatic

    /// Whether a ``ModalPresentationStyle/currentContext`` presentation from this screen or its
    /// descendants covers this screen (rather than the top of its parents: the window's root, or the presented
    /// screen it is in, which is the context of the screens inside it either way).
    ///
    /// Read only for a screen that has a parent: UIKit looks for the context through parents alone. `false` by
    /// default, as in UIKit, except for a ``NavigationController``, which sets it as UIKit's `UINavigationController`
    /// does: a current-context presentation from a screen of its stack covers the controller, its bar included, not
    /// the container the controller is in.
    ///
    /// ```swift
    /// let feed = try NavigationController(rootScreen: Screen(title: "Feed"))
    /// try tabs.addChild(feed)  // `tabs`: a container on screen
    /// try feed.topViewController?.present(Screen(title: "Filters"), style: .currentContext)
    /// // covers `feed` only: `tabs` and its other children stay on screen
    /// ```
    public var definesPresentationContext = false

    // The host's own state below is `@exclusivity(unchecked)`: only LifecycleKit writes it, never through an `inout`
    // access that spans the app's code, and a screen is not `Sendable`, so one isolation domain uses it. The runtime's
    // check costs a thread-local look-up per access, about 10,000 instructions per push and pop.

    /// The container that holds this screen as a child.
    ///
    /// A popped screen keeps it until its pop's transition starts (through its `willMove(toParent: nil)` and its
    /// `viewWillDisappear`); then its navigation controller unlinks it, as UIKit's removes the popped child: `nil`
    /// in the `viewDidDisappear` of that transition and in its `didMove(toParent: nil)`, and out of the controller's
    /// ``children``. It is still attached meanwhile: it cannot join another container until its
    /// `didMove(toParent: nil)`, ``removeFromParent()`` ends its departure, and it is in the controller's ``window``.
    /// In its `didPop(animated:)`, between those two, it is the navigation controller again (as
    /// ``navigationController`` is), though the screen is out of its ``children``. A cancelled interactive pop links
    /// it in again before its appearance calls.
    @exclusivity(unchecked) public internal(set) weak var parent: Screen?

    /// The identity of ``parent`` while it holds this screen.
    ///
    /// For checks on paths that every transition takes, where a weak load costs a retain and a release through the
    /// object's side table. Set and cleared with `parent`, and by the parent's `deinit`, so that it never names a dead
    /// container whose address was reused.
    @exclusivity(unchecked) var _parentIdentifier: ObjectIdentifier?

    /// The screens this screen contains, in order.
    ///
    /// A navigation controller's are its stack, and a popped screen until its pop's transition starts: see
    /// ``parent``. (UIKit's controller takes the top a pop removes out of its children at the request, before its
    /// `willMove(toParent: nil)`, and clears its parent when the transition starts. The old top that a
    /// `setViewControllers` removes stays among them until then, here always, in UIKit only when the change animates
    /// on screen.) While a `setViewControllers` adds its new screens, one at a time, they are the screens it keeps, in
    /// their new places, and the new ones added so far, followed by the screens still leaving.
    @exclusivity(unchecked) public internal(set) var children: [Screen] = []

    /// The screen that presented this screen (for a child of a presented container, the
    /// container's presenter).
    public var presentingScreen: Screen? {
        var screen: Screen? = self
        while let current = screen {
            if let presenter = current._presenter { return presenter }
            screen = current.parent
        }
        return nil
    }

    /// The screen this screen presents, or that one of its ancestors presents (UIKit's
    /// `presentedViewController`).
    ///
    /// A screen inside a container sees what the container presents: push `a` on a navigation
    /// controller, call `a.present(sheet)`, and `a.presentedScreen` is `sheet` (the navigation
    /// controller made the presentation). ``dismiss(animated:completion:)`` dismisses it.
    public var presentedScreen: Screen? {
        var screen: Screen? = self
        while let current = screen {
            if let presented = current._presented { return presented }
            screen = current.parent
        }
        return nil
    }

    /// The screen this screen itself presents (not one of its ancestors).
    @exclusivity(unchecked) var _presented: Screen?

    /// The presenter of this screen itself (not of a container it is in).
    @exclusivity(unchecked) weak var _presenter: Screen?

    /// The presenter of the presentation being dismissed with this screen, until the dismissal ends: for a
    /// current-context presentation, the screen whose place it keeps until its dismissal's transition runs, or the
    /// presentation before it in a chain, which stands in for that screen.
    @exclusivity(unchecked) weak var _dismissedFrom: Screen?

    /// The style the screen was presented with last: set when it is presented, kept once it is dismissed.
    ///
    /// The host reads this one, not ``modalPresentationStyle``, which the app may change while the screen is
    /// presented: UIKit fixes the style when the presentation begins (its presentation controller is made then).
    @exclusivity(unchecked) var _presentationStyle: ModalPresentationStyle = .automatic

    /// Whether the screen was presented over the current context of a presented screen that takes a sheet's place
    /// (see ``_takesASheetsPlace``): set when it is presented, kept once it is dismissed.
    @exclusivity(unchecked) var _isPresentedInASheetsPlace = false

    // Where the screen is on screen: its place in the tree of what the host shows. The hierarchy (parents, stacks,
    // presentations) changes at once when a request is made; what is on screen follows when the request's transition
    // runs. This tree records what is on screen, so that a transition makes disappear exactly what is shown, whatever
    // happened to the hierarchy meanwhile. (Four properties rather than one struct: reading a field of a struct
    // property that holds weak references copied the whole struct, 28 times per push and pop.)

    /// The screens on screen through this one (its appearance was forwarded to them), in the order they appeared.
    @exclusivity(unchecked) var _onScreenChildren: [Screen] = []
    /// The screen this one is on screen through, while it is on screen as a child.
    @exclusivity(unchecked) weak var _onScreenParent: Screen?
    /// The window this screen is on screen in as a unit (a root or a window-level presentation).
    @exclusivity(unchecked) weak var _onScreenUnitWindow: Window?
    /// The transition or interactive pop that owes this screen its did-call.
    @exclusivity(unchecked) weak var _onScreenBatch: _AppearanceBatch?
    /// The transition or interactive pop that sent this screen's last viewDidAppear, while it exists.
    ///
    /// The statistics tell a sheet that came on screen with the screen (in the same transition) from one already
    /// coming above it. Recorded only while some window has observers (the statistics are one).
    @exclusivity(unchecked) weak var _lastAppearanceBatch: _AppearanceBatch?

    /// The window of a root screen.
    @exclusivity(unchecked) weak var _window: Window?

    /// The view, once loaded.
    @exclusivity(unchecked) var _view: ScreenView?

    /// Whether the view is loaded: `true` once ``loadView()`` returned, so already during ``viewDidLoad()``, as in
    /// UIKit.
    @exclusivity(unchecked) public internal(set) var isViewLoaded = false

    /// Set while the view loads (``loadView()`` and ``viewDidLoad()``), so that a lifecycle method that reads ``view``
    /// does not load again, and a presentation requested meanwhile knows that the view is not in a window yet.
    @exclusivity(unchecked) var _isLoadingView = false
    /// The container whose appearance reached this screen while its view loaded, and left it (``_beginAppearing``):
    /// the load brings it on screen there once its `viewDidLoad` returned (``_appearAfterItsLoad(in:)``).
    @exclusivity(unchecked) weak var _containerAppearedDuringLoad: Screen?

    /// The lifecycle phase, as ``visibleState`` reports it.
    @exclusivity(unchecked) public internal(set) var visibleState: ScreenVisibleState = []

    /// The navigation controller this screen is leaving, from its pop's transition start, when the controller
    /// unlinks it (``parent`` turns `nil`, and it leaves ``children``), until its `didMove(toParent: nil)`; `nil`
    /// otherwise.
    ///
    /// UIKit's controller removes a popped child once the transition's will-calls ran, keeping a weak
    /// `_departingParentViewController`: the screen stays attached for this host's checks (it cannot join another
    /// container before its didMove, and ``removeFromParent()`` ends its departure). Set with
    /// ``_setDepartingParent(_:)``.
    @exclusivity(unchecked) private(set) weak var _departingParent: Screen?

    /// Whether ``_departingParent`` was set (set and cleared with it), read without a weak load on paths that every
    /// lookup of the window takes (still `true` once a released controller cleared the weak link: load the link
    /// itself to know).
    @exclusivity(unchecked) private(set) var _isUnlinkedWhileDeparting = false

    /// Sets ``_departingParent`` and its flag together; clearing a link never set costs no weak store.
    func _setDepartingParent(_ container: Screen?) {
        guard container != nil || _isUnlinkedWhileDeparting else { return }
        _departingParent = container
        _isUnlinkedWhileDeparting = container != nil
    }

    /// Whether `container` unlinked this screen while it departs (the flag first: no weak load for other screens).
    func _isDeparting(from container: Screen) -> Bool {
        _isUnlinkedWhileDeparting && _departingParent === container
    }

    /// ``parent``, or the navigation controller this screen is leaving while that has unlinked it.
    ///
    /// The screen's place in the hierarchy (``_departingParent``): its presentations, its bar updates and its
    /// dismissal go through it.
    var _hierarchyParent: Screen? { parent ?? (_isUnlinkedWhileDeparting ? _departingParent : nil) }

    /// The container this screen is joining while the request runs the app's code before the join is done: its own
    /// `willMove(toParent:)` (``_willMove(toJoin:)``), and in a stack replacement the dropped screens' calls before
    /// it; `nil` otherwise.
    @exclusivity(unchecked) var _joiningParent: Screen?

    /// The identity of the navigation controller that took this screen into its stack and still owes it
    /// `didMove(toParent:)`.
    ///
    /// Set until the push's transition finishes (or any `didMove` ends the screen's move); `nil` otherwise. A screen
    /// that leaves before then gets it first, so that every willMove has its didMove in order. An identity, not a
    /// weak reference, which would cost every push a weak store and two weak loads.
    @exclusivity(unchecked) var _joinDidMoveOwedBy: ObjectIdentifier?

    /// How many times the screen was linked into a container (``_attach(_:)``): a request that ran the app's code
    /// after linking it tells by this whether the screen left and joined again meanwhile.
    @exclusivity(unchecked) var _attachments = 0

    /// Whether ``removeFromParent()`` is taking this screen out of a container and running the app's code.
    ///
    /// Set during its willMove and disappearance: a second removal meanwhile does nothing.
    @exclusivity(unchecked) var _isLeavingParent = false

    /// Set while this screen's viewWillAppear runs: a child added meanwhile appears when the screen forwards its
    /// appearance to its children, right after.
    @exclusivity(unchecked) var _isRunningViewWillAppear = false
    /// The `animated` flag of the viewWillAppear whose viewIsAppearing has not come yet, or `nil` when none is owed
    /// (see ``_deliverViewIsAppearing()``).
    @exclusivity(unchecked) var _pendingViewIsAppearing: Bool?
    /// How many appearances the screen has begun: a call that ran the app's code (its viewIsAppearing) tells by this
    /// whether the appearance it ends is still the one it began with, not a new one begun meanwhile.
    @exclusivity(unchecked) var _appearances: UInt = 0

    /// Set by ``updateShownChildren()`` while this screen appears: the children it shows come in line with its list
    /// once its appearance completes.
    @exclusivity(unchecked) var _needsShownChildrenUpdate = false
    /// Set while this screen appears in the place of a navigation controller's top, whose delegate heard willShow for
    /// that top and is owed its didShow once the screen has appeared, or on a top on its way off screen whose pair is
    /// owed when it is back (see ``NavigationController/_placeAppeared(_:animated:)``): a byte every appearance
    /// reads.
    @exclusivity(unchecked) var _appearanceOwesNavigationDidShow = false
    /// The batch whose transition this screen completes, while its did-call and those it forwards to its children run:
    /// a child still appearing in it waits only for those did-calls to reach it.
    ///
    /// A switch of the children this screen, or a container above it, shows (``updateShownChildren()``) requested
    /// meanwhile completes their appearance first, as UIKit's tab bar controller has passed `viewDidAppear` to its
    /// selected tab before its subclass's code runs.
    ///
    /// Not retained (a retain and a release per appearance): `_endAppearanceTransition()` holds the batch while it is
    /// set, and restores the value before it returns.
    @exclusivity(unchecked) unowned(unsafe) var _batchBeingCompleted: _AppearanceBatch?
    /// Set by the first ``updateShownChildren()``: the list of the children this screen shows changes, so a transition
    /// that planned to bring one of them on screen asks the list again before it does (the app's code in the
    /// transition's will-calls may have switched).
    @exclusivity(unchecked) var _switchesShownChildren = false
    /// The container that a transition sending its will-calls brings this screen on screen in, until its turn.
    ///
    /// A switch of that container asked from the transition's earlier calls leaves the screen to the transition
    /// (``_childrenPlan``), and so does the container's appearance from the screen's own load (``_beginAppearing``). An
    /// identity, never a reference: set only while the transition starts, which holds the container.
    @exclusivity(unchecked) var _appearsLaterIn: ObjectIdentifier?
    /// Set when the app dismisses this current-context presentation while a transition that brings it on screen sends
    /// its will-calls (``_appearsLaterIn``): at its turn the screen no longer appears there, even if it was presented
    /// again meanwhile, whose presentation waits for its own transition.
    @exclusivity(unchecked) var _dismissedBeforeItsTurn = false
    /// The transition, sending its will-calls, that takes this screen off screen at its turn, until then.
    ///
    /// A switch asked from the transition's earlier calls that still shows the screen's place leaves it to the
    /// transition (``_childrenPlan``). A transition started from those calls that takes the screen off too leaves the
    /// mark to the first. An identity, never a reference: each transition clears its own mark at its turn, which always
    /// comes while the transition starts; a new appearance of the screen clears it too.
    @exclusivity(unchecked) var _disappearsLaterIn: ObjectIdentifier?
    /// Whether a transition sending its will-calls takes this screen off screen later (``_disappearsLaterIn``).
    var _disappearsLater: Bool { _disappearsLaterIn != nil }

    /// Set while this screen appears and its view has not joined the window yet.
    ///
    /// From its viewWillAppear until it has forwarded the appearance to its children (their viewWillAppear run before
    /// the container's view joins the window, with theirs), as in UIKit. Not for a disappearance turned around (a
    /// cancelled interactive pop), whose view never left.
    @exclusivity(unchecked) var _isViewJoiningWindow = false

    /// Set while the host completes this screen's appearance only because the screen must disappear before it
    /// completed (``Screen/viewDidAppear(_:)``, its own and its children's, then only balances their viewWillAppear;
    /// UIKit sends none there).
    @exclusivity(unchecked) var _isEndingAppearanceToLeave = false

    /// Where the screen is in an appearance transition; drives which calls it may receive.
    @exclusivity(unchecked) var _appearance: _AppearanceState = .disappeared
    /// The `animated` flag of the will-call that began the screen's last appearance transition, which its did-call
    /// gets too, as UIKit's `endAppearanceTransition()` reuses the flag of `beginAppearanceTransition(_:animated:)`:
    /// also when the did-call comes early, to balance the will-call (the screen leaves or comes back meanwhile).
    @exclusivity(unchecked) var _isTransitionAnimated = false
    /// Whether the observers are owed the end of this screen's appearance: from its viewDidAppear until the
    /// `didEnd(.appear)` that follows it, which comes before a disappearance that the app's code in viewDidAppear
    /// begins, so that observers see the appearance end before the disappearance begins.
    @exclusivity(unchecked) var _owesAppearanceEnd = false

    /// Why the screen would appear or disappear now: it joins or leaves a container, it is presented or dismissed.
    @exclusivity(unchecked) var _pendingCauses: _AppearanceCauses = []

    /// The swipe-down dismissal of this presented screen in progress (``beginInteractiveDismissal(completion:)``), if
    /// any; held until it ends.
    @exclusivity(unchecked) public internal(set) var interactiveDismissal: InteractiveDismissal?

    /// The `animated` argument of the screen's last `willPop(animated:)`, which its `didPop(animated:)` repeats when
    /// its pop ends early (``removeFromParent()`` while the pop's transition waits).
    @exclusivity(unchecked) var _lastWillPopAnimated = false

    /// Why the screen appears or disappears in its current appearance transition (``isMovingToParent`` and siblings).
    @exclusivity(unchecked) var _currentCauses: _AppearanceCauses = []

    /// The navigation-bar and status-bar state the host keeps on the screen.
    @exclusivity(unchecked) var _chrome = _ScreenChrome()

    /// The statistics and leak-detection settings of the screen.
    @exclusivity(unchecked) var _diagnostics = _ScreenDiagnostics()

    /// The window the screen began to appear in, until it disappeared, while some window has observers: the events of
    /// the appearance report there, also once the host took the screen out (see `Screen+WindowObservers.swift`).
    @exclusivity(unchecked) weak var _observedWindow: Window?

    /// Whether ``_observedWindow`` was set during the current appearance: one byte to test where no window has
    /// observers, so that forgetting it when the appearance ends costs no weak load then.
    @exclusivity(unchecked) var _remembersObservedWindow = false

    /// The window the screen began to leave its container in, until it left.
    @exclusivity(unchecked) weak var _departureWindow: Window?

    /// The window that heard the screen's `willMove(toParent:)` to a container, while some window had observers, for
    /// the `didMove(toParent:)` that ends the join; `nil` also when it was outside every window.
    @exclusivity(unchecked) weak var _joinWindow: Window?

    /// Whether ``_joinWindow`` was set for the join in progress: one byte to test where no window has observers.
    @exclusivity(unchecked) var _remembersJoinWindow = false

    /// Creates a screen.
    ///
    /// - Parameter title: The screen's title.
    public init(title: String? = nil) {
        self.title = title
    }

    deinit {
        // Children that outlive this screen (held elsewhere) no longer have a parent: their `parent` reads `nil`.
        let identifier = ObjectIdentifier(self)
        for child in children where child._parentIdentifier == identifier {
            child._parentIdentifier = nil
        }
        // The sheet it presents is being swiped down: the sheet and its dismissal hold each other, and nothing could
        // end the swipe once its presenter is gone (the transitions queued behind it would wait for good), as a
        // navigation controller's deinit cancels its interactive pop.
        _presented?.interactiveDismissal?.cancel()
    }

    /// Whether the screen is appearing or on screen (``ScreenVisibleState/isAppearing``).
    public var isAppearing: Bool { visibleState.isAppearing }

    /// The screen's view, loading it first if needed (``loadView()`` then ``viewDidLoad()``, once).
    public var view: ScreenView {
        loadViewIfNeeded()
        return _view ?? ScreenView(screen: self)
    }

    /// Sets the view; call it from an override of ``loadView()``.
    public func setView(_ view: ScreenView) {
        _view = view
    }

    /// The window the screen is in: through its parents and presenters, the window whose root it
    /// descends from.
    ///
    /// The hierarchy's answer, which changes when a request is made: a screen covered by a push is still in its
    /// window, and a dismissed one is out of it at once; a popped one once it gets its `didMove(toParent: nil)` (the
    /// window's observers hear of it and of its children until then, although its navigation controller unlinks it
    /// when the transition starts: see ``parent``). Whether the screen's *view* is in a window, as UIKit's
    /// `view.window` tells, is ``ScreenView/window``: `nil` for the covered screen, and set for the leaving one until
    /// its transition ends.
    public var window: Window? {
        var screen = self
        while true {
            if let parent = screen._hierarchyParent {
                screen = parent
            } else if let presenter = screen._presenter {
                screen = presenter
            } else {
                return screen._window
            }
        }
    }

    // MARK: - Lifecycle methods to override

    /// Creates the screen's view.
    ///
    /// The default creates an empty ``ScreenView``; an override calls ``setView(_:)`` (a view is created anyway if it
    /// does not).
    open func loadView() {
        setView(ScreenView(screen: self))
    }

    /// Called once, after the view loaded.
    open func viewDidLoad() {}

    /// Called before the screen appears.
    open func viewWillAppear(_ animated: Bool) {}

    /// Called once per appearance, between ``viewWillAppear(_:)`` and ``viewDidAppear(_:)``, once the view is in its
    /// window: the place for work that needs the screen's final traits and geometry (UIKit's `viewIsAppearing(_:)`).
    ///
    /// An animated transition calls it for its appearing screens, parent first, once all its will-calls (and a
    /// navigation controller's `willShow`) ran, before the transition animates: in a push, before the old top's
    /// `viewDidDisappear`. Otherwise (a transition without animation, a child added on screen, a cancelled pop's
    /// popping screen) it comes right before the screen's `viewDidAppear`; and a screen whose appearance turns into a
    /// disappearance before it appeared (the revealed screen of a cancelled pop) gets it before its
    /// `viewWillDisappear`. Like the other methods, it runs through a hook point, ``viewIsAppearing``; an interactive
    /// pop or swipe ended from inside it ends once it returned, as from inside a will-call.
    ///
    /// ```swift
    /// override func viewIsAppearing(_ animated: Bool) {
    ///     layoutForCurrentWidth()
    /// }
    /// ```
    open func viewIsAppearing(_ animated: Bool) {}

    /// Called after the screen appeared.
    open func viewDidAppear(_ animated: Bool) {}

    /// Called before the screen disappears.
    open func viewWillDisappear(_ animated: Bool) {}

    /// Called after the screen disappeared.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Called before the screen is added to a container (`parent` non-`nil`) or removed from it
    /// (`parent == nil`).
    open func willMove(toParent parent: Screen?) {}

    /// Called after the screen was added to a container (`parent` non-`nil`) or removed from it.
    open func didMove(toParent parent: Screen?) {}

    /// Called before the screen leaves a navigation stack through `pop`, `popTo`, `popToRoot`,
    /// `setViewControllers`, or when an interactive pop begins; if the pop is cancelled the screen returns to the
    /// stack and gets no ``didPop(animated:)`` (QMUI's `willPopInNavigationController`).
    open func willPop(animated: Bool) {}

    /// Called after the screen left a navigation stack, once it has disappeared (the transition's or the interactive
    /// pop's `viewDidDisappear`), before the new top's `viewDidAppear`.
    ///
    /// Comes before `didMove(toParent: nil)`: the screen is no longer in the stack, but its ``navigationController``
    /// is still set, as in QMUI's `didPopInNavigationControllerWithAnimated:` (which QMUI sends as the pop starts;
    /// here it comes once the screen has disappeared, so never for a cancelled gesture). Inside it,
    /// ``removeFromParent()`` does nothing: the screen leaves its controller right after; pushing, presenting or
    /// adding it elsewhere from here throws ``LifecycleError/Code-swift.struct/alreadyAttached`` (do it after, in the
    /// pop's completion).
    open func didPop(animated: Bool) {}

    /// Called when ``NavigationController/setViewControllers(_:animated:completion:)`` keeps this screen on top of
    /// its stack, once the stack has changed (QMUI's `viewControllerKeepingAppearWhenSetViewControllersWithAnimated:`).
    ///
    /// Such a change sends the top screen no appearance call, so this is the moment to update what it shows from the
    /// new stack (a back button's title, a step counter). It comes with the request, after the calls of the screens
    /// that leave and join, once the change's transition is queued and before that transition starts, so the request's
    /// completion comes after it. It comes whether the controller is on screen or not, and also when the stack does not
    /// change. A request to change the stack from here queues behind the change (in no window, where each transition
    /// runs at once, the request's transition runs first). As any queued transition, the change's decides what appears
    /// when it starts, so it carries out the request's change with its own `animated`: a push from here after
    /// `setViewControllers(_:animated: false)` shows the pushed screen without animation, and its didMove(toParent:)
    /// and completion come after the change's completion (see "Queued transitions" in <doc:TheNavigationHost>). To push
    /// with animation, push from the change's completion. Not sent when ``removeFromParent()`` takes a screen out from
    /// below the top. Like ``willPop(animated:)`` and ``didPop(animated:)``, it is not a ``LifecycleCall``: global
    /// lifecycle hooks and observers do not hear of it; hook ``Screen/didStayOnTop`` instead.
    ///
    /// ```swift
    /// final class CheckoutScreen: Screen {
    ///     override func didStayOnTop(animated: Bool) {
    ///         stepLabel = "Step \(navigationController?.viewControllers.count ?? 1)"
    ///     }
    /// }
    /// ```
    open func didStayOnTop(animated: Bool) {}

    /// Whether the user may pop this screen, asked when the back button or the pop gesture starts a pop (RR's
    /// `viewControllerShouldDismiss`, PopInterrupter's `isPopEnabled`).
    ///
    /// Programmatic pops are not asked. The default allows it.
    ///
    /// - Parameter trigger: What started the pop.
    open func shouldPop(trigger: PopTrigger) -> Bool { true }

    // MARK: - Interactive dismissal (a sheet swiped down)

    /// Whether the user may not dismiss this presented screen by swiping its sheet down (UIKit's
    /// `isModalInPresentation`).
    ///
    /// Read when an interactive dismissal begins (``beginInteractiveDismissal(completion:)``): the swipe is refused,
    /// and the screen gets ``presentationDidAttemptToDismiss()``. For a presented navigation controller, its top
    /// screen's value counts too, as in Apple's sample that sets it on the screen being edited. Programmatic
    /// dismissals ignore it.
    ///
    /// ```swift
    /// final class EditScreen: Screen {
    ///     var hasChanges = false { didSet { isModalInPresentation = hasChanges } }
    /// }
    /// ```
    open var isModalInPresentation = false

    /// Whether the user may dismiss this presented screen by swiping its sheet down (UIKit's
    /// `presentationControllerShouldDismiss(_:)`), asked when an interactive dismissal begins and the screen is not
    /// ``isModalInPresentation``.
    ///
    /// Programmatic dismissals are not asked. The default allows it. Refusing sends
    /// ``presentationDidAttemptToDismiss()``.
    open func presentationShouldDismiss() -> Bool { true }

    /// Called when an interactive dismissal of this screen begins, before its `viewWillDisappear` (UIKit's
    /// `presentationControllerWillDismiss(_:)`).
    ///
    /// Not balanced when the user cancels: the screen then appears again without ``presentationDidDismiss()``.
    open func presentationWillDismiss() {}

    /// Called after an interactive dismissal of this screen completed, after its `viewDidDisappear` (UIKit's
    /// `presentationControllerDidDismiss(_:)`).
    ///
    /// Not called for programmatic dismissals, nor for a swipe the user cancelled.
    open func presentationDidDismiss() {}

    /// Called when the user tried to dismiss this screen by swiping and was refused, because the screen is
    /// ``isModalInPresentation`` or ``presentationShouldDismiss()`` returned `false` (UIKit's
    /// `presentationControllerDidAttemptToDismiss(_:)`).
    ///
    /// UIKit sends it once the finger lifts from a sheet pulled far enough; here it comes when
    /// ``beginInteractiveDismissal(completion:)`` is refused for either reason, before the error is thrown.
    open func presentationDidAttemptToDismiss() {}

    // MARK: - Appearance preferences to override

    /// Whether the navigation bar is hidden while this screen is on top; `nil` (the default) defers to the
    /// navigation controller, the global appearance, then visible.
    ///
    /// Read through the ``Screen/prefersNavigationBarHidden-swift.type.property`` hook point; see
    /// ``Screen/resolvedNavigationBarAppearance``.
    open var prefersNavigationBarHidden: Bool? { nil }

    /// Whether the navigation bar is transparent while this screen is on top; `nil` (the default) defers.
    open var prefersNavigationBarTransparent: Bool? { nil }

    /// The navigation bar's background color while this screen is on top; `nil` (the default) defers.
    open var preferredNavigationBarColor: RGBAColor? { nil }

    /// The color of the navigation bar's items while this screen is on top; `nil` (the default) defers.
    open var preferredNavigationItemColor: RGBAColor? { nil }

    /// The name of the navigation bar's background image while this screen is on top; `nil` (the default) defers.
    open var preferredNavigationBarBackgroundImage: String? { nil }

    /// The name of the navigation bar's shadow image while this screen is on top; `nil` (the default) defers.
    open var preferredNavigationBarShadowImage: String? { nil }

    /// How the navigation bar draws its title while this screen is on top; `nil` (the default) defers.
    open var preferredNavigationTitleTextAttributes: TitleTextAttributes? { nil }

    /// The navigation bar's style while this screen is on top; `nil` (the default) defers.
    open var preferredNavigationBarStyle: NavigationBarStyle? { nil }

    /// Whether this screen wants the status bar hidden when it decides it; `false` by default.
    ///
    /// Read through the ``Screen/prefersStatusBarHidden-swift.type.property`` hook point; see
    /// ``Window/statusBar``. Call ``setNeedsStatusBarAppearanceUpdate()`` when the answer changes.
    ///
    /// This property is the screen's own answer, the body of the hook point: the point's overrides (including
    /// ``overrideParentStatusBarHidden(_:)``) change what the window uses, not what this property returns.
    open var prefersStatusBarHidden: Bool { false }

    /// The status-bar style this screen wants when it decides it; ``StatusBarStyle/default`` by default.
    open var preferredStatusBarStyle: StatusBarStyle { .default }

    /// The child that decides the status bar's visibility in this screen's place; `nil` (the default) for
    /// this screen itself.
    ///
    /// Only a screen this one contains now counts, a child or a child's descendant (a tab container may name the top
    /// screen of the navigation controller in its selected tab, as in UIKit), also through a current-context
    /// presentation that appears in the place of this screen or of a screen inside it, and a screen a pop is taking
    /// out of it until the pop's transition ends: one that is no longer inside this screen, or one presented
    /// otherwise, is ignored. A ``NavigationController`` answers its top screen.
    open var childForStatusBarHidden: Screen? { nil }

    /// The child that decides the status bar's style in this screen's place; `nil` (the default) for this
    /// screen itself.
    ///
    /// Only a screen this one contains now counts, as for ``childForStatusBarHidden-swift.property``. A
    /// ``NavigationController`` answers its top screen only while its navigation bar is hidden, as UIKit's does:
    /// under a visible bar, the bar's style decides.
    open var childForStatusBarStyle: Screen? { nil }

    /// The children that appear and disappear with this screen.
    ///
    /// A plain container forwards appearance to every child; a ``NavigationController`` only to its top screen.
    /// Override it for a container that shows only some of its children. Only current children count: a screen the list
    /// names that is not a child of this screen (one removed since, say) neither appears nor loads with it. The host
    /// reads the list when a child is added, when this screen appears or disappears, and when a transition inside it
    /// ends (a current-context presentation or dismissal over one of its children brings every child on screen in line
    /// with the list then). Changing the answer while this screen is on screen, call ``updateShownChildren()``, as a
    /// tab container switching tabs does. The children that appeared with this screen disappear with it, whatever the
    /// list says by then.
    ///
    /// Its order is the order of the calls: a will-call or did-call of this screen reaches the children in the list's
    /// order (a child's current-context presentation in that child's place), whichever child came on screen last, as
    /// UIKit's view controller forwards its calls in the order of its `childViewControllers`; children still on screen
    /// that the list no longer names come after.
    open var childrenForAppearanceForwarding: [Screen] { children }
}
