/// Navigation from a screen's point of view.
extension Screen {
    /// ``navigationController``, or for a screen that its navigation controller unlinked while it leaves (and for the
    /// screens inside it), that controller (``Screen/_hierarchyParent``).
    var _hierarchyNavigationController: NavigationController? {
        _nearestNavigationController { $0._hierarchyParent }
    }

    /// The first navigation controller among the screens that `step` leads to from this screen, one step at a time.
    private func _nearestNavigationController(_ step: (Screen) -> Screen?) -> NavigationController? {
        var screen = step(self)
        while let current = screen {
            if let navigation = current as? NavigationController { return navigation }
            screen = step(current)
        }
        return nil
    }

    /// The nearest navigation controller among this screen's ancestors.
    ///
    /// `nil` for a popped screen from its pop's transition start (once its `viewWillDisappear` ran) to its
    /// `didMove(toParent: nil)`, as in UIKit, whose controller removes the popped child then: set in its
    /// `viewWillDisappear`, `nil` in the `viewDidDisappear` of that transition; set again in its
    /// ``Screen/didPop(animated:)``, as in QMUI's. During an interactive pop it is `nil` while the finger moves. (A
    /// screen that an earlier transition still takes off screen when it is popped, say a pop queued behind the push
    /// that covers it, disappears in that transition, before the pop's starts: it still has its parent then.)
    public var navigationController: NavigationController? {
        _nearestNavigationController { $0.parent }
    }

    /// Leaves this screen the way the user expects (RR's `dismissView`): pops back to the screen
    /// below it if it (or the ancestor that is in the stack) is above another screen in a
    /// navigation stack; otherwise dismisses it if it is presented (or is in a presented
    /// container); otherwise does nothing.
    ///
    /// ```swift
    /// detail.dismissScreen()   // pops to the screen below detail, or dismisses detail's sheet
    /// ```
    ///
    /// From the top screen this is ``NavigationController/pop(animated:completion:)`` (the screen leaves with
    /// ``LeaveReason/pop``, as with the back button); from a screen further down,
    /// ``NavigationController/popTo(_:animated:completion:)``. While the navigation controller is in an interactive
    /// pop, it does nothing for the screens of its stack and the screen being popped: the gesture decides. It does
    /// nothing either for a screen already popped whose transition has not completed (a second tap), nor for a screen
    /// of a stack whose change is calling the app's code (from a willPop, willMove, didPop or didMove of that change,
    /// or an observer's join of a screen that a `setViewControllers` adds below its new top).
    ///
    /// A presented screen that presents another is dismissed together with what it presents: the screen itself goes.
    /// (RR's `dismissView` calls UIKit's `dismiss` on the screen, which then dismisses only what the screen presents
    /// and keeps the screen, as ``dismiss(animated:completion:)`` does here.)
    ///
    /// - Parameters:
    ///   - animated: Whether the transition animates.
    ///   - completion: Runs exactly once: after the pop or the dismissal, or at once when
    ///     nothing was done.
    /// - Returns: What was done.
    @discardableResult
    public func dismissScreen(animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil) -> DismissAction
    {
        if let navigation = _hierarchyNavigationController {
            var entry: Screen = self
            while let parent = entry._hierarchyParent, parent !== navigation {
                entry = parent
            }
            // A screen of the controller that is not in its stack is on its way out (popped, its transition or its
            // didPop pending, or taken by the gesture; a child, or unlinked once its transition started); during an
            // interactive pop the gesture decides. Either way a second tap must not dismiss what holds it.
            guard let index = navigation.viewControllers.firstIndex(where: { $0 === entry }),
                !navigation._isInInteractivePop
            else {
                completion?(.completed)
                return .nothing
            }
            if index > 0 {
                do {
                    if index == navigation.viewControllers.count - 1 {
                        try navigation.pop(animated: animated, completion: completion)
                    } else {
                        try navigation.popTo(
                            navigation.viewControllers[index - 1], animated: animated, completion: completion)
                    }
                    return .popped
                } catch {
                    // Refused inside a change of the same stack (from one of its willPop, willMove, didPop, didMove
                    // or joins): nothing to do, as for a screen on its way out. (An interactive pop in progress was
                    // answered above.)
                    completion?(.completed)
                    return .nothing
                }
            }
        }
        // A sheet the user is swiping down is not dismissed (the gesture decides): nothing.
        if let target = _presentedAncestor {
            return _dismiss(target, animated: animated, completion: completion) ? .dismissed : .nothing
        }
        completion?(.completed)
        return .nothing
    }
}
