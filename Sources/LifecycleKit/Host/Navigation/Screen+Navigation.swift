/// Navigation from a screen's point of view.
extension Screen {
    /// The nearest navigation controller among this screen's ancestors.
    public var navigationController: NavigationController? {
        var screen = parent
        while let current = screen {
            if let navigation = current as? NavigationController { return navigation }
            screen = current.parent
        }
        return nil
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
    /// - Parameters:
    ///   - animated: Whether the transition animates.
    ///   - completion: Runs exactly once: after the pop or the dismissal, or at once when
    ///     nothing was done.
    /// - Returns: What was done.
    @discardableResult
    public func dismissScreen(animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil) -> DismissAction
    {
        if let navigation = navigationController {
            var entry: Screen? = self
            while let candidate = entry, candidate.parent !== navigation {
                entry = candidate.parent
            }
            if let entry, let index = navigation.viewControllers.firstIndex(where: { $0 === entry }), index > 0,
                (try? navigation.popTo(
                    navigation.viewControllers[index - 1], animated: animated, completion: completion))
                    != nil
            {
                return .popped
            }
        }
        if let target = _presentedAncestor {
            _dismiss(target, animated: animated, completion: completion)
            return .dismissed
        }
        completion?(.completed)
        return .nothing
    }
}
