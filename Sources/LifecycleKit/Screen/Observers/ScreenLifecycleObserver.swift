/// An object that follows the lifecycle of screens: their lifecycle methods and phases, the hierarchy, interactive
/// pops, the application's background and foreground, and visible-state changes.
///
/// It is LifecycleKit's `Application.ActivityLifecycleCallbacks`: implement the callbacks you need (every one has a
/// default that does nothing) and register the observer for one window or for every window.
///
/// ```swift
/// final class PageLog: ScreenLifecycleObserver, Sendable {
///     func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
///         if phase == .appear { print("enter", screen.title ?? "") }
///     }
///
///     func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {
///         if phase == .disappear { print("leave", screen.title ?? "") }
///     }
/// }
///
/// window.addObserver(PageLog())                                                   // this window's screens
/// let token = try Lifecycle.addObserver(PageLog(), scope: .type(ProductScreen.self))  // product screens, everywhere
/// ```
///
/// ## Registering
///
/// - ``Window/addObserver(_:priority:)`` attaches an observer to one window: it sees that window's screens and
///   application events, on the window's thread. The window calls it itself, like its other host work: switching
///   hooks off (`Hooks.isEnabled = false`) does not stop it. ``ScreenStatistics`` and ``LeakDetector`` are such
///   observers.
/// - ``Lifecycle/addObserver(_:scope:priority:label:)`` registers an observer for every window, for a screen type
///   and its subtypes, an exact type, or one screen (HookKit's scopes), with a priority, and returns a `HookToken`.
///   The registration is a HookKit hook, so it may be called on every thread that drives screens (the observer
///   must be `Sendable`) and it is switched off with every other hook by `Hooks.isEnabled = false`.
///
/// Both hold the observer strongly, until it is removed or its token cancelled: see <doc:WritingALifecycleObserver>.
///
/// ## When each callback runs
///
/// - *Will* callbacks (``screen(_:willRun:)``, ``screen(_:willBegin:animated:)``) run before the method
///   and before every hook on it; *did* callbacks run after the method and after every hook on it, so they see what
///   the method and the hooks did.
/// - A phase begins just before its first method's ``screen(_:willRun:)`` and ends just after its last
///   method's ``screen(_:didRun:)`` (``LifecyclePhase/appear`` begins before `viewWillAppear` and ends after
///   `viewDidAppear`). A phase can begin and not end: a cancelled interactive pop makes the revealed screen begin
///   to appear, then disappear, and the popping screen begin to disappear, then appear again; a cancelled sheet swipe
///   does the same to the sheet (as UIKit's calls do: a `viewWillDisappear` with no `viewDidDisappear`). Likewise
///   the popping screen gets `willMove(toParent: nil)` when the gesture begins and no `didMove(toParent: nil)` if it
///   is cancelled: it is a child of the navigation controller again.
/// - Observers of one event run in HookKit's order contract: *will* callbacks from the most general registration to
///   the most specific (global registrations by scope level, then the window's observers), higher priority first,
///   then oldest first; *did* callbacks in exactly the reverse order.
///
/// The callbacks run on the thread that drives the screen's host. An observer may drive the host from a callback
/// (push, present, dismiss); a registration added or removed from a callback takes effect from the next callback.
public protocol ScreenLifecycleObserver: AnyObject {
    /// Called before a lifecycle method runs: before its hooks and the screen's own implementation.
    ///
    /// - Parameters:
    ///   - screen: The screen whose method runs.
    ///   - call: The method, with its argument.
    func screen(_ screen: Screen, willRun call: LifecycleCall)

    /// Called after a lifecycle method ran, with its hooks; ``Screen/visibleState`` is already updated.
    ///
    /// - Parameters:
    ///   - screen: The screen whose method ran.
    ///   - call: The method, with its argument.
    func screen(_ screen: Screen, didRun call: LifecycleCall)

