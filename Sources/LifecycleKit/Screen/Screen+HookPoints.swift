import HookKit

/// The hook points of a screen's lifecycle: hook every screen, a screen type and its subtypes,
/// one exact type, or one screen, without subclassing.
///
/// ```swift
/// try Screen.viewDidAppear.after(.type(ProductScreen.self)) { screen, animated, _ in
///     analytics.pageEnter(screen.title)
/// }
/// try Screen.prefersStatusBarHidden.override(.instance(player)) { _ in { _, _ in true } }
/// ```
///
/// For the common case of one hook on one method or phase, ``Lifecycle/hook(_:_:scope:priority:label:once:_:)``
/// is shorter.
extension Screen {
    /// `loadView()`.
    public static let loadView = HookPoint<Screen, Void, Void>("Screen.loadView")
    /// `viewDidLoad()`.
    public static let viewDidLoad = HookPoint<Screen, Void, Void>("Screen.viewDidLoad")
    /// `viewWillAppear(_:)`; the argument is `animated`.
    public static let viewWillAppear = HookPoint<Screen, Bool, Void>("Screen.viewWillAppear")
    /// `viewIsAppearing(_:)`; the argument is `animated`.
    public static let viewIsAppearing = HookPoint<Screen, Bool, Void>("Screen.viewIsAppearing")
    /// `viewDidAppear(_:)`; the argument is `animated`.
    public static let viewDidAppear = HookPoint<Screen, Bool, Void>("Screen.viewDidAppear")
    /// `viewWillDisappear(_:)`; the argument is `animated`.
    public static let viewWillDisappear = HookPoint<Screen, Bool, Void>("Screen.viewWillDisappear")
    /// `viewDidDisappear(_:)`; the argument is `animated`.
    public static let viewDidDisappear = HookPoint<Screen, Bool, Void>("Screen.viewDidDisappear")
    /// `willMove(toParent:)`; the argument is the new parent, `nil` when leaving.
    public static let willMove = HookPoint<Screen, Screen?, Void>("Screen.willMove(toParent:)")
    /// `didMove(toParent:)`; the argument is the new parent, `nil` after leaving.
    public static let didMove = HookPoint<Screen, Screen?, Void>("Screen.didMove(toParent:)")
    /// `willPop(animated:)`.
    public static let willPop = HookPoint<Screen, Bool, Void>("Screen.willPop(animated:)")
    /// `didPop(animated:)`.
    public static let didPop = HookPoint<Screen, Bool, Void>("Screen.didPop(animated:)")
    /// `didStayOnTop(animated:)`.
    public static let didStayOnTop = HookPoint<Screen, Bool, Void>("Screen.didStayOnTop(animated:)")
    /// `shouldPop(trigger:)`: override it per type or per instance to refuse user pops.
    public static let shouldPop = HookPoint<Screen, PopTrigger, Bool>("Screen.shouldPop(trigger:)")
    /// Called after ``Screen/visibleState`` changed, with the old and new state.
    public static let visibleStateDidChange = HookPoint<Screen, VisibleStateChange, Void>(
        "Screen.visibleStateDidChange")
}

extension Screen {
    /// Called when a screen has left the hierarchy (it no longer has a parent, a presenter or a window), once the
    /// transition that removed it took it off screen, with how it left: a popped screen (or the old top that a
    /// `setViewControllers` drops) leaves right after its didMove(toParent: nil), before the new top's `viewDidAppear`
    /// (a screen below the old top, which no transition shows, with the request); the others once their transition's
    /// did-calls ran.
    ///
    /// Only the screen that was taken out leaves: the screens it contains keep their parent, and what it presents
    /// stays presented by it after a pop or a removal (a screen presented over the current context of a popped screen,
    /// as in UIKit), so none of them is reported. A dismissal and a replacement of the window's root unlink what the
    /// screen presents, and each of those screens leaves too, the top-most first.
    ///
    /// Lifecycle observers hear of it too (``ScreenLifecycleObserver/screenDidLeaveHierarchy(_:reason:window:)``),
    /// which is how the leak detector tracks screens.
    public static let didLeaveHierarchy = HookPoint<Screen, LeaveReason, Void>("Screen.didLeaveHierarchy")
}
