/// Why the screen appears or disappears (UIKit's `isMovingToParent`, `isMovingFromParent`, `isBeingPresented` and
/// `isBeingDismissed`), for use in the appearance methods.
///
/// ```swift
/// override func viewWillDisappear(_ animated: Bool) {
///     if isMovingFromParent || isBeingDismissed {
///         saveDraft()   // leaving (popped, removed, dismissed), not covered by another screen; an interactive
///                       // pop sets it from the gesture's start, as in UIKit, even if the user cancels
///     }
/// }
/// ```
///
/// Each is `true` only during the matching appearance transition, from the will-call to the did-call, as in UIKit,
/// and still in the did-calls the screen forwards to its children: a child's `viewDidDisappear` can ask
/// `parent?.isMovingFromParent`.
extension Screen {
    /// Whether the screen appears because it is being added to a container: pushed on a navigation controller,
    /// added by ``NavigationController/setViewControllers(_:animated:completion:)``, or added with
    /// ``addChild(_:)``.
    ///
    /// `true` from its `viewWillAppear` to its `viewDidAppear` in the transition that adds it; `false` otherwise
    /// (when it appears again later, after a pop back to it, or with its container). A screen that joined a
    /// navigation stack while the controller was off screen, such as the root given to
    /// ``NavigationController/init(rootScreen:title:)``, is still moving to it in its first appearance, as in UIKit,
    /// whose navigation controller defers that transition until it appears: its `didMove(toParent:)` follows that
    /// appearance's `viewDidAppear`.
    public var isMovingToParent: Bool { _currentCauses.contains(.movingToParent) }

    /// Whether the screen disappears because it is being removed from its container: popped, dropped by
    /// ``NavigationController/setViewControllers(_:animated:completion:)``, or removed with ``removeFromParent()``.
    ///
    /// `true` from its `viewWillDisappear` to its `viewDidDisappear` in the transition that removes it. For an
    /// interactive pop, `true` for the popping screen from the beginning of the gesture until it finishes or is
    /// cancelled.
    public var isMovingFromParent: Bool { _currentCauses.contains(.movingFromParent) }

    /// Whether the screen appears because it is being presented (``present(_:style:animated:completion:)``).
    ///
    /// `true` from its `viewWillAppear` to its `viewDidAppear` in the presentation's transition; `false` for the
    /// screens inside a presented container, and for the presenter.
    public var isBeingPresented: Bool { _currentCauses.contains(.beingPresented) }

    /// Whether the screen disappears because it is being dismissed (``dismiss(animated:completion:)``), with the
    /// screens presented above it.
    ///
    /// `true` from its `viewWillDisappear` to its `viewDidDisappear` in the dismissal's transition; `false` for the
    /// screens inside a dismissed container, and for the presenter. A screen in the middle of a dismissed chain of
    /// full-screen presentations, covered by the one above, gets no call and reads `false` (UIKit uncovers it on the
    /// way, and its viewWillDisappear reads `true`).
    public var isBeingDismissed: Bool { _currentCauses.contains(.beingDismissed) }

    /// Forgets that the screen is leaving its container: an interactive pop that took it out of the stack ended
    /// without taking it out of its parent (cancelled, or its navigation controller went away).
    func _forgetMovingFromParent() {
        _pendingCauses.remove(.movingFromParent)
        _currentCauses.remove(.movingFromParent)
    }
}