    /// Called when a phase begins: before its first method (`loadView`, `viewWillAppear`, `viewWillDisappear`).
    ///
    /// - Parameters:
    ///   - screen: The screen.
    ///   - phase: The phase that begins.
    ///   - animated: Whether the transition animates; `false` for ``LifecyclePhase/load``.
    func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool)

    /// Called when a phase ended: after its last method (`viewDidLoad`, `viewDidAppear`, `viewDidDisappear`).
    ///
    /// - Parameters:
    ///   - screen: The screen.
    ///   - phase: The phase that ended.
    ///   - animated: Whether the transition animated; `false` for ``LifecyclePhase/load``.
    func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool)

    /// Called when a detached screen joined a hierarchy: pushed, set in a stack, presented, added as a child, made the
    /// root of a navigation controller or of a window.
    ///
    /// It is called when the structure changes, before the screen's appearance calls (joining a container, after its
    /// `willMove(toParent:)` and before its `didMove(toParent:)`, which for a new screen below the top of a
    /// `setViewControllers` follows at once); ``Screen/parent``,
    /// ``Screen/presentingScreen`` and ``Screen/window`` say where it is. The screens a joining container holds do not
    /// join on their own, except those it adds during its own `willMove(toParent:)` (it is linked in then, as in
    /// UIKit): each of those joins first, then the container.
    ///
    /// - Parameter screen: The screen that joined.
    func screenDidJoinHierarchy(_ screen: Screen)

    /// Called when a screen left the hierarchy (it no longer has a parent, a presenter or a window), once the
    /// transition that removed it took it off screen (a popped screen, or the old top that a `setViewControllers`
    /// drops, before the new top's `viewDidAppear`, one below the old top with the request, others after their
    /// transition's did-calls).
    ///
    /// The screens a leaving container holds do not leave on their own.
    ///
    /// - Parameters:
    ///   - screen: The screen that left.
    ///   - reason: How it left: popped, dismissed, removed from its container, replaced as a window's root…
    ///   - window: The window it left, if it was in one.
    func screenDidLeaveHierarchy(_ screen: Screen, reason: LeaveReason, window: Window?)

    /// Called when an interactive pop began: the popping screen left the stack (its `willPop` and
    /// `willMove(toParent: nil)` ran), and its `viewWillDisappear` and the revealed screen's `viewWillAppear` ran.
    ///
    /// A registration scoped to screens sees the pops whose ``InteractivePopEvent/poppingScreen`` is in its scope.
    ///
    /// - Parameters:
    ///   - navigationController: The navigation controller being popped.
    ///   - event: The pop, with its ``InteractivePopEvent/Phase/began`` phase.
    func navigationController(
        _ navigationController: NavigationController, interactivePopDidBegin event: InteractivePopEvent)

    /// Called when an interactive pop ended, finished or cancelled (``InteractivePopEvent/isCancelled``), after the
    /// screens' last appearance calls.
    ///
    /// - Parameters:
    ///   - navigationController: The navigation controller that was popped.
    ///   - event: The pop, with its ``InteractivePopEvent/Phase/finished`` or ``InteractivePopEvent/Phase/cancelled``
    ///     phase.
    func navigationController(
        _ navigationController: NavigationController, interactivePopDidEnd event: InteractivePopEvent)

    /// Called when a window's application entered the background (``Window/enterBackground()``).
    ///
    /// Global registrations receive it only when they observe every screen (`.all`, or `.type(Screen.self)`).
    ///
    /// - Parameter window: The window, whose ``Window/applicationState`` is ``ApplicationState/background``.
    func windowDidEnterBackground(_ window: Window)

    /// Called when a window's application is back in the foreground (``Window/enterForeground()``).
    ///
    /// Global registrations receive it only when they observe every screen (`.all`, or `.type(Screen.self)`).
    ///
    /// - Parameter window: The window, whose ``Window/applicationState`` is ``ApplicationState/active`` again.
    func windowDidEnterForeground(_ window: Window)

    /// Called after a screen's ``Screen/visibleState`` changed.
    ///
    /// The state changes while a lifecycle method runs (when the method returns, before the method's after hooks; when
    /// an override skipped the method, at the first of ``Lifecycle``'s after hooks, else when the call returns), so
    /// this callback comes between the method's ``screen(_:willRun:)`` and ``screen(_:didRun:)``.
    ///
    /// - Parameters:
    ///   - screen: The screen.
    ///   - change: The old and the new state.
    func screen(_ screen: Screen, visibleStateDidChange change: VisibleStateChange)
}
